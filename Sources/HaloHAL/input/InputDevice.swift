// SPDX-License-Identifier: Apache-2.0
/// What an input device reports, decoded but still in the device's own terms: raw axis units,
/// kernel key codes, and the kernel's timestamps on the monotonic clock, in microseconds. What
/// a touch or a key means is decided above the HAL (`HaloOutputs`' input router).
public enum InputEvent: Equatable, Sendable {
    /// A finger went down, moved or lifted; `id` follows one finger from down to up.
    case touchDown(id: Int32, x: Int32, y: Int32, at: Int64)
    case touchMove(id: Int32, x: Int32, y: Int32, at: Int64)
    case touchUp(id: Int32, x: Int32, y: Int32, at: Int64)
    /// The device lost events: every touch in progress must be forgotten.
    case touchLost
    /// A key was pressed and released, held for `heldMicroseconds`; reported at the release.
    case key(code: UInt16, heldMicroseconds: Int64, at: Int64)
    /// A push button on a GPIO line went down or up (already inverted for active-low lines).
    case button(down: Bool, at: Int64)
}

/// The range of a touchscreen's axes, as the kernel reports them, so touches can be mapped onto
/// the screen.
public struct TouchAxes: Equatable, Sendable {
    public var minimumX: Int32, maximumX: Int32
    public var minimumY: Int32, maximumY: Int32
    /// Units per millimetre across the glass, 0 when the device does not say.
    public var unitsPerMillimetre: Int32

    public init(minimumX: Int32, maximumX: Int32, minimumY: Int32, maximumY: Int32, unitsPerMillimetre: Int32 = 0) {
        self.minimumX = minimumX
        self.maximumX = maximumX
        self.minimumY = minimumY
        self.maximumY = maximumY
        self.unitsPerMillimetre = max(0, unitsPerMillimetre)
    }
}

/// An input device the loop polls: a touchscreen, a keyboard or remote, a GPIO button. It
/// reads what arrived without blocking and hands each event to `onEvent`.
public protocol InputDevice: EventSource {
    /// What the log calls it: the node and the name the device gives itself.
    var name: String { get }
    /// A touchscreen's axes; nil for keys and buttons.
    var touchAxes: TouchAxes? { get }
    /// Receives each event as it is decoded.
    var onEvent: ((InputEvent) -> Void)? { get set }
    /// Set once the device has gone (unplugged): the loop drops it.
    var gone: Bool { get }
    /// Whether the kernel already debounces the device's button.
    var kernelDebounces: Bool { get }
}

extension InputDevice {
    public var finished: Bool { gone }
    /// Whether the kernel already debounces the device's button (libgpiod 2 asks it to).
    public var kernelDebounces: Bool { false }
}
