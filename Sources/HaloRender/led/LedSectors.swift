// SPDX-License-Identifier: Apache-2.0
/// An LED ring sampled like a ring on screen: LED `i` of `n` stands for the sector of the turn
/// from `i/n` to `(i + 1)/n`, clockwise from 12 o'clock, and shows how much of that sector an
/// arc covers. So a ring of 12 LEDs at 55 % shows six LEDs fully lit and the seventh at 60 %,
/// and a turning arc moves smoothly from LED to LED instead of jumping.
public enum LedSectors {
    /// How much (Q8, 0...256) of LED `index`'s sector, of `count`, the arc covers. The arc starts
    /// at `start` and runs clockwise for `sweep` (angle units, 65536 to the turn); a sweep of a
    /// whole turn or more covers every LED.
    public static func coverage(index: Int, count: Int, start: Int32, sweep: Int32) -> Int32 {
        if count <= 0 || sweep <= 0 { return 0 }
        let turn = Int64(Angle.unitsPerTurn)
        if Int64(sweep) >= turn { return 256 }
        let from = Int64(index) * turn / Int64(count)
        let to = Int64(index + 1) * turn / Int64(count)
        let a = Int64(start) & (turn - 1)
        let b = a + Int64(sweep)
        // The arc may run past 12 o'clock: it then also covers the sector shifted by a turn.
        let covered = overlap(a, b, from, to) + overlap(a, b, from + turn, to + turn)
        // Most LEDs are wholly lit or wholly dark: no division for them.
        if covered == 0 { return 0 }
        if covered >= to - from { return 256 }
        return Int32((covered * 256 + (to - from) / 2) / (to - from))
    }

    /// Length of the intersection of `[a, b)` and `[c, d)`.
    static func overlap(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64) -> Int64 {
        let lo = a > c ? a : c
        let hi = b < d ? b : d
        return hi > lo ? hi - lo : 0
    }
}
