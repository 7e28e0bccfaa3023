// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloMock
import Testing

@testable import HaloSetup

/// The move from a firmware framebuffer to a DRM card as the daemon sees the device folder
/// change, on the host kernel's inotify with a folder standing in for /dev. (The move onto a
/// real card is the QEMU suite's: the host has no card to give.)
@Suite("Moving to a DRM card that appears, with the host kernel's inotify")
struct ScreenMoveTests {
    @Test("the framebuffer's node going away stops drawing at once; a card that cannot be opened is retried, then the log says why")
    func framebufferGoneThenBadCard() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-move-\(UUID().uuidString.prefix(8))")
        let dev = dir.appendingPathComponent("dev").path
        try FileManager.default.createDirectory(atPath: dev + "/dri", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = FileManager.default.createFile(atPath: dev + "/fb0", contents: nil)
        var logged: [String] = []
        let options = DaemonOptions(
            boardSource: "mock-800x480", board: try BoardLoader.load("\(DaemonAssemblyTests.boards)/mock-800x480.yaml"),
            socket: dir.appendingPathComponent("halo.sock").path, log: { logged.append($0) })
        let daemon = try DaemonAssembly(
            options, display: MemoryDisplay(width: 800, height: 480, format: .xrgb8888), described: "fbdev \(dev)/fb0")
        let move = ScreenMove(
            watching: try DisplayNodeWatch(root: dev), server: daemon.server, board: options.board, framebuffer: dev + "/fb0", width: 800,
            height: 480, sysfs: dir.path)

        try FileManager.default.removeItem(atPath: dev + "/fb0")
        move.handle()
        #expect(daemon.server.screen == nil, "nothing drawn into a framebuffer that is gone")
        #expect(logged.contains { $0.contains("fbdev \(dev)/fb0 went away") }, "\(logged)")
        #expect(daemon.server.execute("show s spinner", at: .milliseconds(0)) == "ok", "clients are still served")

        // A node that is not a DRM card: tried, and tried again until the patience runs out.
        _ = FileManager.default.createFile(atPath: dev + "/dri/card0", contents: nil)
        move.handle()
        #expect(move.retryAt != nil && !move.finished, "tried again soon")
        move.giveUpAt = 0
        move.retryAt = 0
        move.handle()
        #expect(move.retryAt == nil && !move.finished)
        #expect(
            logged.contains {
                $0.contains("a DRM card appeared but could not be drawn on (\(dev)/dri/card0:") && $0.contains("nothing is drawn")
            },
            "\(logged)")
    }

    @Test("a card is opened only once its driver is bound (sysfs's driver link), so a probe still under way is not raced")
    func waitsForTheProbe() throws {
        let sysfs = FileManager.default.temporaryDirectory.appendingPathComponent("halo-sysfs-probe-\(UUID().uuidString.prefix(8))").path
        defer { try? FileManager.default.removeItem(atPath: sysfs) }
        #expect(ScreenMove.probeFinished("/dev/dri/card0", sysfs: sysfs), "a card sysfs does not know: nothing to wait for")
        try FileManager.default.createDirectory(atPath: sysfs + "/class/drm/card0/device", withIntermediateDirectories: true)
        #expect(!ScreenMove.probeFinished("/dev/dri/card0", sysfs: sysfs), "the device is there, its driver not yet bound")
        try FileManager.default.createDirectory(atPath: sysfs + "/class/drm/card0/device/driver", withIntermediateDirectories: true)
        #expect(ScreenMove.probeFinished("/dev/dri/card0", sysfs: sysfs))
    }
}
