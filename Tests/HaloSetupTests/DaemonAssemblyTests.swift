// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloMock
import HaloRender
import HaloSetup
import Testing

/// Putting the daemon together from a board, as `halo run` does, without running its loop:
/// each case drives `step` or `execute` itself.
@Suite("The daemon put together from a board")
struct DaemonAssemblyTests {
    static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Boards").standardized.path

    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func options(_ source: String, in dir: URL, fifo: String? = nil, log: @escaping (String) -> Void = { _ in }) throws -> DaemonOptions {
        DaemonOptions(
            boardSource: source, board: try BoardLoader.load(source), socket: dir.appendingPathComponent("halo.sock").path,
            psplashFifo: fifo, log: log)
    }

    @Test("a screen board gives a screen the engine draws on, a socket, and a start-up line naming them")
    func screenBoard() throws {
        let dir = try scratch()
        let display = MemoryDisplay(width: 480, height: 480, format: .xrgb8888)
        let daemon = try DaemonAssembly(
            try options("\(Self.boards)/mock-480x480.yaml", in: dir), display: display, described: "mock display 480x480")
        #expect(daemon.banner == "mock-480x480 on mock display 480x480, socket \(dir.path)/halo.sock")
        #expect(daemon.ringDescription == nil && daemon.server.screen != nil && daemon.server.rings.isEmpty)
        #expect(daemon.server.execute("show up circular value=40%", at: .milliseconds(0)) == "ok")
        daemon.server.step(maximumWait: 0)
        #expect(FileManager.default.fileExists(atPath: "\(dir.path)/halo.sock"))
    }

    @Test("halo run's daemon gives back its code after each quiet spell; one put together inside another program does not")
    func quietRelease() throws {
        for release in [true, false] {
            let dir = try scratch()
            var options = try options("\(Self.boards)/mock-480x480.yaml", in: dir)
            options.releaseStartCode = release
            let daemon = try DaemonAssembly(
                options, display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888), described: "mock display 480x480")
            #expect((daemon.server.onQuiet != nil) == release, "releaseStartCode \(release)")
        }
    }

    @Test("a board without a screen drives its LED ring alone; one with neither says what to add")
    func headless() throws {
        let dir = try scratch()
        let ring = dir.appendingPathComponent("ring.yaml").path
        try "name: ring\ndisplay: none\nleds: {count: 12}\n".write(toFile: ring, atomically: true, encoding: .utf8)
        let daemon = try DaemonAssembly(try options(ring, in: dir), display: nil, described: "no screen")
        #expect(daemon.banner.contains("no screen and a 12-LED ring (mock)"), "\(daemon.banner)")
        let bare = dir.appendingPathComponent("bare.yaml").path
        try "name: bare\ndisplay: none\n".write(toFile: bare, atomically: true, encoding: .utf8)
        #expect(throws: SetupError.self) {
            _ = try DaemonAssembly(try options(bare, in: dir.appendingPathComponent("x")), display: nil, described: "no screen")
        }
    }

    @Test("SIGHUP's reload applies the new theme and names the ring keys that wait for a restart")
    func reload() throws {
        let dir = try scratch()
        let path = dir.appendingPathComponent("board.yaml").path
        try "name: b\ndisplay: none\nleds: {count: 12, brightness: 40%}\ntheme: {indicator: \"#0A84FF\"}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        var logged: [String] = []
        let daemon = try DaemonAssembly(try options(path, in: dir, log: { logged.append($0) }), display: nil, described: "no screen")
        let running = try BoardLoader.load(path)
        try "name: b\ndisplay: none\nleds: {count: 24, brightness: 80%}\ntheme: {indicator: \"#FF8000\"}\n".write(
            toFile: path, atomically: true, encoding: .utf8)
        let inForce = try #require(BoardReload.apply(path, to: daemon.server, running: running, sender: "uid 0 pid 1 (test)"))
        #expect(daemon.server.engine.theme.indicator == Color(rgb: 0xFF8000))
        #expect(inForce.leds.count == 12, "the count waits for a restart")
        #expect(inForce.ledDriver.brightness != running.ledDriver.brightness, "the brightness applies at once")
        #expect(logged.contains { $0.contains("leds.count changed and takes effect when halo starts again") }, "\(logged)")
        try "name: b\nscreen: {width: wide}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(BoardReload.apply(path, to: daemon.server, running: inForce, sender: "uid 0 pid 1 (test)") == nil)
        #expect(daemon.server.engine.theme.indicator == Color(rgb: 0xFF8000), "a refused reload keeps the theme")
    }

    @Test("a psplash FIFO is one more source of the loop: PROGRESS sets the bar")
    func psplash() throws {
        let dir = try scratch()
        let fifo = dir.appendingPathComponent("psplash_fifo").path
        let daemon = try DaemonAssembly(
            try options("\(Self.boards)/mock-480x480.yaml", in: dir, fifo: fifo),
            display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888), described: "mock display 480x480")
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        defer { close(writer) }
        _ = Array("PROGRESS 30\0".utf8).withUnsafeBytes { write(writer, $0.baseAddress, $0.count) }
        for _ in 0..<5 { daemon.server.step(maximumWait: 20) }
        #expect(daemon.server.execute("progress psplash 50%", at: .milliseconds(0)).hasPrefix("ok"), "the bar exists")
    }
}
