import HaloEngine
import HaloHAL
import HaloRender

/// Joins an engine to an LED ring: each `update` works out the ring's colours and sends them
/// only when they changed, so an idle ring costs no bus traffic.
public final class RingLights<Output: RingOutput> {
    public let engine: Engine
    public let output: Output
    public var look: LedRingLook
    public private(set) var shown: [Color]? = nil
    /// Updates that sent colours, and updates that found nothing changed.
    public private(set) var framesSent = 0
    public private(set) var framesSkipped = 0

    /// The look's LED count is taken from the output, which knows how many LEDs it drives.
    public init(engine: Engine, output: Output, look: LedRingLook = LedRingLook()) {
        self.engine = engine
        self.output = output
        var l = look
        l.count = output.count
        self.look = l
    }

    /// Brings the ring up to date with the engine at `now`; true when colours were sent.
    @discardableResult
    public func update(at now: Instant) throws(RingError) -> Bool {
        let colors = engine.ledColors(look, at: now)
        if colors == shown {
            framesSkipped += 1
            return false
        }
        try output.show(colors)
        shown = colors
        framesSent += 1
        return true
    }

    /// Sends the colours again on the next update (after the LEDs lost power, say).
    public func invalidate() { shown = nil }

    /// Turns every LED off, as a daemon does when it stops.
    public func turnOff() throws(RingError) {
        let off = [Color](repeating: .black, count: output.count)
        if shown == off { return }
        try output.show(off)
        shown = off
        framesSent += 1
    }
}
