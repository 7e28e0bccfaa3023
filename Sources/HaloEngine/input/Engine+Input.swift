// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What taps and keys do, from targets the scene itself names (`TapTargets`): a tap on a stop
/// icon asks to cancel, on a play icon to resume, on an indicator that may be paused or
/// cancelled it opens the choice, and on a choice's button it asks for that; next and previous
/// keys move a focus ring among the same targets, activate taps the focused one, and Escape
/// closes an open choice or asks the front-most cancellable activity to cancel. Requests go
/// through `request`, so the app decides.
extension Engine {
    /// Where a person can tap at `now`, topmost first.
    public func tapTargets(at now: Instant) -> [TapRecognizer.Target] {
        TapTargets.find(in: layers(at: now), engine: self, at: now)
    }

    /// Where touches and clicks belong to Halo when it is laid over an app, for a scene's
    /// `layers` at `now`: its tap targets, and the whole screen while a modal overlay (a
    /// checkout, a dialog) or a prompt blocks the app. Everywhere else they go to the app.
    public func inputRegion(of layers: [Layer], at now: Instant) -> [IntRect] {
        let screen = IntRect(x: 0, y: 0, width: screenWidth, height: screenHeight)
        if prompt != nil || activities.contains(where: { $0.dimsAsModal && $0.isVisible(at: now) }) { return [screen] }
        return TapTargets.find(in: layers, engine: self, at: now).map { $0.rect.intersection(screen) }.filter { !$0.isEmpty }
    }

    /// The targets the keys move among at `now`, in reading order: top to bottom, then left
    /// to right.
    public func focusOrder(at now: Instant) -> [UInt32] {
        tapTargets(at: now).filter { $0.key != LayerKey.choiceElsewhere }
            .sorted { ($0.rect.y, $0.rect.x, $0.key) < ($1.rect.y, $1.rect.x, $1.key) }.map(\.key)
    }

    /// The id of the activity a layer or target key belongs to, if it is one of an activity's.
    public func activityID(ofLayer key: UInt32) -> String? {
        guard let serial = LayerKey.serial(of: key) else { return nil }
        return activities.first { $0.serial == serial }?.id
    }

    /// The target the focus ring is on, if any.
    public var focusedTarget: UInt32? { keyFocus.focused }

    /// What a tap on target `key` does. Returns the request to announce, if it made one.
    @discardableResult
    public func tapped(_ key: UInt32, source: InputRequest.Source, at now: Instant, watched: (Owner) -> Bool) -> InputRequest? {
        expire(at: now)
        if let choice {
            closeChoice()
            guard let i = choice.options.indices.first(where: { key == LayerKey.choiceButton($0) }) else { return nil }
            return request(choice.options[i], of: choice.id, source: source, at: now, watched: watched)
        }
        guard let serial = LayerKey.serial(of: key), let a = activities.first(where: { $0.serial == serial }) else { return nil }
        let part = key &- LayerKey.activity(serial)
        if part == LayerKey.Part.stop.rawValue || part == LayerKey.Part.inner.rawValue + LayerKey.Part.stop.rawValue {
            return request(a.pausedAt != nil ? .resume : .cancel, of: a.id, source: source, at: now, watched: watched)
        }
        if part == LayerKey.Part.shape.rawValue { openChoice(for: a, at: now, focused: source == .key) }
        return nil
    }

    /// A key that moves the focus, activates or cancels (`KeyFocus`), pressed at `now`.
    @discardableResult
    public func press(_ key: KeyFocus.Key, source: InputRequest.Source = .key, at now: Instant, watched: (Owner) -> Bool)
        -> InputRequest?
    {
        expire(at: now)
        if key == .cancel && choice != nil {
            closeChoice()
            return nil
        }
        switch keyFocus.press(key, targets: focusOrder(at: now)) {
        case .activate(let target)?: return tapped(target, source: source, at: now, watched: watched)
        case .cancelFrontMost?: return requestCancelOfFrontMost(source: source, at: now, watched: watched)
        case .focus?, nil: return nil
        }
    }

    func openChoice(for a: Activity, at now: Instant, focused: Bool) {
        guard a.outcome == nil, a.removeAt == nil else { return }
        let options = Choice.options(for: a)
        guard !options.isEmpty else { return }
        choice = Choice(serial: a.serial, id: a.id, options: options, openedAt: now)
        if focused { keyFocus.move(to: LayerKey.choiceButton(0)) }
    }

    func closeChoice() {
        choice = nil
        if let f = keyFocus.focused, LayerKey.isChoicePart(f) { keyFocus.move(to: nil) }
    }

    /// Closes the choice when its time is up or its activity no longer runs.
    func closeChoiceIfDue(at now: Instant) {
        guard let c = choice else { return }
        let running = activities.contains { $0.serial == c.serial && $0.outcome == nil && $0.removeAt == nil }
        if now >= c.closesAt || !running { closeChoice() }
    }
}
