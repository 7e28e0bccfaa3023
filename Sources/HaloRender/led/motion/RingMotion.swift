// SPDX-License-Identifier: Apache-2.0
/// The shape of a `RingSignal` at a moment, and when it next changes.
///
/// The vocabulary is made so that each state is told apart by movement and pattern alone: a
/// person who cannot tell the colours apart, or a ring whose LEDs are single-colour and only on
/// or off, still reads it. No LED lights more than 3 times in any second (the photosensitivity
/// limit for flashing), and every timed part ends: a still state sends nothing more.
///
/// | state | motion |
/// |---|---|
/// | known amount | a clockwise fill from 12 o'clock |
/// | unknown amount | the turning arc, growing and shrinking |
/// | success | sweeps on to full, blinks dark twice, stays lit |
/// | error | three flashes of the whole ring, then every other LED, steady |
/// | cancelled | the fill unwinds counter-clockwise and goes out |
/// | paused | the arc holds still; the LED at its head blinks, 1 s lit, 1 s dark |
/// | heard | the arc goes dark for 200 ms once, then shows as before |
/// | checkout | the whole ring breathes, 3 s a breath |
/// | toast | one swell and fade of the whole ring |
/// | network | one LED-wide dot running round |
///
/// With reduced motion (`MotionLevel`) nothing sweeps or runs: a success is full at once, a
/// cancel fades out, the network dot stands at 12 o'clock, and work of unknown length is a
/// still quarter of the ring round 12 o'clock whose brightness rises and falls every two
/// seconds (the engine's still arc). With none, every state is its still end: no blink, flash,
/// breath or pulse, and nothing is sent until the state changes.
///
/// Integer only, so that a microcontroller driving a ring can use it as it is.
public enum RingMotion {
    /// The success sweep, then its two dark blinks of 200 ms, 400 ms apart.
    public static let successSweep: Int64 = 300_000
    public static let successBlinksEnd: Int64 = 900_000
    /// Three flashes, 200 ms lit and 200 ms dark each, before the steady pattern.
    public static let errorFlashesEnd: Int64 = 1_200_000
    public static let cancelUnwind: Int64 = 600_000
    /// A paused arc's head: lit for this long, then dark for as long (0.5 Hz, far under 3 Hz).
    public static let pausedBlink: Int64 = 1_000_000
    /// How long the ring goes dark to say that a request was heard.
    public static let heardBlink: Int64 = 200_000
    public static let breath: Int64 = 3_000_000
    /// The dimmest point of a breath (Q8): dim, but never out, so the ring still says "waiting".
    public static let breathFloor: Int32 = 26
    public static let pulseRise: Int64 = 200_000
    public static let pulseEnd: Int64 = 600_000
    public static let dotTurn: Int64 = 1_200_000
    /// A cancel at less than this (Q16) unwinds from here, so that even a cancel at 0 % is seen.
    public static let cancelShortest: Int32 = 16384

    /// What the ring shows of `signal` on `count` LEDs, with `motion`.
    public static func pose(_ signal: RingSignal, count: Int, motion: MotionLevel) -> RingPose {
        motion == .full ? pose(signal, count: count) : still(signal, count: count, motion: motion)
    }

    /// When the pose of `signal` next changes by itself with `motion` (see `nextChange`).
    public static func nextChange(_ signal: RingSignal, motion: MotionLevel) -> Int64? {
        switch (motion, signal) {
        case (.full, _): return nextChange(signal)
        case (.none, _): return nil
        case (.reduced, .cancelled(_, let elapsed)): return elapsed < cancelUnwind ? 0 : nil
        case (.reduced, .glowing): return 50_000
        case (.reduced, .succeeded(_, let elapsed)):
            if elapsed >= successBlinksEnd { return nil }
            if elapsed < successSweep { return successSweep - max(0, elapsed) }
            return 200_000 - (elapsed - successSweep) % 200_000
        case (.reduced, .breathing), (.reduced, .pulse), (.reduced, .failed), (.reduced, .paused), (.reduced, .heard):
            return nextChange(signal)
        case (.reduced, .dot), (.reduced, .arc): return nil
        }
    }

