// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// Joins an engine to an LED ring: each `update` works out the ring's colours and sends them
/// only when they changed, so an idle ring costs no bus traffic.
public final class RingLights<Output: RingOutput> {
    public let engine: Engine
    public let output: Output
    public var look: LedRingLook
    // Read and written on every ring frame, from the daemon's one thread, never re-entered:
    // the run-time exclusivity checks would cost more than the rest of a frame's bookkeeping.
    @exclusivity(unchecked) public private(set) var shown: [Color]? = nil
    /// Updates that sent colours, and updates that found nothing changed.
    @exclusivity(unchecked) public private(set) var framesSent = 0
    @exclusivity(unchecked) public private(set) var framesSkipped = 0
    /// Temporal dithering while the picture moves, for outputs that can (`DitheringRing`); a
    /// board turns it on where the ring is sent fast enough for it to be invisible.
    @exclusivity(unchecked) public var dithers = false
    let ditheringOutput: (any DitheringRing)?
    /// False after a dithered frame, until the still picture has been sent rounded.
    @exclusivity(unchecked) var settled = true
    /// The shortest time between two frames sent (`leds.fps`), whatever asks for them: a storm
    /// of reloads or redraws never drives the bus faster than the board allows.
    public var minimumFrameMicroseconds: Int64 = 0
    @exclusivity(unchecked) var lastSent: Instant?
    /// A frame was due but held back by the pace: `nextChange` brings the loop back for it.
    @exclusivity(unchecked) var heldBack = false

    /// The look's LED count is taken from the output, which knows how many LEDs it drives.
    public init(engine: Engine, output: Output, look: LedRingLook = LedRingLook()) {
        self.engine = engine
        self.output = output
        var l = look
        l.count = output.count
        self.look = l
        ditheringOutput = output as? any DitheringRing
    }

    /// Brings the ring up to date with the engine at `now`; true when colours were sent.
    @discardableResult
    public func update(at now: Instant) throws(RingError) -> Bool {
        if let last = lastSent, now - last < minimumFrameMicroseconds, now >= last {
            heldBack = true
            return false
        }
        heldBack = false
        let colors = engine.ledColors(look, at: now)
        if colors == shown {
            if settled {
                framesSkipped += 1
                return false
            }
            // The picture stopped: once more, rounded, and then the ring is quiet.
            try output.show(colors)
            settled = true
        } else if dithers, let d = ditheringOutput {
            try d.showDithered(colors)
            settled = false
        } else {
            try output.show(colors)
            settled = true
        }
        shown = colors
        framesSent += 1
        lastSent = now
        return true
    }

    /// Takes a reloaded board's look and colour pipeline at once; the next frame sends it.
    /// False when the output cannot change its pipeline while it runs.
    @discardableResult
    public func retune(look newLook: LedRingLook, pipeline: LedColorPipeline, dithers: Bool) -> Bool {
        var l = newLook
        l.count = output.count
        look = l
        self.dithers = dithers && ditheringOutput != nil
        invalidate()
        guard let retunable = output as? any RetunableRing else { return false }
        retunable.retune(pipeline)
        return true
    }

    /// When the ring's picture next changes: the engine's answer, or now while a dithered
    /// picture still has to be sent once more, rounded.
    public func nextChange(after now: Instant) -> Instant? {
        if heldBack, let last = lastSent { return Instant(microseconds: last.microseconds + minimumFrameMicroseconds) }
        return settled ? engine.ledNextChange(after: now) : now
    }

    /// Sends the colours again on the next update (after the LEDs lost power, say).
    public func invalidate() {
        shown = nil
        settled = true
    }

    /// Turns every LED off, as a daemon does when it stops.
    public func turnOff() throws(RingError) {
        let off = [Color](repeating: .black, count: output.count)
        if shown == off { return }
        try output.show(off)
        shown = off
        settled = true
        framesSent += 1
    }
}
