// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloEngine
import HaloTestSupport
import Testing

/// Whether the real programs are there (a constant: Swift 6.0 crashes on some expressions in a trait).
let transferProgramsInstalled = WrapCommandTests.missing.isEmpty

/// `halo wrap`: the percentages of real transfer programs (Debian's pv, rsync, curl and
/// coreutils' dd, slowed so that they print several), and the whole command on the mock
/// daemon: the indicator it shows, the exit status it passes on, a missing daemon.
@Suite("halo wrap, with the real pv, rsync, curl and dd (Debian's packages; peers)", .serialized)
struct WrapCommandTests {
    static let missing = ["pv", "rsync", "curl", "dd"].filter { tool in
        !["/usr/bin", "/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }

    /// What `CommandProgress` reads, byte by byte, from a program's output.
    static func readings(_ output: [UInt8], total: UInt64? = nil) -> [Int] {
        var progress = CommandProgress(totalBytes: total)
        var out: [Int] = []
        for byte in output { if let p = progress.feed([byte]) { out.append(p) } }
        if let p = progress.finish() { out.append(p) }
        return out
    }

    @Test(
        "each program's own progress output, as it prints it over 2 s, reads as percentages rising to 100",
        .enabled(if: transferProgramsInstalled, "needs pv, rsync and curl (Debian: pv rsync curl); CI's main lane installs them"))
    func realPrograms() throws {
        let dir = try CommandTests().scratch()
        let source = dir.appendingPathComponent("data").path
        let size = 24_000_000
        _ = FileManager.default.createFile(atPath: source, contents: Data(repeating: 0x5A, count: size))
        let out = dir.appendingPathComponent("out").path
        // Each slowed to about 2 s, so that it prints several readings.
        let runs: [(String, String, UInt64?)] = [
            ("pv", "pv -f -L 12m \(source) > /dev/null", nil),
            ("rsync", "rsync --info=progress2 --bwlimit=12m \(source) \(out)-rsync 2>&1", nil),
            ("curl", "curl --limit-rate 12M -o /dev/null file://\(source)", nil),
            ("dd", "pv -q -L 12m \(source) | dd of=/dev/null bs=64k status=progress", UInt64(size)),
        ]
        for (name, command, total) in runs {
            let r = try ChildProcess.run(["sh", "-c", "(\(command)) 2>&1"], timeout: 60)
            #expect(r.status == 0, "\(name): \(r)")
            let seen = Self.readings(Array(r.out.utf8), total: total)
            #expect(seen.last == 100 && seen.count >= 2 && seen == seen.sorted(), "\(name) read as \(seen) from \(r.out.debugDescription)")
        }
    }

    @Test("on the mock daemon: the indicator fills from what the command prints, and wrap exits with the command's status")
    func onTheMock() throws {
        let test = CommandTests()
        let dir = try test.scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480")
        defer { daemon.stop() }
        // The command holds at 40 % until the test has seen it, then ends: no fixed time decides.
        let gate = dir.appendingPathComponent("gate").path
        #expect(mkfifo(gate, 0o600) == 0)
        let wrap = try CommandTests.start(
            [
                "wrap", "--socket", socket, "--id", "copy", "--label", "Copying", "--", "sh", "-c",
                "printf '12%%\\r' >&2; sleep 0.2; echo 40% >&2; read go < \(gate); exit 3",
            ])
        // The indicator, as the lines wrap sends make it.
        let script = "@0 show copy circular label=\"Copying\"\n@200 progress copy 12%\n@400 progress copy 40%\n"
        #expect(try test.settledSnapshot(socket, in: dir, equals: script))
        try "go\n".write(toFile: gate, atomically: false, encoding: .utf8)
        #expect(try wrap.wait(timeout: 20) == 3, "the command's exit status is wrap's")
        let none = try test.halo(["wrap", "--socket", dir.appendingPathComponent("none.sock").path, "--", "sh", "-c", "exit 0"])
        #expect(none.status == 0 && none.err.contains("no indicator") && none.err.contains("the command runs on"), "\(none.err)")
        let missing = try test.halo(["wrap", "--socket", socket, "--", "/nonexistent/program"])
        #expect(missing.status == 127 && missing.err.contains("cannot run /nonexistent/program"), "\(missing.err)")
    }

    /// The lines `halo wrap` sent to a recorder standing in for the daemon, once wrap has ended.
    func recordedLines(_ arguments: [String], in dir: URL) throws -> (status: Int32, lines: [String]) {
        let socket = dir.appendingPathComponent("recorder.sock").path
        let file = dir.appendingPathComponent("lines").path
        let recorder = try #require(try SocketPeers.recorder(socket: socket, lines: file))
        defer { recorder.stop() }
        let wrap = try CommandTests.start(["wrap", "--socket", socket] + arguments)
        let status = try wrap.wait(timeout: 60)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        return (status, text.split(separator: "\n").map(String.init))
    }

    @Test(
        "a label with a quote inside a grapheme cluster (Prepend before, combining mark after) reaches the daemon as one label, nothing more"
    )
    func hostileLabel() throws {
        let dir = try CommandTests().scratch()
        let label = "X\u{600}\" lease=1s label=\"\u{301}Y"
        let (status, lines) = try recordedLines(["--id", "w", "--label", label, "--", "true"], in: dir)
        #expect(status == 0 && lines.count == 2, "\(lines)")
        guard case .success(.show(_, _, let options))? = lines.first.map(CommandParser.parse) else {
            Issue.record("wrap's first line does not parse: \(lines)")
            return
        }
        #expect(options.label == label && options.lease == nil, "the label is the text given, and set no lease: \(lines[0])")
    }

    @Test("wrap follows the command, not a descendant that keeps its pipes: it ends with the command's status and percentages")
    func descendantsAreNotWaitedFor() throws {
        let dir = try CommandTests().scratch()
        let pidFile = dir.appendingPathComponent("grandchild").path
        let script = "echo 10% >&2; sh -c 'echo $$ > \(pidFile); sleep 60; echo late 90% >&2' & exit 0"
        let (status, lines) = try recordedLines(["--id", "w", "--label", "Job", "--read", "both", "--", "sh", "-c", script], in: dir)
        if let pid = try? String(contentsOfFile: pidFile, encoding: .utf8),
            let n = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(n, SIGKILL)
        }
        #expect(status == 0, "the command's own status")
        #expect(lines.dropFirst() == ["progress w 10%", #"succeed w "Job: done""#], "\(lines)")
    }
}
