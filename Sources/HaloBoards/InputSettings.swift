// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// How a board's people answer its indicators: which input devices Halo reads, what its keys
/// do, how touch meets the glass, and a push button on a GPIO line.
public struct InputSettings: Equatable, Sendable {
    public enum Devices: Equatable, Sendable {
        /// Every touchscreen on the screen's glass and every keyboard or remote under
        /// /dev/input, and those plugged in later.
        case auto
        /// No input device at all.
        case none
        /// These nodes only (a touchscreen named here counts even without INPUT_PROP_DIRECT).
        case listed([String])
    }

    public enum Bias: String, CaseIterable, Sendable {
        case pullUp = "pull-up"
        case pullDown = "pull-down"
        case disabled
        case asIs = "as-is"
    }

    public var devices = Devices.auto
    /// Take the devices for Halo alone (EVIOCGRAB); the app under Halo then gets nothing.
    public var grab = false
    public var cancelKeys: [UInt16] = KeyCode.defaultCancelKeys
    /// How far a tap may move, in pixels; nil: 1.3 mm on the panel, or 8 px.
    public var slop: Int32?
    /// The glass's calibration matrix, six Q16 entries.
    public var calibration: [Int32] = [65536, 0, 0, 0, 65536, 0]
    /// A push button's GPIO line, by name or as CHIP:OFFSET.
    public var buttonLine: String?
    public var buttonActiveLow = true
    public var buttonBias = Bias.pullUp
    public var buttonDebounceMilliseconds: Int32 = 20
    public var longPressMilliseconds: Int32 = 800

    public init() {}
}
