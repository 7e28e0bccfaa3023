// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloMock
import HaloRender
import HaloTestSupport
import Testing

@testable import HaloSetup

/// The boot splash's pictures follow its mode: the board's `boot.logo` in psplash mode and in
/// Plymouth's modes without their own, a mode's own after `change-mode`, kept over a reload.
@Suite("The boot splash's pictures by mode")
struct BootPicturesTests {
    @Test("psplash mode shows boot.logo; a Plymouth mode with its own logo shows that one, and a reload keeps it")
    func byMode() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-boot-pictures-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = dir.appendingPathComponent("b.yaml").path
        try """
        name: b
        display: mock
        screen: {width: 480, height: 480}
        boot:
          logo: \(DaemonAssemblyTests.boards)/halo-logo.png
          updates: {logo: small.png}
        """.write(toFile: board, atomically: true, encoding: .utf8)
        let small = Bitmap(width: 4, height: 2, pixels: Array(repeating: Color(r: 9, g: 8, b: 7), count: 8))!
        try Data(TestPNG.rgba(small)).write(to: dir.appendingPathComponent("small.png"))
        let fifo = dir.appendingPathComponent("psplash_fifo").path
        let options = DaemonOptions(
            boardSource: board, board: try BoardLoader.load(board), socket: dir.appendingPathComponent("halo.sock").path, psplashFifo: fifo,
            log: { _ in })
        let daemon = try DaemonAssembly(options, display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888), described: "mock")
        #expect(daemon.server.engine.theme.logo?.width == 192, "psplash is a boot splash: Halo's logo")
        #expect(daemon.server.engine.layers(at: .milliseconds(0)).contains { if case .image = $0.drawable { true } else { false } })

        daemon.showPictures(ofBootMode: "updates")
        #expect(daemon.server.engine.theme.logo == small)
        daemon.showPictures(ofBootMode: "shutdown")
        #expect(daemon.server.engine.theme.logo?.width == 192, "a mode without its own shows the splash's")
        daemon.showPictures(ofBootMode: "updates")
        daemon.server.onReload?("a test")
        #expect(daemon.server.engine.theme.logo == small, "a reload keeps the mode's pictures")
    }
}
