// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What an LED ring shows for the engine's state at a moment.
///
/// The ring follows the activity that matters most: a checkout first, then the newest circular
/// or linear indicator, then the newest spinner or partial overlay, then the network spinner.
/// Each state is a `RingSignal`, a motion told apart from the others without its colour: a
/// known amount fills clockwise from 12 o'clock as its value glides; anything else turning
/// shows the screen's turning arc; success sweeps to full and blinks twice; an error flashes
/// three times and then lights every other LED until dismissed; a cancel unwinds the fill; a
/// checkout breathes; the network spinner is a running dot; a paused arc holds still while
/// its head blinks slowly; a person's request blinks the ring dark once. A toast, which has only text,
/// pulses once when nothing more important holds the ring. With nothing to show, every LED is off.
enum LedRingScene {
    static func colors(_ engine: Engine, look: LedRingLook, at now: Instant) -> [Color] {
        guard look.count > 0, let (signal, lit) = signal(engine, at: now) else {
            return [Color](repeating: .black, count: max(0, look.count))
        }
        let pose = RingMotion.pose(signal, count: look.count, motion: engine.policy.motion)
        // Whole LEDs, lit or dark, are most of the ring: their colours are worked out once.
        let on = pose.level >= 256 ? lit : mix(lit, over: look.track, coverage: pose.level)
        let dark = look.track
        var colors: [Color] = []
        colors.reserveCapacity(look.count)
        for i in 0..<look.count {
            var c = LedSectors.coverage(index: i, count: look.count, start: pose.start, sweep: pose.sweep)
            if pose.alternate && i & 1 == 1 { c = 0 }
            if c == 256 {
                colors.append(on)
            } else if c == 0 {
                colors.append(dark)
            } else {
                colors.append(mix(lit, over: look.track, coverage: (c * min(256, max(0, pose.level))) >> 8))
            }
        }
        return colors
    }

    /// The state the ring shows at `now`, with its lit colour; nil for a dark ring.
    static func signal(_ engine: Engine, at now: Instant) -> (RingSignal, Color)? {
        // One read of the engine's activities: each access to a class's property is checked at
        // run time, and this runs every ring frame.
        let activities = engine.activities
        let lead = Lead.index(activities, at: now)
        let theme = engine.theme
        let importance = lead.map { activities[$0].kind.importance } ?? -1
        // A cancel's unwinding is short; only a checkout covers it.
        if let c = engine.ringCancel, now >= c.at, now - c.at < RingMotion.cancelUnwind, importance < IndicatorKind.checkout.importance {
            return (.cancelled(from: c.from, elapsed: now - c.at), theme.indicator)
        }
        if importance <= IndicatorKind.network.importance, let toast = engine.toasts.current(at: now),
            now - toast.start < RingMotion.pulseEnd
        {
            return (.pulse(elapsed: now - toast.start), theme.indicator)
        }
        guard let lead else { return nil }
        let a = activities[lead]
        let ended = a.endedAt ?? now
        switch a.outcome {
        case .succeeded: return (.succeeded(from: a.shownFraction(at: ended) ?? 0, elapsed: now - ended), theme.success)
        case .failed: return (.failed(elapsed: now - ended), theme.error)
        case .cancelled: return nil
        case nil: break
        }
        switch a.kind {
        case .checkout: return (.breathing(elapsed: now - a.visibleFrom), theme.indicator)
        case .network: return (.dot(elapsed: now - a.visibleFrom), theme.indicator)
        case .circular, .linear, .spinner, .partial:
            let arc = a.arc(at: now)
            if let r = a.request, now.microseconds(since: r.at) < RingMotion.heardBlink {
                return (.heard(start: arc.start, sweep: arc.sweep, elapsed: now.microseconds(since: r.at)), theme.indicator)
            }
            if let paused = a.pausedAt {
                return (.paused(start: arc.start, sweep: arc.sweep, elapsed: now.microseconds(since: paused)), theme.indicator)
            }
            if case .indeterminate(let since) = a.progress, a.motion == .reduced {
                return (
                    .glowing(start: arc.start, sweep: arc.sweep, elapsed: now.microseconds(since: max(since, a.visibleFrom))),
                    theme.indicator
                )
            }
            return (.arc(start: arc.start, sweep: arc.sweep), theme.indicator)
        }
    }

    static func mix(_ top: Color, over bottom: Color, coverage: Int32) -> Color {
        let w = UInt32(min(255, max(0, (coverage * 255 + 128) >> 8)))
        return Color(
            r: UInt8(Blend.channel(UInt32(top.r), UInt32(bottom.r), w)),
            g: UInt8(Blend.channel(UInt32(top.g), UInt32(bottom.g), w)),
            b: UInt8(Blend.channel(UInt32(top.b), UInt32(bottom.b), w)))
    }

}

extension Engine {
    /// The colours of an LED ring of `look` at `now`, LED 0 (12 o'clock) first.
    public func ledColors(_ look: LedRingLook, at now: Instant) -> [Color] {
        expire(at: now)
        return LedRingScene.colors(self, look: look, at: now)
    }

    /// When the ring's picture next changes with no further command: `nextChange` for what the
    /// engine moves (glides, turning arcs, removals, toasts), or sooner for the ring's own
    /// motion (blinks, flashes, a breath, a pulse, the network dot); nil while the ring is still.
    public func ledNextChange(after now: Instant) -> Instant? {
        let engine = nextChange(after: now)
        expire(at: now)
        guard let (signal, _) = LedRingScene.signal(self, at: now), let wait = RingMotion.nextChange(signal, motion: policy.motion) else {
            return engine
        }
        // Saturating: a moment past the clock's end is never.
        guard now.microseconds <= Int64.max - wait else { return engine }
        let own = Instant(microseconds: now.microseconds + wait)
        return engine.map { min($0, own) } ?? own
    }
}
