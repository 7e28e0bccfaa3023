// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloMock

/// `halo replay`: runs a timed script on the mock display with a virtual clock and writes the
/// frames asked for. The same script always gives the same bytes. On a board with an LED ring it
/// also writes what the ring shows at each of those times (`ReplayRecords`).
enum ReplayCommand {
    static let usage = "halo replay SCRIPT [--board NAME|PATH] [--at T1,T2,...] [--out DIR]"

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board", "at", "out"], switches: []) } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.count == 1 else { throw CLIError("give exactly one script file; usage: \(usage)", status: 2) }
        let path = args.positional[0]
        // The command line is checked whole before any file is read.
        var times: [Int64] = []
        if let at = args.options["at"] {
            for part in at.split(separator: ",", omittingEmptySubsequences: false) {
                guard let t = Arguments.wholeNumber(part), t <= Script.maximumMilliseconds else {
                    throw CLIError(
                        "--at takes times in whole milliseconds from 0 to \(Script.maximumMilliseconds) (a day) separated by commas, e.g. --at 500,1500; '\(part)' is not one",
                        status: 2)
                }
                times.append(Int64(t))
            }
        }
        let source: String
        do { source = try Files.readText(path) } catch { throw CLIError(error.description) }
        let script = Script(parsing: source)
        let board = try MockSession.loadBoard(args.options["board"])
        if args.options["at"] == nil {
            // Without --at: a frame for each moment the script does something, once it shows.
            times = script.settledFrameTimes(on: try DemoCommand.makeSession(board).engine)
        }
        let ordered = Array(Set(times)).sorted()
        let session = try DemoCommand.makeSession(board)
        let out = args.options["out"] ?? "out/replay"
        do { try Files.makeDirectory(out) } catch { throw CLIError(error.description) }

        var problems: [(Int, String)] = script.errors.map { ($0.line, $0.description) }
        var next = 0
        var written: [String] = []
        var records = ReplayRecords(session)
        func runSteps(through limit: Int64?) {
            while next < script.steps.count, limit.map({ script.steps[next].time.milliseconds <= $0 }) ?? true {
                let step = script.steps[next]
                next += 1
                do {
                    for w in try session.engine.apply(step.command, at: step.time) {
                        Console.error("\(path): line \(step.line): warning: \(w.message)")
                    }
                } catch {
                    problems.append((step.line, "line \(step.line): `\(step.text)`: \(error.message)"))
                }
            }
        }
        for t in ordered {
            runSteps(through: t)
            let file = "\(out)/\(t).png"
            try session.snapshot(at: .milliseconds(t), to: file)
            written.append(file)
            try records.record(at: t)
        }
        let recordNames = try records.write(into: out)
        runSteps(through: nil)
        for (_, message) in problems.sorted(by: { $0.0 < $1.0 }) { Console.error("\(path): \(message)") }
        print(
            "halo replay: \(written.count) frame\(written.count == 1 ? "" : "s") of \(path) on \(board.name) in \(out)/: \((ordered.map { "\($0).png" } + recordNames).joined(separator: ", "))"
        )
        if !problems.isEmpty {
            throw CLIError(
                "\(problems.count) line\(problems.count == 1 ? "" : "s") of \(path) had errors (listed above); the other lines ran")
        }
    }
}
