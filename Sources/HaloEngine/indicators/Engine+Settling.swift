// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// When the commands given so far have taken their whole effect on screen. A command's effect
/// can lag behind it on purpose: a new indicator waits for its show delay (so short tasks never
/// flash), then fades or glides into place; a value glides; a dismissed indicator stays its
/// minimum visible time. `sync` tells a client how long that is, and `replay` takes its
/// default frames once it is over.
extension Engine {
    /// The moment after which no command given up to `now` changes the picture any more by
    /// itself, other than endless motion (a spinner turning) and timed removals of outcomes
    /// (a success held for its time); `now` when everything already shows.
    public func settlesAt(after now: Instant) -> Instant {
        expire(at: now)
        var latest = now
        func wait(_ microseconds: Int64, after t: Instant) {
            let end = Instant(microseconds: t.microseconds + microseconds)
            if end > latest { latest = end }
        }
        for a in activities {
            if now < a.visibleFrom {
                // It appears, then glides to its place in the centre or fades its dimming in.
                wait(max(CentreGlide.duration, OverlayFade.duration), after: a.visibleFrom)
            }
            if case .determinate(let value, let from, let changedAt) = a.progress, from != value.fractionQ16 {
                wait(Activity.valueGlide, after: changedAt)
            }
            if let s = a.switchFrom { wait(Activity.switchGlide, after: s.at) }
            // Dismissed or cancelled: gone once its minimum visible time is over. A success's
            // hold is the outcome showing, not a command still taking effect.
            if let removeAt = a.removeAt, a.outcome != .succeeded(persist: false) {
                wait(a.hasOverlay ? OverlayFade.duration : 0, after: removeAt)
            }
        }
        if centreGlide.isMoving(at: now) { wait(CentreGlide.duration, after: centreGlide.start) }
        for fade in overlayFades { wait(OverlayFade.duration, after: fade.start) }
        if let toast = toasts.current(at: now) { wait(ToastQueue.fade, after: toast.start) }
        return latest
    }

    /// Activities still waiting for their show delay at `now`, with the moment each appears,
    /// soonest first.
    public func pendingShows(at now: Instant) -> [(id: String, at: Instant)] {
        expire(at: now)
        return activities.filter { now < $0.visibleFrom }.map { ($0.id, $0.visibleFrom) }.sorted { $0.at < $1.at }
    }
}
