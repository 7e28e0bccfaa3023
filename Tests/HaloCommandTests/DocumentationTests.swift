// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloEngine
import HaloTestSupport
import Testing

/// The documentation's code blocks against the program, so usage and documents never drift
/// apart: blocks marked `sh run` are run as written; every `halo` command line anywhere must
/// use a command and options `halo help` knows; packages, scripts, boards, scripts of the
/// control language and the tables of codes and usages must match what the code has.
extension CommandTests {
    struct Block {
        var file: String
        var line: Int
        var info: String
        var text: String
    }

    static let documents =
        ["README.md", "Boards/README.md"]
        + ((try? FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent("docs").path))?.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 } ?? [])

    static func blocks() throws -> [Block] {
        var found: [Block] = []
        for file in documents {
            let text = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
            var current: Block?
            for (k, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if line.hasPrefix("```") {
                    if let b = current {
                        found.append(b)
                        current = nil
                    } else {
                        current = Block(file: file, line: k + 1, info: String(line.dropFirst(3)), text: "")
                    }
                } else if current != nil {
                    current!.text += line + "\n"
                }
            }
        }
        return found
    }

    /// A block's commands, continuation lines joined, comments and blank lines dropped.
    static func commandLines(_ block: Block) -> [String] {
        var out: [String] = []
        var pending = ""
        var inHeredoc: String?
        for raw in block.text.split(separator: "\n") {
            let line = String(raw)
            if let end = inHeredoc {
                if line == end { inHeredoc = nil }
                continue
            }
            if let mark = line.range(of: "<<'") {
                inHeredoc = String(line[mark.upperBound...].prefix { $0 != "'" })
            }
            var code = line
            if let hash = code.range(of: "  #") { code = String(code[..<hash.lowerBound]) }
            if code.hasPrefix("#") { continue }
            pending += code.trimmingCharacters(in: .whitespaces)
            if pending.hasSuffix("\\") {
                pending.removeLast()
                pending += " "
                continue
            }
            if !pending.isEmpty { out.append(pending) }
            pending = ""
        }
        return out
    }

    /// Shell words of `line`, quotes removed; enough for the documents' command lines.
    static func words(_ line: String) -> [String] {
        var out: [String] = [], word = "", quote: Character? = nil, started = false
        for ch in line {
            if let q = quote {
                if ch == q { quote = nil } else { word.append(ch) }
            } else if ch == "\"" || ch == "'" {
                quote = ch
                started = true
            } else if ch == " " {
                if started || !word.isEmpty { out.append(word) }
                word = ""
                started = false
            } else {
                word.append(ch)
            }
        }
        if started || !word.isEmpty { out.append(word) }
        return out
    }

    /// The options `halo help VERB` lists, as `--name`.
    func documentedOptions(_ verb: String) throws -> Set<String> {
        let help = try halo(["help", verb]).out
        return Set(
            help.split(separator: "\n").filter { $0.hasPrefix("  --") }.map { String($0.dropFirst(2).prefix { $0 != " " && $0 != "=" }) })
    }

    @Test("every halo command line in the documents uses a command and options that halo help lists")
    func documentedCommandLines() throws {
        var checked = 0
        for block in try Self.blocks() where block.info.hasPrefix("sh") {
            for line in Self.commandLines(block) {
                for part in line.split(separator: "&&").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                    var w = Self.words(part).drop { $0.contains("=") && !$0.hasPrefix("-") }
                    if w.first == "swift" && w.dropFirst().first == "run" { w = w.dropFirst(2) }
                    guard let program = w.first, program == "halo" || program.hasSuffix("/halo") else { continue }
                    let verb = w.dropFirst().first ?? "help"
                    if verb == "--version" { continue }
                    let known = try documentedOptions(verb)
                    #expect(!known.isEmpty || ["boards", "help"].contains(verb), "\(block.file):\(block.line): no command '\(verb)'")
                    // ctl's words after its options are the command it sends; wrap's after -- the
                    // command it runs.
                    var args = verb == "ctl" ? Array(w.dropFirst(2).prefix { $0.hasPrefix("--") || $0 == "-" }) : Array(w.dropFirst(2))
                    if verb == "wrap" { args = Array(args.prefix { $0 != "--" }) }
                    for a in args where a.hasPrefix("--") && a != "--" {
                        let name = String(a.prefix { $0 != "=" })
                        #expect(known.contains(name), "\(block.file):\(block.line): halo \(verb) has no \(name): \(part)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 20, "found \(checked) halo command lines")
    }

    @Test("the documents' sh run blocks run as written, against the built halo")
    func runnableBlocks() throws {
        let runnable = try Self.blocks().filter { $0.info == "sh run" }
        #expect(runnable.count >= 4)
        for block in runnable {
            let dir = try scratch()
            // Script files the same document shows (a block whose first line is `# NAME.halo`).
            for shown in try Self.blocks() where shown.file == block.file && shown.text.hasPrefix("# ") {
                let name = shown.text.dropFirst(2).prefix { $0 != "\n" }
                if name.hasSuffix(".halo") {
                    try shown.text.write(to: dir.appendingPathComponent(String(name)), atomically: true, encoding: .utf8)
                }
            }
            let bin = Self.binary.deletingLastPathComponent().path
            let script =
                "set -euo pipefail\n"
                + block.text.replacingOccurrences(of: "swift run halo", with: "halo").replacingOccurrences(
                    of: ".build/debug/halo", with: "halo"
                )
                .replacingOccurrences(of: "/tmp/", with: dir.path + "/")
                .split(separator: "\n").filter { $0 != "swift build" }.joined(separator: "\n") + "\n"
            let r = try ChildProcess.run(
                ["/bin/bash", "-c", script],
                environment: ["PATH": "\(bin):/usr/bin:/bin", "HALO_BOARDS": Self.packageRoot.appendingPathComponent("Boards").path],
                directory: dir.path, timeout: 60)
            #expect(r.status == 0, "\(block.file):\(block.line) exited \(r.status): \(r.err)\n\(r.out)")
        }
    }

    @Test("the packages the README's build and test commands install are the ones CI installs; the scripts the documents name exist")
    func documentedPackagesAndScripts() throws {
        // CI's package list is .ci/lib.sh's `ci_packages`, which .ci/run installs.
        let ci = try String(contentsOf: Self.packageRoot.appendingPathComponent(".ci/lib.sh"), encoding: .utf8)
        for block in try Self.blocks() where block.info.hasPrefix("sh") {
            for line in Self.commandLines(block) {
                let w = Self.words(line)
                if block.file == "README.md", let install = w.firstIndex(of: "install"), w.contains("apt-get") {
                    for package in w[(install + 1)...] where !package.hasPrefix("-") {
                        #expect(ci.contains(" \(package)"), "\(block.file):\(block.line): CI does not install \(package)")
                    }
                }
                for word in w where word.hasPrefix(".ci/") {
                    #expect(
                        FileManager.default.isExecutableFile(atPath: Self.packageRoot.appendingPathComponent(word).path),
                        "\(block.file):\(block.line): no script \(word)")
                }
            }
        }
    }

    @Test("the documents' boards load and their scripts of the control language parse")
    func documentedBoardsAndScripts() throws {
        for block in try Self.blocks() {
            if block.info == "yaml" {
                let dir = try scratch()
                let path = dir.appendingPathComponent("doc-board.yaml").path
                try block.text.write(toFile: path, atomically: true, encoding: .utf8)
                let r = try halo(["lint", try script("# nothing\n", in: dir), "--board", path])
                #expect(!r.err.contains("doc-board.yaml:"), "\(block.file):\(block.line): \(r.err)")
            }
            if block.text.hasPrefix("# ") && block.text.split(separator: "\n").first?.hasSuffix(".halo") == true {
                let script = Script(parsing: block.text)
                #expect(script.errors.isEmpty && !script.steps.isEmpty, "\(block.file):\(block.line): \(script.errors)")
            }
        }
    }

    @Test("the README's table of error codes is ControlError.Code, and docs/commands.md lists each command's usage as halo help gives it")
    func documentedCodesAndUsages() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { String($0) }
        for code in ControlError.Code.allCases {
            #expect(rows.contains("| `\(code.rawValue)` | \(code.meaning) |"), "README lacks \(code.rawValue)")
        }
        let commands = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        for verb in Self.commands {
            let usage = try halo(["help", verb]).out.split(separator: "\n").first?.dropFirst("usage: ".count) ?? ""
            #expect(commands.contains("\n\(usage)\n"), "docs/commands.md lacks: \(usage)")
        }
    }
}
