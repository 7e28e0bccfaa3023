// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// Joins input devices to the engine: each device's events go through the pure state machines
/// (`TouchMapping` onto the screen's logical pixels, `TapRecognizer` against the targets the
/// engine draws, the board's key table, `ButtonPress`) and come out as `PersonAction`s for
/// `onAction`, which the daemon carries out. One router serves every device; touches from two
/// devices never meet (ids are kept per device).
public final class InputRouter {
    public struct Settings: Sendable {
        /// The screen's panel as scanned out and its rotation: touch shares the picture's.
        public var panelWidth: Int32
        public var panelHeight: Int32
        public var rotation: Rotation
        /// The glass's calibration matrix, six Q16 entries (`TouchMapping`).
        public var calibration: [Int32] = TouchMapping.identity
        /// How far a tap may move, in pixels; nil works it out from the panel's size (1.3 mm).
        public var slop: Int32?
        /// Key codes and what they do; the board's table (`KeyTable`).
        public var keys: [UInt16: KeyFocus.Key] = KeyRoles.defaults
        /// A GPIO button's debounce and long press, in microseconds.
        public var debounce: Int64 = 20_000
        public var longPress: Int64 = 800_000

        public init(panelWidth: Int32, panelHeight: Int32, rotation: Rotation) {
            self.panelWidth = panelWidth
            self.panelHeight = panelHeight
            self.rotation = rotation
        }
    }

    let engine: Engine
    public var settings: Settings
    let clock: () -> Instant
    /// Receives what each person did, with the kernel's time of the event that finished it
    /// (the release of a tap or key, a button's edge), for the answer's latency.
    public var onAction: ((PersonAction, Instant) -> Void)?
    /// Told when a device lost events (the kernel's buffer filled): its name.
    public var onLoss: ((String) -> Void)?
    var taps: [ObjectIdentifier: TapRecognizer] = [:]
    var buttons: [ObjectIdentifier: ButtonPress] = [:]

    /// Ids a device's touches carry are its own: at most this many devices are followed.
    public static let maximumDevices = 32

    public init(engine: Engine, settings: Settings, clock: @escaping () -> Instant) {
        self.engine = engine
        self.settings = settings
        self.clock = clock
    }

    /// Routes `device`'s events from now on.
    public func attach(_ device: any InputDevice) {
        let id = ObjectIdentifier(device)
        guard taps.count < Self.maximumDevices else { return }
        taps[id] = TapRecognizer(slop: slop(for: device))
        if device.touchAxes == nil {
            // A button the kernel debounces already is taken edge by edge.
            buttons[id] = ButtonPress(debounce: device.kernelDebounces ? 0 : settings.debounce, longPress: settings.longPress)
        }
        let axes = device.touchAxes, name = device.name
        device.onEvent = { [unowned self] event in
            if event == .touchLost { self.onLoss?(name) }
            self.route(event, from: id, axes: axes)
        }
    }

    /// Forgets a device that has gone.
    public func detach(_ device: any InputDevice) {
        taps[ObjectIdentifier(device)] = nil
        buttons[ObjectIdentifier(device)] = nil
        device.onEvent = nil
    }

    /// When a button next needs `tick` (a debounce settling, a press becoming long).
    public var nextDeadline: Instant? { buttons.values.compactMap(\.nextDeadline).min() }

    /// Time passed: buttons whose level settled or whose press became long act now.
    public func tick() {
        let now = clock()
        for id in Array(buttons.keys) {
            if let action = buttons[id]?.tick(at: now) { act(on: action, at: now) }
        }
    }

    func route(_ event: InputEvent, from id: ObjectIdentifier, axes: TouchAxes?) {
        switch event {
        case .touchDown(let touch, let x, let y, let at):
            guard let p = map(x, y, axes) else { return }
            taps[id]?.down(touch, x: p.x, y: p.y, at: Instant(microseconds: at), targets: engine.tapTargets(at: clock()))
        case .touchMove(let touch, let x, let y, _):
            guard let p = map(x, y, axes) else { return }
            taps[id]?.move(touch, x: p.x, y: p.y)
        case .touchUp(let touch, let x, let y, let at):
            guard let p = map(x, y, axes), let key = taps[id]?.up(touch, x: p.x, y: p.y, at: Instant(microseconds: at)) else { return }
            onAction?(.tap(key), Instant(microseconds: at))
        case .touchLost:
            taps[id]?.lost()
        case .key(let code, _, let at):
            if let key = settings.keys[code] { onAction?(.key(key), Instant(microseconds: at)) }
        case .button(let down, let at):
            if let action = buttons[id]?.edge(down: down, at: Instant(microseconds: at)) { act(on: action, at: Instant(microseconds: at)) }
        }
    }

    func act(on press: ButtonPress.Action, at moment: Instant) {
        onAction?(press == .long ? .longPress : .shortPress, moment)
    }

    func map(_ x: Int32, _ y: Int32, _ axes: TouchAxes?) -> (x: Int32, y: Int32)? {
        guard let axes else { return nil }
        let mapping = TouchMapping(
            x: .init(minimum: axes.minimumX, maximum: axes.maximumX), y: .init(minimum: axes.minimumY, maximum: axes.maximumY),
            panelWidth: settings.panelWidth, panelHeight: settings.panelHeight, rotation: settings.rotation,
            calibration: settings.calibration)
        return mapping.logical(rawX: x, rawY: y)
    }

    /// The board's slop, or 1.3 mm on this panel when the device says how big its glass is,
    /// or 8 px.
    func slop(for device: any InputDevice) -> Int32 {
        if let s = settings.slop { return s }
        guard let axes = device.touchAxes, axes.unitsPerMillimetre > 0 else { return 8 }
        let units = axes.unitsPerMillimetre
        let range = Int64(axes.maximumX) - Int64(axes.minimumX) + 1
        guard range > 0 else { return 8 }
        // 1.3 mm in axis units, then in pixels across the panel.
        let slop = 13 * Int64(units) * Int64(settings.panelWidth) / (10 * range)
        return Int32(max(2, min(slop, 64)))
    }
}
