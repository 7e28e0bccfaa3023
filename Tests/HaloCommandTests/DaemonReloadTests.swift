// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloMock
import HaloTestSupport
import Testing

/// `halo run` reloading its board on SIGHUP, as a process on a real Unix socket of the host kernel.
extension CommandTests {
    @Test("SIGHUP reloads the board's theme and redraws with it")
    func reloadOnHangup() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("board.yaml")
        let original = try String(contentsOf: Self.packageRoot.appendingPathComponent("Boards/mock-480x480.yaml"), encoding: .utf8)
        try original.write(to: board, atomically: true, encoding: .utf8)
        let daemon = try startDaemon(socket: socket, board: board.path)
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, "show", "x", "linear", "value=30%"]).status == 0)
        let changed = original.replacingOccurrences(of: "indicator: \"#0A84FF\"", with: "indicator: \"#FF8000\"")
        #expect(changed != original)
        try changed.write(to: board, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(try settledSnapshot(socket, in: dir, equals: "@0 show x linear value=30%\n", board: board.path))
    }

    /// A daemon on a copy of the shipped board `name` that a test may change and reload, its
    /// log in a file: the folder, socket, board file, the board's text, log path and daemon.
    func reloadableDaemon(_ name: String) throws -> (URL, String, URL, String, String, ChildProcess) {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("board.yaml")
        let original = try String(contentsOf: Self.packageRoot.appendingPathComponent("Boards/\(name).yaml"), encoding: .utf8)
        try original.write(to: board, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("log.txt").path
        return (dir, socket, board, original, log, try startDaemon(socket: socket, board: board.path, stderr: .file(log)))
    }

    @Test("SIGHUP names the ring keys that need a restart, and a storm of them keeps the ring at its pace")
    func reloadRingKeys() throws {
        let (_, socket, board, original, log, daemon) = try reloadableDaemon("mock-320x240-ring12")
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, "show x circular value=30%"]).status == 0)
        let changed = original.replacingOccurrences(of: "  count: 12\n  brightness: 40", with: "  count: 24\n  brightness: 80")
        #expect(changed != original)
        try changed.write(to: board, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        var text = ""
        for _ in 0..<100 where !text.contains("reloaded the theme") {
            usleep(50_000)
            text = try String(contentsOf: URL(fileURLWithPath: log), encoding: .utf8)
        }
        #expect(text.contains("leds.count changed and takes effect when halo starts again"), "\(text)")
        func ringFrames() throws -> Int {
            let stats = try halo(["ctl", "--socket", socket, "stats"]).out
            let word = stats.split(separator: " ").first { $0.hasPrefix("ring-frames=") } ?? ""
            return Int(word.dropFirst("ring-frames=".count).prefix { $0.isNumber }) ?? -1
        }
        // A second of SIGHUPs, one every 2 ms: the 30 fps screen's ring sends 30 frames a second at most.
        let before = try ringFrames()
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        for _ in 0..<500 {
            daemon.signal(SIGHUP)
            usleep(2_000)
        }
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        let sent = try ringFrames() - before
        #expect(sent >= 1 && Double(sent) <= 30 * (seconds + 0.5), "\(sent) ring frames in \(seconds) s")
    }

    @Test("SIGHUP applies a changed font, and refuses a missing one with the reason while the old one stays")
    func reloadFont() throws {
        let (dir, socket, board, original, log, daemon) = try reloadableDaemon("mock-480x480")
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, "show x circular label=\"Copying files\" value=30%"]).status == 0)
        let fontKey = "  font:\n    size: 16\n"
        #expect(original.contains(fontKey))
        try original.replacingOccurrences(of: fontKey, with: fontKey + "    file: /nonexistent/font.ttf\n").write(
            to: board, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        var refused = ""
        for _ in 0..<100 where !refused.contains("reload refused") {
            usleep(50_000)
            refused = try String(contentsOf: URL(fileURLWithPath: log), encoding: .utf8)
        }
        #expect(refused.contains("reload refused") && refused.contains("/nonexistent/font.ttf"), "\(refused)")
        let bold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
        try original.replacingOccurrences(of: fontKey, with: fontKey + "    file: \(bold)\n").write(
            to: board, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(try settledSnapshot(socket, in: dir, equals: "@0 show x circular label=\"Copying files\" value=30%\n", board: board.path))
        let applied = try String(contentsOf: URL(fileURLWithPath: log), encoding: .utf8)
        #expect(applied.contains("with the font \(bold)"), "\(applied)")
    }
}
