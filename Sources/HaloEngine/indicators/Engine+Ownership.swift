// SPDX-License-Identifier: Apache-2.0
/// An indicator never outlives the app behind it. An activity belongs to the connection that
/// started it; when that connection closes with the activity still running, or when an
/// activity with a lease hears nothing within it, the engine ends it as the app would have had
/// to: a turning indicator goes, a determinate one fails with the board's words for it, and a
/// modal overlay leaves so the screen is usable again. Activities shown `detached=yes` are
/// ended only by a command; the host's (a script, the psplash FIFO) belong to no connection.
extension Engine {
    /// Ends what `owner`, a connection that has just closed, left running, except what it
    /// showed detached or with a lease; returns the ids it ended.
    @discardableResult
    public func ownerLeft(_ owner: Owner, at now: Instant) -> [String] {
        guard !owner.isHost else { return [] }
        expire(at: now)
        var ended: [String] = []
        for i in activities.indices where activities[i].owner == owner && !activities[i].detached && activities[i].lease == nil {
            if abandon(i, at: now) { ended.append(activities[i].id) }
        }
        if !ended.isEmpty { followCentre(at: now) }
        return ended
    }

    /// A command for `id` arrived: its lease, if it has one, starts again.
    func renewLease(of id: String, at now: Instant) {
        guard let i = activities.firstIndex(where: { $0.id == id }), let lease = activities[i].lease else { return }
        activities[i].leaseEnds = now.advanced(saturatingBy: lease)
    }

    /// Ends each activity whose lease ran out by `now`, as of the moment it ran out.
    func endLapsedLeases(at now: Instant) {
        for i in activities.indices {
            guard let ends = activities[i].leaseEnds, ends <= now else { continue }
            activities[i].leaseEnds = nil
            if abandon(i, at: ends) { lapsedLeases.record(activities[i].id) }
        }
    }

    /// Ids whose leases ran out since the last call, oldest first, for the daemon's log.
    public func takeLapsedLeases() -> [String] { lapsedLeases.take() }

    /// Ends activity `i` for an app that is gone; false when it was leaving already.
    func abandon(_ i: Int, at now: Instant) -> Bool {
        var a = activities[i]
        if a.removeAt != nil { return false }
        if a.outcome != nil {
            // A failure or a kept success its app would have dismissed: read, then gone.
            a.removeAt = max(now + policy.abandonedHold, a.visibleFrom + policy.minimumVisible)
        } else if now < a.visibleFrom || a.dimsAsModal || a.shownFraction(at: now) == nil {
            let seen = now >= a.visibleFrom
            a.endedAt = now
            leave(&a, now)
            // A modal overlay vanishing mid-task would puzzle the person at the screen.
            if seen && a.dimsAsModal { _ = toasts.enqueue(policy.abandonedLabel, long: true, at: now, engine: self) }
        } else {
            a.label = policy.abandonedLabel
            end(&a, .failed, now)
            a.removeAt = now + policy.abandonedHold
        }
        activities[i] = a
        return true
    }
}
