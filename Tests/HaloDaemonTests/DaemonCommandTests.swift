// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX
import HaloRender
import HaloTestSupport
import Testing

/// An in-memory screen that can be handed over, as DRM master can: counts the handoffs.
final class HandoffDisplay: ScreenHandoff {
    let memory = MemoryDisplay(width: 200, height: 120, format: .xrgb8888)
    var releases = 0, adoptions = 0
    var failNext: String?
    var width: Int32 { memory.width }
    var height: Int32 { memory.height }
    var format: PixelFormat { memory.format }
    var rotation: Rotation { memory.rotation }
    func drawFrame<R>(_ body: (RenderTarget) -> R) -> R { memory.drawFrame(body) }
    func present(damage: [IntRect]) throws(DisplayError) { try memory.present(damage: damage) }
    func release() throws(DisplayError) {
        if let failNext { throw DisplayError(failNext) }
        releases += 1
    }
    func adopt() throws(DisplayError) { adoptions += 1 }
}

/// The daemon's own commands (`stats`, `sync`, `subscribe`, `release`, `adopt`, `snapshot`):
/// carried out where the display can, refused with the reason where it cannot.
@Suite("The daemon's own commands, on in-memory displays")
struct DaemonOwnCommandTests {
    @Test("words after a daemon command, and commands the display cannot carry out, are refused with the reason")
    func refusals() throws {
        let d = try TestDaemon("own-refusals")
        d.server.screenName = "mock display 200x120"
        let replies = ["stats now", "sync please", "release", "adopt", "snapshot", "subscribe", "snapshot /etc/passwd"].map {
            d.server.execute($0, at: d.now)
        }
        #expect(replies[0] == "error invalid: stats takes nothing after it; send the word stats alone")
        #expect(replies[1].hasPrefix("error invalid: sync takes nothing"))
        #expect(
            replies[2]
                == "error unsupported: release and adopt hand over DRM master, and this daemon draws on mock display 200x120, which has none"
        )
        #expect(replies[3] == replies[2])
        #expect(replies[4].hasPrefix("error unsupported: snapshot saves the mock display's picture"), "no folder given: \(replies[4])")
        #expect(replies[5].hasPrefix("error unsupported: subscribe sends events on a connection"))
        #expect(replies[6].hasPrefix("error invalid: snapshot takes no file name"))
        #expect(d.server.execute("stats", at: d.now).hasPrefix("ok frames="))
    }

    @Test("snapshot writes the picture as it is now into the folder the host gave, and replies with the file's path")
    func snapshot() throws {
        let d = try TestDaemon("own-snapshot")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-own-snapshot-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        d.server.snapshotPath = folder
        #expect(d.server.execute("show a circular value=50%", at: d.now) == "ok")
        d.now = d.now + Milliseconds(1000)
        let reply = d.server.execute("snapshot", at: d.now)
        #expect(reply == "ok \(folder)/snapshot-\(getpid())-1.png")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/snapshot-\(getpid())-1.png")))
        let image = try PNGImage.decode(bytes)
        #expect(image.width == 200 && image.height == 120)
        #expect(image.rgb == d.display.rgb(), "the file holds the picture on the display")
        #expect(d.server.framesDrawn >= 1, "drawn before it was saved")
    }

    @Test("show, sync, snapshot: sync says what still waits for its show delay, and sync wait holds its reply until it shows")
    func syncAndTheShowDelay() throws {
        let d = try TestDaemon("own-sync")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("halo-own-sync-\(getpid())").path
        try? FileManager.default.removeItem(atPath: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        d.server.snapshotPath = folder
        let c = try TestClient(d.path)
        #expect(c.ask("show up circular value=50%", daemon: d) == "ok")
        // The show delay (500 ms) and the glide into place (250 ms) are still to come.
        #expect(c.ask("sync", daemon: d) == "ok settles-in-ms=750 pending=up")
        #expect(d.display.rgb().allSatisfy { $0 == 0 }, "nothing shows yet, as the reply says")
        c.send("sync wait", daemon: d)
        c.send("stats", daemon: d)
        d.spin()
        c.drain()
        #expect(c.buffered.isEmpty, "held: neither the sync nor the line after it is answered yet")
        d.now = d.now + Milliseconds(749)
        d.spin()
        c.drain()
        #expect(c.buffered.isEmpty)
        d.now = d.now + Milliseconds(1)
        #expect(c.line(daemon: d) == "ok")
        #expect(c.line(daemon: d)?.hasPrefix("ok frames=") == true, "then the next line runs")
        let path = c.ask("snapshot", daemon: d) ?? ""
        let image = try PNGImage.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: String(path.dropFirst(3))))))
        #expect(image.rgb.contains { $0 != 0 }, "the indicator is in the picture")
        #expect(c.ask("sync", daemon: d) == "ok")
    }

    @Test("a sync reply lists at most 16 pending ids and counts the rest")
    func syncReplyBound() {
        let ids = (1...20).map { "a\($0)" }
        let reply = ControlServer.syncReply(settlesAt: .milliseconds(2000), pending: ids, now: .milliseconds(1000))
        #expect(reply == "ok settles-in-ms=1000 pending=" + ids.prefix(16).joined(separator: ",") + ",+4")
        #expect(ControlServer.syncReply(settlesAt: .milliseconds(1000), pending: [], now: .milliseconds(1000)) == "ok")
    }

    @Test("release and adopt go to a display that can be handed over; a failure is the display's error")
    func handoff() throws {
        let path = temporarySocketPath("own-handoff")
        let engine = Engine(screenWidth: 200, screenHeight: 120, theme: Theme(), policy: Policy(), text: BlockText())
        let display = HandoffDisplay()
        let server = ControlServer(
            screen: Screen(engine: engine, display: display), listener: try UnixListener(path: path), signals: nil, frameRate: 60
        ) {
            .milliseconds(1000)
        }
        #expect(server.execute("release", at: .milliseconds(1000)) == "ok")
        #expect(server.execute("adopt", at: .milliseconds(1000)) == "ok")
        #expect(display.releases == 1 && display.adoptions == 1)
        display.failNext = "cannot drop DRM master"
        #expect(server.execute("release", at: .milliseconds(1000)) == "error display: cannot drop DRM master")
    }
}