    /// The pose with less motion: what sweeps or runs stands still; with `none` every timed
    /// part is skipped to its end.
    static func still(_ signal: RingSignal, count: Int, motion: MotionLevel) -> RingPose {
        let turn = Angle.unitsPerTurn
        switch signal {
        case .arc:
            return pose(signal, count: count)
        case .heard(let start, let sweep, _):
            return motion == .none ? RingPose(start: start, sweep: sweep) : pose(signal, count: count)
        case .glowing(let start, let sweep, let elapsed):
            return RingPose(start: start, sweep: sweep, level: motion == .none ? 256 : MotionLevel.pulseLevel(elapsed: elapsed))
        case .succeeded:
            // Full at once instead of the sweep; the blinks keep their time.
            if motion == .none { return RingPose(start: 0, sweep: turn) }
            return pose(signal, count: count).level == 0 ? RingPose(start: 0, sweep: turn, level: 0) : RingPose(start: 0, sweep: turn)
        case .failed(let elapsed):
            return pose(.failed(elapsed: motion == .none ? errorFlashesEnd : elapsed), count: count)
        case .cancelled(let from, let elapsed):
            if motion == .none || elapsed >= cancelUnwind { return RingPose(start: 0, sweep: 0) }
            let f = min(max(from, cancelShortest), turn)
            return RingPose(start: 0, sweep: f, level: 256 - Int32(max(0, elapsed) * 256 / cancelUnwind))
        case .breathing, .pulse, .paused:
            if motion == .none {
                if case .pulse = signal { return RingPose(start: 0, sweep: 0) }
                if case .paused(let start, let sweep, _) = signal {
                    return pose(.paused(start: start, sweep: sweep, elapsed: 0), count: count)
                }
                return RingPose(start: 0, sweep: turn)
            }
            return pose(signal, count: count)
        case .dot:
            return pose(.dot(elapsed: 0), count: count)
        }
    }

