// SPDX-License-Identifier: Apache-2.0
/// Keys on a screen with several controls, for a kiosk with a keypad or a remote and no touch:
/// next and previous move a visible focus ring among the targets, activate does what a tap
/// would, and cancel asks to cancel the front-most cancellable activity wherever the focus is.
/// It knows keys only by what they do; which key codes mean what is the board's (and the
/// backend's) business.
public struct KeyFocus: Sendable {
    /// What a key does.
    public enum Key: Sendable {
        case next, previous, activate, cancel
    }

    /// What the screen should do about a key.
    public enum Action: Equatable, Sendable {
        /// Draw the focus ring on this target (nil: on none).
        case focus(UInt32?)
        /// Act on the target as a tap would.
        case activate(UInt32)
        /// Ask to cancel the front-most cancellable activity.
        case cancelFrontMost
    }

    /// The target with the focus ring, if any.
    public private(set) var focused: UInt32?

    public init() {}

    /// Puts the focus ring on `key` (a choice that opened from a key press), or takes it away.
    public mutating func move(to key: UInt32?) { focused = key }

    /// A key was pressed while `targets` (in reading order) are on screen.
    /// A key repeated in `targets` counts once, where it first appears.
    public mutating func press(_ key: Key, targets listed: [UInt32]) -> Action? {
        let targets = Self.firstOfEach(listed)
        if let f = focused, !targets.contains(f) { focused = nil }
        switch key {
        case .cancel:
            return .cancelFrontMost
        case .activate:
            guard let f = focused else { return nil }
            return .activate(f)
        case .next, .previous:
            guard !targets.isEmpty else {
                focused = nil
                return nil
            }
            let step = key == .next ? 1 : targets.count - 1
            let from = focused.flatMap { targets.firstIndex(of: $0) }
            let to = from.map { ($0 + step) % targets.count } ?? (key == .next ? 0 : targets.count - 1)
            focused = targets[to]
            return .focus(focused)
        }
    }

    private static func firstOfEach(_ keys: [UInt32]) -> [UInt32] {
        var seen = Set<UInt32>()
        return keys.filter { seen.insert($0).inserted }
    }

    /// The targets changed: a focused target that left takes the ring with it.
    public mutating func targetsChanged(_ targets: [UInt32]) -> Action? {
        guard let f = focused, !targets.contains(f) else { return nil }
        focused = nil
        return .focus(nil)
    }
}
