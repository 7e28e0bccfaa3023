// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// `halo lint`: reports, by line, what in a script goes against the indicator guidelines.
enum LintCommand {
    static let usage = "halo lint SCRIPT [--board NAME|PATH]"

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board"], switches: []) } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.count == 1 else { throw CLIError("give exactly one script file; usage: \(usage)", status: 2) }
        let path = args.positional[0]
        let source: String
        do { source = try Files.readText(path) } catch { throw CLIError(error.description) }
        let script = Script(parsing: source)
        let board = try MockSession.loadBoard(args.options["board"])
        let session = try DemoCommand.makeSession(board)
        let engine = session.engine
        let guidelines = ScriptLint.findings(script) { text, toast in
            engine.lineCount(of: text, toast: toast)
        }
        let findings = (guidelines + ScriptLint.engineFindings(script, on: engine)).sorted {
            ($0.line, $0.rule.rawValue) < ($1.line, $1.rule.rawValue)
        }
        for e in script.errors { Console.error("\(path): \(e.description)") }
        for f in findings { print(LogText.escaped("\(path): \(f.description)")) }
        if !script.errors.isEmpty {
            throw CLIError("\(script.errors.count) line\(script.errors.count == 1 ? "" : "s") could not be parsed (listed above)")
        }
        if !findings.isEmpty { throw CLIError("\(findings.count) finding\(findings.count == 1 ? "" : "s") (listed above)") }
        print("\(path): no findings")
    }
}
