// SPDX-License-Identifier: Apache-2.0
/// Paused is a state of its own: the work stands still and may go on. The indicator's motion
/// stops where it was (a ring's arc, a bar's fill, a spinner's turn), a play icon takes the
/// stop icon's place, and the LED ring holds its arc with the head blinking slowly. `resume`
/// goes on from the very pose it stopped in. Both are idempotent, so an app answering a
/// person's request twice does no harm.
extension Engine {
    func pause(_ id: String, at now: Instant) throws(ControlError) {
        let i = try activeIndex(id, "pause")
        let kind = activities[i].kind
        guard kind.canPause else {
            throw ControlError(
                "a \(kind.rawValue) cannot be paused: only circular, linear and spinner indicators show work that can stand still",
                code: .refused)
        }
        if activities[i].pausedAt == nil { activities[i].pausedAt = now }
    }

    func resume(_ id: String, at now: Instant) throws(ControlError) {
        let i = try activeIndex(id, "resume")
        guard let pausedAt = activities[i].pausedAt else { return }
        activities[i].pausedAt = nil
        // The turning motion goes on from where it stood, as if the pause had not happened.
        if case .indeterminate(let since) = activities[i].progress {
            activities[i].progress = .indeterminate(since: since.advanced(saturatingBy: now.microseconds(since: pausedAt)))
        }
    }
}
