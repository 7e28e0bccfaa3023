// SPDX-License-Identifier: Apache-2.0
/// How the picture is turned on the panel, clockwise, in degrees. The renderer applies it while
/// drawing (each pixel goes straight to its rotated address), so rotation costs no extra pass.
public enum Rotation: Int32, CaseIterable, Sendable {
    case none = 0
    case quarter = 90
    case half = 180
    case threeQuarters = 270

    public init?(degrees: Int32) { self.init(rawValue: degrees) }

    public var degrees: Int32 { rawValue }

    /// True when the logical picture is the physical one with width and height exchanged.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The picture's size as the user sees it on a panel `width` × `height` as scanned out.
    public func logicalSize(width: Int32, height: Int32) -> (width: Int32, height: Int32) {
        swapsAxes ? (height, width) : (width, height)
    }
}
