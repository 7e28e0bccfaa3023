// SPDX-License-Identifier: Apache-2.0
/// How much the picture may move, for the people whom motion troubles: a board's `motion`, or
/// `HALO_MOTION` in the daemon's environment.
///
/// - `full`: everything animates as designed.
/// - `reduced`: nothing turns, sweeps or glides; work of unknown length shows a still arc whose
///   opacity rises and falls once every two seconds, values fill without easing, and places
///   change at once. Fades of opacity stay.
/// - `none`: still frames. Values, places and fades change at once, and nothing pulses,
///   blinks or flashes.
public enum MotionLevel: String, CaseIterable, Sendable {
    case full, reduced, none

    /// A still arc for work of unknown length, centred on 12 o'clock so that it can never be
    /// read as an amount (a known amount always starts at 12 o'clock): a quarter turn, in
    /// angle units (start, sweep).
    public static let stillArc: (start: Int32, sweep: Int32) = (Angle.unitsPerTurn - Angle.unitsPerTurn / 8, Angle.unitsPerTurn / 4)

    /// The slow pulse of `reduced`: one rise and fall of opacity in this long.
    public static let pulsePeriod: Int64 = 2_000_000

    /// The pulse's strength (Q8, from 102 to 256: 40 % to full) `elapsed` microseconds in,
    /// full at the start so that the indicator is seen at once.
    public static func pulseLevel(elapsed: Int64) -> Int32 {
        let t = max(0, elapsed) % pulsePeriod
        let half = pulsePeriod / 2
        let down = t < half ? t : pulsePeriod - t
        let e = Int64(Easing.easeInOut(Int32(down * 65536 / half)))
        return 256 - Int32((154 * e + 32768) >> 16)
    }
}
