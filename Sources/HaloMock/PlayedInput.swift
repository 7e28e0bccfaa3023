// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// An input device in memory, for demos, benchmarks and tests: whoever holds it plays the
/// events a driver would deliver (`play`), and the router attached to it hears them as from a
/// touchscreen (with `touchAxes`) or from keys and buttons (without).
public final class PlayedInput: InputDevice {
    public let name: String
    public let touchAxes: TouchAxes?
    public var onEvent: ((InputEvent) -> Void)?
    public var gone = false
    public var descriptor: Int32 { -1 }

    public init(name: String = "played input", touchAxes: TouchAxes?) {
        self.name = name
        self.touchAxes = touchAxes
    }

    public func handle() {}

    /// Delivers `event` as if the device had just reported it.
    public func play(_ event: InputEvent) { onEvent?(event) }
}
