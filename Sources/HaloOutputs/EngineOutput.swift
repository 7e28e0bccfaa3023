// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL

/// Something the daemon keeps up to date with its engine, on the same clock as the others: a
/// screen (`Screen`) or an LED ring (`RingLights`). The daemon holds a list of them: a screen, a
/// ring, or both.
public protocol EngineOutput: AnyObject {
    /// Brings the output up to date at `now` and sends what changed; returns how many pixels
    /// or LEDs changed (0: nothing was sent).
    func present(at now: Instant) throws(OutputError) -> Int64
    /// When its picture next changes with no further command (nil: it stays still), so the
    /// daemon sleeps until then; a ring's own motion (blinks, a breath) wakes it as a screen's does.
    func nextChange(after now: Instant) -> Instant?
    /// False while the output is still busy with what it was sent last (a page flip in flight):
    /// the next update waits for it.
    var readyForUpdate: Bool { get }
    /// Its news for the daemon's poll (a screen's page flips); nil for none.
    var events: (any EventSource)? { get }
    /// Sends everything again at the next update (after a theme change, or another program drew).
    func invalidate()
    /// The display it draws on, for what the daemon asks of displays (a handoff, a snapshot);
    /// nil for an LED ring.
    var anyDisplay: (any Display)? { get }
    /// For an LED ring, the frames and bytes it has sent (`halo ctl stats`); nil for a screen.
    var ringTraffic: (frames: Int, bytes: Int64)? { get }
    /// The daemon is stopping: leave the last picture, or clear it (an LED ring goes dark).
    func stop(keepingPicture: Bool)
}

/// An output's failure to show an update, worded for the person running Halo.
public struct OutputError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension Screen: EngineOutput {
    public func present(at now: Instant) throws(OutputError) -> Int64 {
        do { return try update(at: now).area } catch { throw OutputError(error.description) }
    }
    public func nextChange(after now: Instant) -> Instant? { engine.nextChange(after: now) }
    public var readyForUpdate: Bool { display.readyForFrame }
    public var events: (any EventSource)? { display.events }
    public var anyDisplay: (any Display)? { display }
    public var ringTraffic: (frames: Int, bytes: Int64)? { nil }
    /// A screen's picture at exit is the board's `screen.on-exit`, which `halo run` carries out.
    public func stop(keepingPicture: Bool) {}
}

extension RingLights: EngineOutput {
    public func present(at now: Instant) throws(OutputError) -> Int64 {
        do { return try update(at: now) ? Int64(look.count) : 0 } catch { throw OutputError(error.description) }
    }
    public var readyForUpdate: Bool { true }
    public var events: (any EventSource)? { nil }
    public var anyDisplay: (any Display)? { nil }
    public var ringTraffic: (frames: Int, bytes: Int64)? { (output.framesDelivered, output.bytesSent) }
    public func stop(keepingPicture: Bool) {
        if !keepingPicture { try? turnOff() }
        output.finish()
    }
}
