// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The centre's activities gliding to new places when the arrangement changes (one arrives,
/// one leaves, a label grows a line): each moves from where it was to where it now belongs in
/// `duration`, easing out without overshoot, so nothing jumps. Places are the centre line of
/// an activity's picture in half pixels.
///
/// The engine retargets it only at the moments the arrangement can change (a command, an
/// activity appearing after its show delay, one leaving), in time order, never at a frame: so
/// the picture at any moment is the same however often, or seldom, it is drawn.
struct CentreGlide {
    static let duration: Int64 = 250_000

    var from: [UInt32: Int32] = [:]
    var to: [UInt32: Int32] = [:]
    var start = Instant(microseconds: Int64.min / 2)
    /// The activities that had no place before the change: they start at their place, and
    /// while the others make room they give way to them (`SceneBuilder.giveWay`).
    var arrived: Set<UInt32> = []

    /// Where the activity `serial` is at `now`, or nil if the glide does not know it.
    func place(_ serial: UInt32, at now: Instant) -> Int32? {
        guard let target = to[serial] else { return nil }
        let origin = from[serial] ?? target
        let t = now - start
        if t >= CentreGlide.duration || t < 0 || origin == target { return target }
        let eased = Int64(Easing.easeOutCubic(Int32(t * 65536 / CentreGlide.duration)))
        return origin + Int32((Int64(target - origin) * eased) >> 16)
    }

    /// True while some activity is still on its way.
    func isMoving(at now: Instant) -> Bool {
        now - start < CentreGlide.duration && now >= start && from != to
    }

    /// Sets new places, changed at `changedAt`: each activity glides from where the glide had
    /// it at that moment; one it did not know starts at its place.
    mutating func retarget(_ targets: [UInt32: Int32], changedAt: Instant) {
        if targets == to { return }
        var origins: [UInt32: Int32] = [:]
        var newcomers: Set<UInt32> = []
        for (serial, target) in targets {
            if let now = place(serial, at: changedAt) {
                origins[serial] = now
            } else {
                origins[serial] = target
                newcomers.insert(serial)
            }
        }
        from = origins
        arrived = newcomers
        to = targets
        start = changedAt
    }
}
