// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Where a touch lands in the picture: from a touchscreen's raw axis values to the logical
/// pixels the renderer draws in, through the glass's calibration and the screen's rotation.
///
/// The picture and the touch share one `Rotation`, so a finger on the panel meets exactly the
/// pixel the canvas drew there. The calibration matrix is the one libinput users know (two
/// rows of three, applied to coordinates normalised to the glass), written in Q16 fixed point:
/// 65536 is 1.0, so the identity is `[65536, 0, 0, 0, 65536, 0]`. Every input may be absurd (a
/// device's range, a value outside it, a board's matrix): the arithmetic runs in `Int64` on
/// clamped values and the result is always a pixel on the screen.
public struct TouchMapping: Equatable, Sendable {
    /// One axis of the device as the kernel reports it (`EVIOCGABS` minimum and maximum).
    public struct Axis: Equatable, Sendable {
        public var minimum: Int32
        public var maximum: Int32

        public init(minimum: Int32, maximum: Int32) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    public static let one: Int64 = 65536
    public static let identity: [Int32] = [65536, 0, 0, 0, 65536, 0]

    public var x: Axis
    public var y: Axis
    /// The panel as scanned out, before rotation, in pixels.
    public var panelWidth: Int32
    public var panelHeight: Int32
    public var rotation: Rotation
    /// Six Q16 entries; any other count given to `init` means the identity. Set only there, so
    /// it always has six.
    public private(set) var calibration: [Int32]

    public init(
        x: Axis, y: Axis, panelWidth: Int32, panelHeight: Int32, rotation: Rotation,
        calibration: [Int32] = TouchMapping.identity
    ) {
        self.x = x
        self.y = y
        self.panelWidth = max(1, panelWidth)
        self.panelHeight = max(1, panelHeight)
        self.rotation = rotation
        self.calibration = calibration.count == 6 ? calibration : Self.identity
    }

    /// The logical pixel under raw axis values `(rawX, rawY)`.
    public func logical(rawX: Int32, rawY: Int32) -> (x: Int32, y: Int32) {
        let nx = Self.normalised(rawX, on: x)
        let ny = Self.normalised(rawY, on: y)
        // Indexed, not mapped to a new array: this runs for every touch event.
        func m(_ i: Int) -> Int64 { Int64(calibration[i]) }
        let cx = Self.clampUnit((m(0) * nx + m(1) * ny) / Self.one + m(2))
        let cy = Self.clampUnit((m(3) * nx + m(4) * ny) / Self.one + m(5))
        let px = Int32(cx * Int64(panelWidth) / Self.one)
        let py = Int32(cy * Int64(panelHeight) / Self.one)
        return Self.rotated(px, py, width: panelWidth, height: panelHeight, by: rotation)
    }

    /// A raw value as a fraction of its axis in Q16, 0 at the minimum and just under 1.0 at the
    /// maximum, so the last raw value still lands on the last pixel.
    static func normalised(_ raw: Int32, on axis: Axis) -> Int64 {
        let low = Int64(min(axis.minimum, axis.maximum))
        let high = Int64(max(axis.minimum, axis.maximum))
        let value = min(max(Int64(raw), low), high)
        return (value - low) * one / (high - low + 1)
    }

    /// A calibrated fraction kept on the glass: `one - 1` is the far edge's last pixel.
    static func clampUnit(_ v: Int64) -> Int64 { min(max(v, 0), one - 1) }

    /// A physical pixel of a `width` × `height` panel in the picture's logical coordinates: the
    /// inverse of the address arithmetic `Canvas` draws with.
    static func rotated(
        _ px: Int32, _ py: Int32, width: Int32, height: Int32, by rotation: Rotation
    ) -> (x: Int32, y: Int32) {
        switch rotation {
        case .none: (px, py)
        case .quarter: (py, width - 1 - px)
        case .half: (width - 1 - px, height - 1 - py)
        case .threeQuarters: (height - 1 - py, px)
        }
    }
}
