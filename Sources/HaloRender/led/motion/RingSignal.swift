// SPDX-License-Identifier: Apache-2.0
/// What an LED ring is asked to show: one state of one indicator, as a motion that a person can
/// tell from every other by movement alone, on a ring of single-colour LEDs that are only ever
/// on or off (`RingMotion` gives the shape of each at a moment). Times are microseconds since
/// the state began; amounts are Q16 of a turn; angles are `Angle` units.
public enum RingSignal: Equatable, Sendable {
    /// An arc from `start`, clockwise for `sweep`: a known amount filling from 12 o'clock, or the
    /// turning arc of work whose amount is unknown. The engine moves it; the motion adds nothing.
    case arc(start: Int32, sweep: Int32)
    /// Work done: the fill sweeps on from `from` to full, blinks dark twice, then stays lit.
    case succeeded(from: Int32, elapsed: Int64)
    /// Work failed: the whole ring flashes three times, then every other LED stays lit.
    case failed(elapsed: Int64)
    /// A person's request was heard (a tap, a key, a button's long press): the arc goes dark
    /// for one blink, then shows as before while the app decides.
    case heard(start: Int32, sweep: Int32, elapsed: Int64)
    /// Work of unknown length with reduced motion: a still arc whose brightness rises and falls
    /// once every two seconds (`MotionLevel.pulseLevel`).
    case glowing(start: Int32, sweep: Int32, elapsed: Int64)
    /// Work paused: the arc holds still where it stopped and the LED at its head blinks slowly,
    /// a second lit and a second dark; at 0 % the LED at 12 o'clock blinks alone.
    case paused(start: Int32, sweep: Int32, elapsed: Int64)
    /// Work stopped by the person: the fill unwinds counter-clockwise to 12 o'clock and goes out.
    case cancelled(from: Int32, elapsed: Int64)
    /// A checkout waiting for the customer: the whole ring breathes slowly.
    case breathing(elapsed: Int64)
    /// A toast: the whole ring swells and fades once.
    case pulse(elapsed: Int64)
    /// Network traffic: one LED-wide dot runs round the ring.
    case dot(elapsed: Int64)
}
