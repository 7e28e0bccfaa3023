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
        switch action {
        case .tap(let key): return tapped(key, source: .touch, at: now, watched: watched)
        case .key(let key): return press(key, source: .key, at: now, watched: watched)
        case .longPress: return requestCancelOfFrontMost(source: .gpio, at: now, watched: watched)
        case .shortPress:
            return press(keyFocus.focused == nil ? .next : .activate, source: .gpio, at: now, watched: watched)
        }
    }
}
