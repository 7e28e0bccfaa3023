// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// An LED ring the daemon keeps up to date with the engine: `RingLights` on any ring output,
/// seen without the output's type.
public protocol RingUpdating: AnyObject {
    /// Brings the ring up to date at `now`; true when colours were sent.
    @discardableResult
    func update(at now: Instant) throws(RingError) -> Bool
    /// When the ring's picture next changes by itself.
    func nextChange(after now: Instant) -> Instant?
    /// Sends the colours again on the next update.
    func invalidate()
    /// Frames that reached the device, and the bytes they put on its bus.
    var traffic: (frames: Int, bytes: Int64) { get }
    /// Takes a reloaded board's look and colour pipeline; false when the output cannot.
    @discardableResult
    func retune(look: LedRingLook, pipeline: LedColorPipeline, dithers: Bool) -> Bool
    /// The daemon stops: the ring goes dark unless `keepingPicture`, and what was taken at
    /// start (LED triggers, GPIO lines) is given back.
    func stop(keepingPicture: Bool)
}

extension RingLights: RingUpdating {
    public var traffic: (frames: Int, bytes: Int64) { (output.framesDelivered, output.bytesSent) }

    public func stop(keepingPicture: Bool) {
        if !keepingPicture { try? turnOff() }
        output.finish()
    }
}
