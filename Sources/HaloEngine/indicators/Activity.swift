// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// One activity's indicator and everything that decides what it shows when.
struct Activity {
    enum Outcome: Equatable {
        case succeeded(persist: Bool)
        case failed
        case cancelled
    }

    /// How the amount of progress is shown.
    enum Progress: Equatable {
        /// Turning; `since` is when the motion began.
        case indeterminate(since: Instant)
        /// A known amount. `shown` animates from `from` to `value` after `changedAt`.
        case determinate(value: ProgressValue, from: Int32, changedAt: Instant)
    }

    let id: String
    let kind: IndicatorKind
    /// Order of creation: older activities draw below newer ones of the same layer.
    let serial: UInt32
    let createdAt: Instant
    var label: String?
    var showValue: Bool?
    var region: Region?
    /// Where it is drawn; nil for the kinds with a place of their own (`Placement.resolve`).
    /// It never changes, and neither does `layer`, kept beside it because every frame reads it.
    var placement: Placement?
    /// Stacking: higher draws above lower. A progress dialog is modal, as a checkout is.
    var layer: Int
    var trackHidden: Bool
    var cancellable: Bool
    /// The person may pause and resume it (`pausable=yes`).
    var pausable = false
    /// Since when it is paused (`pause`): its motion stands still at this moment until `resume`.
    var pausedAt: Instant?
    /// What a person asked of it and the app has not answered yet.
    var request: PendingRequest?
    /// How much it may move: the engine's policy, kept here because every frame asks.
    var motion = MotionLevel.full
    var progress: Progress
    /// For an indeterminate → determinate switch: the arc when it happened and when.
    var switchFrom: (start: Int32, end: Int32, at: Instant)?
    var outcome: Outcome?
    var endedAt: Instant?
    /// When the indicator first appears (the show delay after creation, or sooner for an outcome).
    var visibleFrom: Instant
    /// When it leaves the screen; nil while it stays.
    var removeAt: Instant?
    /// Who showed it (`Engine.apply`'s owner), for the per-owner limit and for ending it when
    /// that connection closes (`Engine.ownerLeft`).
    var owner: Owner = .host
    /// Outlives its connection (`detached=yes`): only a command, or its lease, ends it.
    var detached = false
    /// With a lease (`lease=`), microseconds a command for it may be apart; it ends when one
    /// does not come in time (`leaseEnds`), and outlives its connection.
    var lease: Int64?
    var leaseEnds: Instant?

    /// Value changes glide over this long, ease-out, without overshoot.
    static let valueGlide: Int64 = 300_000
    /// The indeterminate → determinate switch takes this long.
    static let switchGlide: Int64 = 500_000

    /// The app's region as a rectangle, if it gave one.
    var regionRect: IntRect? { region.map { IntRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) } }

    func isVisible(at now: Instant) -> Bool {
        now >= visibleFrom && (removeAt.map { now < $0 } ?? true)
    }

    /// The amount shown at `now` (Q16), following value changes smoothly; nil when indeterminate.
    func shownFraction(at now: Instant) -> Int32? {
        guard case .determinate(let value, let from, let changedAt) = progress else { return nil }
        let t = now - changedAt
        if t >= Activity.valueGlide || t < 0 || motion == .none { return value.fractionQ16 }
        let progress = Int32(t * 65536 / Activity.valueGlide)
        // Reduced motion fills at an even pace, without easing.
        let eased = Int64(motion == .reduced ? progress : Easing.easeOutCubic(progress))
        return from + Int32((Int64(value.fractionQ16 - from) * eased) >> 16)
    }

    /// The arc drawn by a circular indicator at `now`: start and sweep in angle units.
    func arc(at now: Instant) -> (start: Int32, sweep: Int32) {
        switch progress {
        case .indeterminate(let since):
            if motion != .full { return MotionLevel.stillArc }
            let a = IndeterminateMotion.arc(elapsed: motionTime(at: now) - since)
            return (a.start.units, a.sweep.units)
        case .determinate:
            let value = shownFraction(at: now) ?? 0
            guard let from = switchFrom, motion == .full else { return (0, value) }
            let t = now - from.at
            if t >= Activity.switchGlide || t < 0 { return (0, value) }
            // Glide from the turning arc to the determinate one: the tail moves forward to the
            // next 12 o'clock, the head to the value, both eased.
            let e = Int64(Easing.easeInOut(Int32(t * 65536 / Activity.switchGlide)))
            let targetStart = (from.start + 65535) & ~0xFFFF
            let start = Int64(from.start) + ((Int64(targetStart - from.start) * e) >> 16)
            let end = Int64(from.end) + ((Int64(targetStart + value - from.end) * e) >> 16)
            return (Int32(start), Int32(max(0, end - start)))
        }
    }

    /// The moment a turning motion shows at `now`: `now`, or the moment it was paused.
    func motionTime(at now: Instant) -> Instant { pausedAt.map { min($0, now) } ?? now }

    /// Running, paused and not ended: the play icon shows where the stop icon was.
    var showsPaused: Bool { pausedAt != nil && outcome == nil }

    /// The stop or play icon shows: a running activity that is cancellable or paused.
    var showsActionIcon: Bool { outcome == nil && (cancellable || pausedAt != nil) }

    /// The moment after `now` at which this activity's picture next changes by itself.
    func nextChange(after now: Instant) -> Instant? {
        // The soonest so far, kept as it goes: a list of candidates would be allocated every frame.
        var soonest: Instant? = nil
        func consider(_ t: Instant) { soonest = min(soonest ?? t, t) }
        if now < visibleFrom { consider(visibleFrom) }
        if let removeAt, now < removeAt { consider(removeAt) }
        if let leaseEnds, removeAt == nil, now < leaseEnds { consider(leaseEnds) }
        if let request {
            if let act = request.actAt, now < act { consider(act) }
            if now < request.forgetAt { consider(request.forgetAt) }
        }
        if outcome == nil && isVisible(at: now) || now < visibleFrom {
            switch progress {
            case .indeterminate:
                // Always moving, unless paused or still: the next frame. The reduced pulse is
                // slow, and twenty frames a second draw it smoothly.
                if isVisible(at: now) && pausedAt == nil && motion != .none {
                    return motion == .full ? now : now.advanced(saturatingBy: 50_000)
                }
            case .determinate(let value, let from, let changedAt):
                // A value shown where it already stands has nothing to glide.
                if from != value.fractionQ16 && now - changedAt < Activity.valueGlide && motion != .none { return now }
                if let s = switchFrom, now - s.at < Activity.switchGlide && motion == .full { return now }
            }
        }
        return soonest
    }
}