/// The daemon presents to a list of outputs: a screen, an LED ring, or both, on one clock.
@Suite("The daemon's outputs, in memory")
struct DaemonOutputTests {
    func ring(_ engine: Engine) -> RingLights<LedRecorder> {
        var look = LedRingLook()
        look.count = 12
        return RingLights(engine: engine, output: LedRecorder(count: 12), look: look)
    }

    @Test("a screen and an LED ring are brought up to date together, each only when it changes")
    func screenAndRing() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 200, screenHeight: 120, theme: Theme(), policy: policy, text: BlockText())
        let display = MemoryDisplay(width: 200, height: 120, format: .xrgb8888)
        let lights = ring(engine)
        var now = Instant.milliseconds(1000)
        let server = ControlServer(
            engine: engine, screen: Screen(engine: engine, display: display), rings: [lights],
            listener: try UnixListener(path: temporarySocketPath("outputs-both")), signals: nil, frameRate: 60
        ) { now }
        #expect(server.execute("show up circular value=50%", at: now) == "ok")
        server.step(maximumWait: 0)
        #expect(lights.output.frames.count == 1 && lights.output.current.prefix(6).allSatisfy { $0 != .black })
        #expect(display.rgb().contains { $0 != 0 }, "the screen drew the ring too")
        #expect(server.framesDrawn == 1)
        #expect(server.execute("stats", at: now).contains(" ring-frames=1 ring-bytes=0 "), "the recorder has no bus")
        // Nothing changes: neither output is sent anything.
        now = now + Milliseconds(500)
        server.step(maximumWait: 0)
        #expect(lights.output.frames.count == 1 && server.framesDrawn == 1)
    }

    @Test("a headless daemon with only an LED ring shows the state there and says what it cannot do")
    func ringOnly() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 200, screenHeight: 120, theme: Theme(), policy: policy, text: BlockText())
        let lights = ring(engine)
        let server = ControlServer(
            engine: engine, screen: nil, rings: [lights], listener: try UnixListener(path: temporarySocketPath("outputs-ring")),
            signals: nil,
            frameRate: 60
        ) { .milliseconds(1000) }
        server.screenName = "no screen (an LED ring only)"
        #expect(server.execute("show pay checkout", at: .milliseconds(1000)) == "ok")
        server.step(maximumWait: 0)
        #expect(lights.output.frames.count == 1)
        #expect(server.execute("snapshot", at: .milliseconds(1000)).hasPrefix("error unsupported"))
        #expect(server.execute("release", at: .milliseconds(1000)).contains("no screen (an LED ring only)"))
        #expect(server.execute("stats", at: .milliseconds(1000)).contains("pixels=0"))
        // Stopping turns the ring off, unless the board keeps its last frame.
        for ring in server.rings { ring.stop(keepingPicture: true) }
        #expect(lights.output.frames.count == 1)
        for ring in server.rings { ring.stop(keepingPicture: false) }
        #expect(lights.output.frames.count == 2 && lights.output.current.allSatisfy { $0 == .black })
    }

    @Test("a headless ring wakes for its own motion: each of an error's flashes is sent, then the daemon sleeps with no timer")
    func ringMotionWakes() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 200, screenHeight: 120, theme: Theme(), policy: policy, text: BlockText())
        let lights = ring(engine)
        var now = Instant.milliseconds(1000)
        let server = ControlServer(
            engine: engine, screen: nil, rings: [lights], listener: try UnixListener(path: temporarySocketPath("outputs-motion")),
            signals: nil,
            frameRate: 60
        ) { now }
        #expect(server.execute("show sync linear value=10%", at: now) == "ok")
        server.step(maximumWait: 0)
        #expect(server.pollTimeoutForTesting() == -1, "a still fill arms nothing")
        #expect(server.execute("fail sync \"Sync failed\"", at: now) == "ok")
        server.step(maximumWait: 0)
        now = now + Milliseconds(50)
        #expect((140...150).contains(server.pollTimeoutForTesting()), "sleeps until the flash ends, not a frame")
        for _ in 0..<80 {
            now = now + Milliseconds(20)
            server.step(maximumWait: 0)
        }
        // The fill, three flashes each lit and dark, and the steady pattern.
        #expect(lights.output.frames.count == 8)
        #expect(server.pollTimeoutForTesting() == -1)
    }
}