    /// What the ring shows of `signal` on `count` LEDs.
    public static func pose(_ signal: RingSignal, count: Int) -> RingPose {
        let turn = Angle.unitsPerTurn
        switch signal {
        case .arc(let start, let sweep):
            return RingPose(start: start, sweep: sweep)
        case .succeeded(let from, let elapsed):
            if elapsed < successSweep {
                let t = Int32(max(0, elapsed) * 65536 / successSweep)
                let f = Int64(min(max(from, 0), turn))
                return RingPose(start: 0, sweep: Int32(f + ((Int64(turn) - f) * Int64(Easing.easeOutCubic(t))) >> 16))
            }
            // Dark for 200 ms, lit for 200 ms, dark again, then lit for good.
            let dark = elapsed < successBlinksEnd && (elapsed - successSweep) / 200_000 % 2 == 0
            return RingPose(start: 0, sweep: turn, level: dark ? 0 : 256)
        case .failed(let elapsed):
            if elapsed < errorFlashesEnd {
                return RingPose(start: 0, sweep: turn, level: max(0, elapsed) / 200_000 % 2 == 0 ? 256 : 0)
            }
            return RingPose(start: 0, sweep: turn, alternate: true)
        case .cancelled(let from, let elapsed):
            if elapsed >= cancelUnwind { return RingPose(start: 0, sweep: 0) }
            let f = Int64(min(max(from, cancelShortest), turn))
            let t = Int32(max(0, elapsed) * 65536 / cancelUnwind)
            return RingPose(start: 0, sweep: Int32(f - (f * Int64(Easing.easeInOut(t))) >> 16))
        case .heard(let start, let sweep, let elapsed):
            return RingPose(start: start, sweep: sweep, level: elapsed >= 0 && elapsed < heardBlink ? 0 : 256)
        case .glowing(let start, let sweep, let elapsed):
            return RingPose(start: start, sweep: sweep, level: MotionLevel.pulseLevel(elapsed: elapsed))
        case .paused(let start, let sweep, let elapsed):
            // One LED's worth of arc: the head that blinks, and the least a paused ring shows.
            let led = turn / Int32(max(1, min(count, Int(turn))))
            let held = max(led, min(sweep, turn))
            let dark = max(0, elapsed) / pausedBlink % 2 == 1
            return RingPose(start: start, sweep: dark ? held - led : held)
        case .breathing(let elapsed):
            // Full at the start, so a checkout is seen at once; dimmest half a breath later.
            let inBreath = max(0, elapsed) % breath
            let half = breath / 2
            let down = inBreath < half ? inBreath : breath - inBreath
            let e = Int64(Easing.easeInOut(Int32(down * 65536 / half)))
            return RingPose(start: 0, sweep: turn, level: 256 - Int32((Int64(256 - breathFloor) * e + 32768) >> 16))
        case .pulse(let elapsed):
            let t = max(0, elapsed)
            if t >= pulseEnd { return RingPose(start: 0, sweep: 0) }
            let level: Int64
            if t < pulseRise {
                level = (256 * Int64(Easing.easeOutCubic(Int32(t * 65536 / pulseRise)))) >> 16
            } else {
                let fall = Int64(Easing.easeInOut(Int32((t - pulseRise) * 65536 / (pulseEnd - pulseRise))))
                level = 256 - ((256 * fall) >> 16)
            }
            return RingPose(start: 0, sweep: turn, level: Int32(level))
        case .dot(let elapsed):
            // It starts on LED 0 and lies on a whole LED each time it has moved one LED on.
            let width = Int64(turn) / Int64(max(1, count))
            let start = max(0, elapsed) % dotTurn * Int64(turn) / dotTurn
            return RingPose(start: Int32(truncatingIfNeeded: start), sweep: Int32(width))
        }
    }

    /// Microseconds from the signal's moment until its pose next changes by itself: 0 while it
    /// moves continuously, nil when it stays as it is (an arc's motion comes from the engine).
    public static func nextChange(_ signal: RingSignal) -> Int64? {
        switch signal {
        case .arc: return nil
        case .succeeded(_, let elapsed):
            if elapsed < successSweep { return 0 }
            if elapsed >= successBlinksEnd { return nil }
            return 200_000 - (elapsed - successSweep) % 200_000
        case .failed(let elapsed):
            if elapsed >= errorFlashesEnd { return nil }
            return 200_000 - max(0, elapsed) % 200_000
        case .cancelled(_, let elapsed): return elapsed < cancelUnwind ? 0 : nil
        case .paused(_, _, let elapsed): return pausedBlink - max(0, elapsed) % pausedBlink
        case .heard(_, _, let elapsed): return elapsed < heardBlink ? heardBlink - max(0, elapsed) : nil
        case .glowing: return 50_000
        case .pulse(let elapsed): return elapsed < pulseEnd ? 0 : nil
        case .breathing, .dot: return 0
        }
    }
}

/// A ring's picture at a moment: an arc, how brightly it is lit, and whether only every other
/// LED under it lights.
public struct RingPose: Equatable, Sendable {
    /// Angle units from 12 o'clock, and clockwise length (a whole turn or more lights every LED).
    public var start: Int32
    public var sweep: Int32
    /// Q8, 0...256: the lit colour's strength.
    public var level: Int32
    /// Odd LEDs stay dark (error's steady pattern).
    public var alternate: Bool

    public init(start: Int32, sweep: Int32, level: Int32 = 256, alternate: Bool = false) {
        self.start = start
        self.sweep = sweep
        self.level = level
        self.alternate = alternate
    }
}
