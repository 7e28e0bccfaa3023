// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// The router from device events to a person's actions, over a real engine and its targets.
@Suite("Input router: glass, keys and buttons to a person's actions")
struct InputRouterTests {
    static let axes = TouchAxes(minimumX: 0, maximumX: 4095, minimumY: 0, maximumY: 4095)

    final class Bench {
        let engine: Engine
        let router: InputRouter
        let device = PlayedInput(touchAxes: InputRouterTests.axes)
        var actions: [PersonAction] = []
        var now = Instant.milliseconds(1000)

        init(panel: (Int32, Int32), rotation: Rotation, keys: Bool = false) throws {
            let quarter = rotation == .quarter || rotation == .threeQuarters
            let (w, h) = quarter ? (panel.1, panel.0) : (panel.0, panel.1)
            engine = Engine(screenWidth: w, screenHeight: h, theme: Theme(), policy: Policy(), text: BlockText())
            var settings = InputRouter.Settings(panelWidth: panel.0, panelHeight: panel.1, rotation: rotation)
            settings.slop = 8
            var clockBox: Bench?
            router = InputRouter(engine: engine, settings: settings) { clockBox?.now ?? .zero }
            clockBox = self
            router.attach(keys ? PlayedInput(touchAxes: nil) : device)
            router.onAction = { [unowned self] action, _ in self.actions.append(action) }
            guard case .success(let show) = CommandParser.parse("show up circular value=40% cancellable=yes") else { return }
            try engine.apply(show, at: .zero)
        }

        /// Raw glass coordinates that land inside `rect` on the screen.
        func raw(inside rect: IntRect) -> (Int32, Int32)? {
            let mapping = TouchMapping(
                x: .init(minimum: 0, maximum: 4095), y: .init(minimum: 0, maximum: 4095), panelWidth: router.settings.panelWidth,
                panelHeight: router.settings.panelHeight, rotation: router.settings.rotation)
            let cx = rect.x + rect.width / 2, cy = rect.y + rect.height / 2
            for rx in stride(from: Int32(0), to: 4096, by: 4) {
                for ry in stride(from: Int32(0), to: 4096, by: 4) {
                    let p = mapping.logical(rawX: rx, rawY: ry)
                    if abs(p.x - cx) <= 1 && abs(p.y - cy) <= 1 { return (rx, ry) }
                }
            }
            return nil
        }
    }

    @Test(
        "a finger down and up on the stop icon taps it, at every rotation",
        arguments: [Rotation.none, .quarter, .half, .threeQuarters])
    func tapAtEachRotation(rotation: Rotation) throws {
        let b = try Bench(panel: (800, 480), rotation: rotation)
        let icon = try #require(b.engine.tapTargets(at: b.now).first)
        let (x, y) = try #require(b.raw(inside: icon.rect))
        b.device.play(.touchDown(id: 1, x: x, y: y, at: b.now.microseconds))
        b.device.play(.touchUp(id: 1, x: x, y: y, at: b.now.microseconds + 80_000))
        #expect(b.actions == [.tap(icon.key)])
    }

    @Test("a finger that slides off the target, or lifts after 400 ms, or was cut by a loss, taps nothing")
    func noTap() throws {
        let b = try Bench(panel: (480, 480), rotation: .none)
        let icon = try #require(b.engine.tapTargets(at: b.now).first)
        let (x, y) = try #require(b.raw(inside: icon.rect))
        let t = b.now.microseconds
        b.device.play(.touchDown(id: 1, x: x, y: y, at: t))
        b.device.play(.touchMove(id: 1, x: x + 600, y: y, at: t + 20_000))
        b.device.play(.touchUp(id: 1, x: x, y: y, at: t + 40_000))
        b.device.play(.touchDown(id: 2, x: x, y: y, at: t))
        b.device.play(.touchUp(id: 2, x: x, y: y, at: t + 500_000))
        b.device.play(.touchDown(id: 3, x: x, y: y, at: t))
        b.device.play(.touchLost)
        b.device.play(.touchUp(id: 3, x: x, y: y, at: t + 50_000))
        #expect(b.actions.isEmpty)
    }

    @Test("keys by their role: Escape cancels, Tab moves, Enter acts; KEY_POWER and unknown keys do nothing")
    func keys() throws {
        let b = try Bench(panel: (480, 480), rotation: .none, keys: true)
        let keys = PlayedInput(touchAxes: nil)
        b.router.attach(keys)
        for code: UInt16 in [1, 15, 28, 116, 999] { keys.play(.key(code: code, heldMicroseconds: 50_000, at: 0)) }
        #expect(b.actions == [.key(.cancel), .key(.next), .key(.activate)])
    }

    @Test("a bouncing button makes one press; held long it is a long press, while still held")
    func button() throws {
        let b = try Bench(panel: (480, 480), rotation: .none, keys: true)
        let button = PlayedInput(touchAxes: nil)
        b.router.attach(button)
        let t = b.now.microseconds
        for (i, down) in [true, false, true, false, true].enumerated() { button.play(.button(down: down, at: t + Int64(i) * 2000)) }
        #expect(b.router.nextDeadline == Instant(microseconds: t + 8000 + 20_000))
        b.now = Instant(microseconds: t + 30_000)
        b.router.tick()
        #expect(b.actions.isEmpty, "down, not yet a press")
        b.now = Instant(microseconds: t + 8000 + 800_000)
        b.router.tick()
        #expect(b.actions == [.longPress])
        button.play(.button(down: false, at: t + 900_000))
        b.now = Instant(microseconds: t + 950_000)
        b.router.tick()
        #expect(b.actions == [.longPress], "the release of a long press does nothing")
    }
}
