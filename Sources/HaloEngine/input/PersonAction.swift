// SPDX-License-Identifier: Apache-2.0
/// What a person did, once the gestures and keys are recognised: the one thing the input
/// router hands the daemon, which knows who listens (`Engine.perform`).
public enum PersonAction: Equatable, Sendable {
    /// Tapped a target (`Engine.tapTargets`' key) on the touchscreen.
    case tap(UInt32)
    /// Pressed a key that moves the focus, activates or cancels.
    case key(KeyFocus.Key)
    /// Held a button down long: cancel the front-most cancellable activity.
    case longPress
    /// Pressed a button briefly: like Enter on the focused target, or Tab when none is focused.
    case shortPress
}

extension Engine {
    /// Carries out `action` at `now`; returns the request it made, for the daemon to announce.
    @discardableResult
    public func perform(_ action: PersonAction, at now: Instant, watched: (Owner) -> Bool) -> InputRequest? {
        // A prompt is answered by typing; taps and buttons wait until it has gone.
        if prompt != nil { return nil }
        switch action {
        case .tap(let key): return tapped(key, source: .touch, at: now, watched: watched)
        case .key(let key): return press(key, source: .key, at: now, watched: watched)
        case .longPress: return requestCancelOfFrontMost(source: .gpio, at: now, watched: watched)
        case .shortPress:
            return press(keyFocus.focused == nil ? .next : .activate, source: .gpio, at: now, watched: watched)
        }
    }
}

extension PersonAction {
    static let usage =
        "write person tap ID (the indicator), person tap-icon ID (its stop or play icon), person key next|previous|activate|cancel, person long-press or person short-press"

    /// A person's action written as a line (`person tap up`), as the mock's scripts, the demo
    /// and a daemon on the mock display take it; the targets are those on screen at `now`.
    public static func parse(_ line: String, on engine: Engine, at now: Instant) throws(ControlError) -> PersonAction {
        let words = line.split(separator: " ").map(String.init)
        guard words.first == "person", words.count >= 2 else { throw ControlError(usage) }
        switch (words[1], words.count) {
        case ("tap", 3), ("tap-icon", 3):
            // The picture's first part, or the icon's part in its group (after the picture's
            // own parts, or after those of the indicator inside its box).
            let parts: [UInt32] = words[1] == "tap" ? [0] : [3, 7]
            let targets = engine.tapTargets(at: now).map(\.key)
            guard let key = targets.first(where: { engine.activityID(ofLayer: $0) == words[2] && parts.contains($0 % 16) }) else {
                throw ControlError(
                    "\(words[2]) has no \(words[1] == "tap" ? "indicator" : "stop or play icon") a person could tap now; tap what is on screen",
                    code: .unknownID)
            }
            return .tap(key)
        case ("key", 3):
            let keys: [String: KeyFocus.Key] = ["next": .next, "previous": .previous, "activate": .activate, "cancel": .cancel]
            guard let key = keys[words[2]] else { throw ControlError(usage) }
            return .key(key)
        case ("long-press", 2): return .longPress
        case ("short-press", 2): return .shortPress
        default: throw ControlError(usage)
        }
    }
}
