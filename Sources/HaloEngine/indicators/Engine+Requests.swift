// SPDX-License-Identifier: Apache-2.0
/// Requests from the person at the device: cancel, pause, resume. The app that showed the
/// activity decides; the indicator shows at once that it heard (half faded) until the app
/// answers with `cancel`, `pause`, `resume`, `succeed`, `fail` or `dismiss`. When no app
/// listens for the activity (its connection does not subscribe, or it has none), Halo carries
/// the request out itself after `Policy.unwatchedRequestWait`; an app that listens and lets
/// `Policy.answerWait` pass has declined, and the indicator looks as before.
extension Engine {
    /// Asks activity `id` to `kind` for a person, from `source`. `watched` says whether an app
    /// listens for activities of an owner (the daemon knows its subscribers). Returns the
    /// request to announce, or nil when the activity cannot be asked that now.
    @discardableResult
    public func request(
        _ kind: InputRequest.Kind, of id: String, source: InputRequest.Source, at now: Instant, watched: (Owner) -> Bool
    ) -> InputRequest? {
        expire(at: now)
        guard let i = activities.firstIndex(where: { $0.id == id }) else { return nil }
        let a = activities[i]
        guard a.outcome == nil, a.removeAt == nil, a.isVisible(at: now) else { return nil }
        switch kind {
        case .cancel: guard a.cancellable else { return nil }
        case .pause: guard a.pausable && a.pausedAt == nil else { return nil }
        case .resume: guard a.pausedAt != nil else { return nil }
        }
        let listened = !a.owner.isHost && watched(a.owner)
        let act = now + policy.unwatchedRequestWait
        activities[i].request = PendingRequest(
            kind: kind, source: source, at: now, actAt: listened ? nil : act, forgetAt: listened ? now + policy.answerWait : act)
        if choice?.serial == a.serial { closeChoice() }
        return InputRequest(id: id, kind: kind, source: source)
    }

    /// Asks the front-most cancellable activity to cancel: Escape, a remote's Back, a button's
    /// long press. The front-most is the one drawn on top: the highest layer, then the newest.
    @discardableResult
    public func requestCancelOfFrontMost(source: InputRequest.Source, at now: Instant, watched: (Owner) -> Bool) -> InputRequest? {
        expire(at: now)
        var best: Int?
        for i in activities.indices {
            let a = activities[i]
            guard a.cancellable, a.outcome == nil, a.removeAt == nil, a.isVisible(at: now) else { continue }
            if let b = best, (activities[b].layer, activities[b].serial) > (a.layer, a.serial) { continue }
            best = i
        }
        guard let best else { return nil }
        return request(.cancel, of: activities[best].id, source: source, at: now, watched: watched)
    }

    /// What the engine carried out itself since the last call (nobody was listening), for the
    /// daemon to announce (`InputRequest.doneEvent`) and log.
    public func takeCarriedOut() -> [InputRequest] { carriedOut.take() }

    /// The app answered `command`: the request it answers is settled.
    func noteAnswer(_ command: Command) {
        switch command {
        case .cancel(let id), .pause(let id), .resume(let id), .succeed(let id, _, _), .fail(let id, _), .dismiss(let id):
            if let i = activities.firstIndex(where: { $0.id == id }) { activities[i].request = nil }
        default: break
        }
    }

    /// Carries out the requests nobody answered whose wait is over, as of that moment, and lets
    /// go of those an app declined.
    func settleRequests(at now: Instant) {
        for i in activities.indices {
            guard let r = activities[i].request else { continue }
            if let act = r.actAt, act <= now {
                activities[i].request = nil
                let id = activities[i].id
                if carryOut(r.kind, of: id, at: act) { carriedOut.record(InputRequest(id: id, kind: r.kind, source: r.source)) }
            } else if r.actAt == nil && r.forgetAt <= now {
                activities[i].request = nil
            }
        }
    }

    func carryOut(_ kind: InputRequest.Kind, of id: String, at moment: Instant) -> Bool {
        do throws(ControlError) {
            switch kind {
            case .cancel: _ = try perform(.cancel(id: id), at: moment, owner: .host)
            case .pause: try pause(id, at: moment)
            case .resume: try resume(id, at: moment)
            }
            return true
        } catch {
            return false
        }
    }
}
