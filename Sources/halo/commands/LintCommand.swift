// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloFreeType

/// `halo lint`: reports, by line, what in a script goes against the indicator guidelines.
enum LintCommand {
    static let usage = "halo lint [SCRIPT] [--board NAME|PATH]"

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board"], switches: []) } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.count <= 1 else { throw CLIError("give one script file at most; usage: \(usage)", status: 2) }
        guard !args.positional.isEmpty || args.options["board"] != nil else {
            throw CLIError("give a script to check, or --board to check a board's theme; usage: \(usage)", status: 2)
        }
        let board = try MockSession.loadBoard(args.options["board"])
        // The board's own findings: colours too close together, timings that flash.
        var count = 0
        if args.options["board"] != nil {
            var found = BoardLint.findings(theme: board.theme, policy: board.policy)
            if let font = try? FreeTypeText(
                fontPath: board.theme.fontPath, fallbacks: board.theme.fallbackFontPaths, language: board.language),
                let lacking = BoardLint.fontFinding(theme: board.theme, fontName: font.path, has: font.hasGlyph)
            {
                found.append(lacking)
            }
            for f in found { print(LogText.escaped("board \(board.name): \(f.description)")) }
            if found.isEmpty && args.positional.isEmpty { print("board \(board.name): no findings") }
            count += found.count
        }
        if let path = args.positional.first { count += try lintScript(path, board) }
        if count > 0 { throw CLIError("\(count) finding\(count == 1 ? "" : "s") (listed above)") }
    }

    /// Prints the script's findings on `board`; returns how many.
    static func lintScript(_ path: String, _ board: Board) throws(CLIError) -> Int {
        let source: String
        do { source = try Files.readText(path) } catch { throw CLIError(error.description) }
        let script = Script(parsing: source)
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
        if findings.isEmpty { print("\(path): no findings") }
        return findings.count
    }
}
