// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import Testing

/// A running daemon moved to another screen (`moveScreen`), as at boot when the native DRM
/// driver replaces the firmware's framebuffer: the picture carries on where it was.
@Suite struct ScreenMoveTests {
    static let script = ["show s spinner label=Starting", "show p linear", "progress p 0.4"]

    /// A daemon that ran `script` from the start on a screen of `width`×`height`, drawn at `at`.
    static func started(_ name: String, width: Int32 = 200, height: Int32 = 120, at: Instant) throws -> TestDaemon {
        let d = try TestDaemon(name, width: width, height: height)
        for line in script { _ = d.server.execute(line, at: d.now) }
        d.spin(2)
        d.now = at
        d.spin(2)
        return d
    }

    @Test("a daemon moved to a new screen of the same size draws all of it in the next frame, the spinner where it would have been")
    func sameSize() throws {
        let d = try Self.started("move-same", at: .milliseconds(1300))
        let before = d.display.rgb()
        let drawnBefore = d.display.presented.count

        let native = MemoryDisplay(width: 200, height: 120, format: .xrgb8888)
        d.server.moveScreen(to: Screen(engine: d.server.engine, display: native), named: "native")
        d.spin(2)
        #expect(native.rgb() == before, "the same moment on the new screen is the same picture")
        #expect(native.presented.first == [IntRect(x: 0, y: 0, width: 200, height: 120)], "the whole screen is drawn first")
        #expect(d.server.screenName == "native")
        #expect(d.logged.contains { $0.contains("moved from the screen to native") }, "\(d.logged)")

        d.now = d.now + Milliseconds(450)
        d.spin(2)
        #expect(d.display.presented.count == drawnBefore, "the old screen is no longer drawn on")
        let reference = try Self.started("move-same-ref", at: d.now)
        #expect(native.rgb() == reference.display.rgb(), "the spinner turned on as if nothing had happened")
        #expect(native.rgb() != before, "and it did turn")
    }

    @Test("a new screen of another size: the engine lays out for it at once, as a daemon started on that size would")
    func otherSize() throws {
        let d = try Self.started("move-size", at: .milliseconds(1300))

        let native = MemoryDisplay(width: 320, height: 200, format: .rgb565)
        d.server.engine.resize(screenWidth: 320, screenHeight: 200, at: d.now)
        d.server.moveScreen(to: Screen(engine: d.server.engine, display: native), named: "native")
        d.now = d.now + Milliseconds(100)
        d.spin(2)
        let reference = try Self.started("move-size-ref", width: 320, height: 200, at: d.now)
        let expected = MemoryDisplay(width: 320, height: 200, format: .rgb565)
        try Screen(engine: reference.server.engine, display: expected).update(at: d.now)
        #expect(native.rgb() == expected.rgb(), "laid out for 320×200 with no glide from the old places")
    }

    @Test("between screens the daemon draws nowhere, serves clients, and the next screen gets the state of its moment")
    func noScreenBetween() throws {
        let d = try TestDaemon("move-gap")
        for line in Self.script { _ = d.server.execute(line, at: d.now) }
        d.spin(2)
        d.server.moveScreen(to: nil, named: "the card")
        #expect(d.logged.contains { $0.contains("went away; drawing nowhere until the card") }, "\(d.logged)")
        let drawn = d.display.presented.count
        d.now = d.now + Milliseconds(200)
        #expect(d.server.execute("progress p 0.7", at: d.now) == "ok")
        d.spin(3)
        #expect(d.display.presented.count == drawn, "nothing drawn without a screen")

        let native = MemoryDisplay(width: 200, height: 120, format: .xrgb8888)
        d.server.moveScreen(to: Screen(engine: d.server.engine, display: native), named: "the card")
        d.spin(2)
        let reference = try TestDaemon("move-gap-ref")
        for line in Self.script { _ = reference.server.execute(line, at: Instant.milliseconds(1000)) }
        _ = reference.server.execute("progress p 0.7", at: d.now)
        reference.now = d.now
        reference.spin(2)
        #expect(native.rgb() == reference.display.rgb(), "what was asked meanwhile is shown")
    }
}

/// A display whose next `present` fails, as a card's first mode set can while its driver is
/// still setting itself up.
final class FailingOnceDisplay: Display {
    let inner = MemoryDisplay(width: 200, height: 120, format: .xrgb8888)
    var failNext = true
    var presented: [[IntRect]] = []
    var width: Int32 { inner.width }
    var height: Int32 { inner.height }
    var format: PixelFormat { inner.format }
    var rotation: Rotation { inner.rotation }
    func drawFrame<R>(_ body: (RenderTarget) -> R) -> R { inner.drawFrame(body) }
    func present(damage: [IntRect]) throws(DisplayError) {
        if failNext {
            failNext = false
            throw DisplayError("cannot set 200x120 on Virtual-1: Device or resource busy")
        }
        presented.append(damage)
        try inner.present(damage: damage)
    }
}

@Suite struct FailedPresentTests {
    @Test("a frame the display refused is drawn whole the next time, not only what changed since")
    func redrawnWhole() throws {
        let d = try TestDaemon("refused-frame")
        _ = d.server.execute("show s spinner label=Starting", at: d.now)
        let display = FailingOnceDisplay()
        d.server.moveScreen(to: Screen(engine: d.server.engine, display: display), named: "card")
        d.spin(2)
        #expect(display.presented.isEmpty, "the first frame was refused")
        #expect(d.logged.contains { $0.contains("frame not shown: cannot set 200x120") }, "\(d.logged)")
        // Past the show delay: the spinner turns, and the frame after the refused one comes.
        d.now = d.now + Milliseconds(1000)
        d.spin(2)
        #expect(display.presented.first == [IntRect(x: 0, y: 0, width: 200, height: 120)], "\(display.presented)")
    }
}
