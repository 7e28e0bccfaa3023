// SPDX-License-Identifier: Apache-2.0
/// An angle as a fraction of a turn, 65536 to the turn, measured clockwise from 12 o'clock.
///
/// 61 % of a circle is 39977 units (219.6°): there is no whole-degree step anywhere. Angles are
/// not wrapped on construction, so a sweep of exactly one turn stays distinguishable from zero.
public struct Angle: Equatable, Hashable, Comparable, Sendable {
    public static let unitsPerTurn: Int32 = 65536

    public var units: Int32

    public init(units: Int32) { self.units = units }

    public static let zero = Angle(units: 0)
    public static let fullTurn = Angle(units: unitsPerTurn)

    public static func + (a: Angle, b: Angle) -> Angle { Angle(units: a.units &+ b.units) }
    public static func - (a: Angle, b: Angle) -> Angle { Angle(units: a.units &- b.units) }
    public static func < (a: Angle, b: Angle) -> Bool { a.units < b.units }

    /// The sine of this angle in Q16.
    public var sineQ16: Int32 {
        let u = units & 0xFFFF
        let quadrant = u >> 14
        let within = u & 0x3FFF
        // Each quarter turn has 16384 units; the table has 256 steps of 64 units each.
        let index = Int(quadrant & 1 == 0 ? within : 0x4000 - within)
        let step = index >> 6
        let rest = Int32(index & 63)
        let a = quarterSineQ16[step]
        let value = step >= 256 ? a : a + (((quarterSineQ16[step + 1] - a) * rest + 32) >> 6)
        return quadrant >= 2 ? -value : value
    }

    /// The cosine of this angle in Q16.
    public var cosineQ16: Int32 { Angle(units: units &+ 16384).sineQ16 }

    /// The direction this angle points on screen, y growing downwards: (sin θ, −cos θ) in Q16.
    public var direction: (x: Int32, y: Int32) { (sineQ16, -cosineQ16) }
}
