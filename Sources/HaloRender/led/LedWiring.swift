// SPDX-License-Identifier: Apache-2.0
/// How a ring's LEDs are wired against the picture: the engine draws LED 0 at 12 o'clock and
/// goes clockwise; a ring may be wired from any LED (`first`: the wire index of the LED at
/// 12 o'clock) and either way round (`clockwise` false: the wire runs counter-clockwise).
public struct LedWiring: Equatable, Sendable {
    public var first: Int
    public var clockwise: Bool

    public init(first: Int = 0, clockwise: Bool = true) {
        self.first = first
        self.clockwise = clockwise
    }

    /// The wire index of the picture's LED 0 on a ring of `count` (more than 0).
    @inline(__always)
    public func firstWireIndex(count: Int) -> Int { ((first % count) + count) % count }

    /// The wire index of the picture's next LED after the one at `wire`: the next on the wire,
    /// or the one before.
    @inline(__always)
    public func wireIndex(after wire: Int, count: Int) -> Int {
        if clockwise { return wire &+ 1 == count ? 0 : wire &+ 1 }
        return wire == 0 ? count &- 1 : wire &- 1
    }

    /// The picture's colours (LED 0 at 12 o'clock, clockwise) in the order they go on the wire.
    public func wireOrder<T>(_ picture: [T]) -> [T] {
        let n = picture.count
        if n == 0 || (first % n == 0 && clockwise) { return picture }
        var out = picture
        let start = firstWireIndex(count: n)
        for (i, value) in picture.enumerated() {
            // Picture position i sits `i` steps round from 12 o'clock; on the wire that is
            // `first + i` going the wire's way.
            let wire = clockwise ? (start + i) % n : (start - i % n + n) % n
            out[wire] = value
        }
        return out
    }
}
