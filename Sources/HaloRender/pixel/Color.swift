// SPDX-License-Identifier: Apache-2.0
/// An sRGB colour with straight (not premultiplied) alpha, 8 bits a channel.
public struct Color: Equatable, Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// `0xRRGGBB`, opaque.
    public init(rgb: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: rgb >> 16), g: UInt8(truncatingIfNeeded: rgb >> 8), b: UInt8(truncatingIfNeeded: rgb))
    }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)

    /// The same colour with its alpha scaled by `opacity` (0...255).
    public func withOpacity(_ opacity: UInt8) -> Color {
        Color(r: r, g: g, b: b, a: UInt8(Blend.mul255(UInt32(a), UInt32(opacity))))
    }

    /// This colour `eighths`/8 of the way to `other`, channel by channel (alpha included).
    public func mixed(toward other: Color, eighths: Int) -> Color {
        let k = Int32(max(0, min(8, eighths)))
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8(Int32(x) + ((Int32(y) - Int32(x)) * k + 4) / 8) }
        return Color(r: mix(r, other.r), g: mix(g, other.g), b: mix(b, other.b), a: mix(a, other.a))
    }

}

/// Blending arithmetic: source-over in stored (non-linear) values, rounded to nearest.
public enum Blend {
    /// `x * y / 255`, rounded to nearest, for `x, y` in 0...255.
    public static func mul255(_ x: UInt32, _ y: UInt32) -> UInt32 {
        let t = x &* y &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// `src` over `dst` with weight `alpha` (0...255) for one channel.
    public static func channel(_ src: UInt32, _ dst: UInt32, _ alpha: UInt32) -> UInt32 {
        let t = src &* alpha &+ dst &* (255 &- alpha) &+ 128
        return (t &+ (t >> 8)) >> 8
    }

    /// Coverage in Q8 (0...256) times a colour's alpha (0...255): the weight to blend with (0...255).
    public static func weight(coverage: Int32, alpha: UInt8) -> UInt32 {
        (UInt32(truncatingIfNeeded: coverage) &* UInt32(alpha) &+ 128) >> 8
    }
}
