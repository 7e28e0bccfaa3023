// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The circular indeterminate motion, after Material 3: over a 6 s cycle the arc's length
/// breathes from a tenth of the circle to 0.87 and back while the whole arc turns three times,
/// with four extra quarter-turn surges. The arc's tail always moves forward and its head
/// never stops for long, so the indicator never looks stalled. Integer arithmetic only.
public enum IndeterminateMotion {
    public static let cycleMicroseconds: Int64 = 6_000_000
    public static let minimumSweep: Int32 = 6554  // 0.10 of a turn
    public static let maximumSweep: Int32 = 57016  // 0.87 of a turn
    static let surgeMicroseconds: Int64 = 300_000
    static let quarterMicroseconds: Int64 = 1_500_000

    /// The arc `elapsed` microseconds after the activity began.
    public static func arc(elapsed: Int64) -> (start: Angle, sweep: Angle) {
        let t = elapsed < 0 ? 0 : elapsed
        let cycles = t / cycleMicroseconds
        let inCycle = t % cycleMicroseconds
        // Three linear turns a cycle.
        let linear = Int64(3 * 65536) * inCycle / cycleMicroseconds
        // One extra quarter turn in the first 300 ms of each 1.5 s quarter.
        let quarter = inCycle / quarterMicroseconds
        let inQuarter = inCycle % quarterMicroseconds
        let surge =
            inQuarter >= surgeMicroseconds ? Int64(16384) : Int64(Easing.easeOutCubic(Int32(inQuarter * 65536 / surgeMicroseconds))) / 4
        let rotation = (cycles * 4 + quarter) * 16384 + surge + linear
        // Length: up for half a cycle, down for the other, eased at both ends.
        let half = cycleMicroseconds / 2
        let phase = inCycle < half ? inCycle : cycleMicroseconds - inCycle
        let eased = Int64(Easing.easeInOut(Int32(phase * 65536 / half)))
        let sweep = Int64(minimumSweep) + ((Int64(maximumSweep - minimumSweep) * eased) >> 16)
        return (Angle(units: Int32(truncatingIfNeeded: rotation & 0xFFFF)), Angle(units: Int32(sweep)))
    }
}

/// The linear indeterminate motion: a segment a third of the bar long sweeps across it,
/// accelerating in and easing out, every 1.8 s.
public enum LinearIndeterminateMotion {
    public static let cycleMicroseconds: Int64 = 1_800_000

    /// The segment as fractions (Q16) of the bar, clamped to it: `from <= to`.
    public static func segment(elapsed: Int64) -> (from: Int32, to: Int32) {
        let t = (elapsed < 0 ? 0 : elapsed) % cycleMicroseconds
        let eased = Int64(Easing.easeInOut(Int32(t * 65536 / cycleMicroseconds)))
        // The head runs from 0 to 4/3 of the bar so the tail, a third behind, leaves it too.
        let head = eased * 4 / 3
        let tail = head - 65536 / 3
        return (Int32(max(0, min(65536, tail))), Int32(max(0, min(65536, head))))
    }
}
