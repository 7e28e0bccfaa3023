// SPDX-License-Identifier: Apache-2.0
/// One push button, from its edges to a short press or a long press.
///
/// The edges come already turned into pressed/released (active-low is the backend's business)
/// with the kernel's timestamps. A level counts only once it has held for `debounce`, so a
/// bouncing contact makes one press, not a burst. A press is timed from the edge that held, not
/// from when the debounce ended, so debouncing does not shorten it. A long press fires while the button
/// is still held, the moment it has been down for `longPress`, so the person sees the answer
/// without letting go; its release then does nothing. A press shorter than that is a short
/// press, reported on release. The loop calls `tick` at `nextDeadline`; nothing else needs a
/// timer, and an idle button needs none.
public struct ButtonPress: Sendable {
    public enum Action: Equatable, Sendable {
        case short, long
    }

    /// Microseconds a level must hold to count (0: every edge counts).
    public let debounce: Int64
    /// Microseconds down that make a long press.
    public let longPress: Int64
    /// The longest either may be, so a board's absurd value cannot make a button dead.
    public static let longestSetting: Int64 = 10_000_000

    /// The debounced level and when it began.
    public private(set) var pressed = false
    var pressedAt = Instant.zero
    var longFired = false
    /// The last level the line reported and when, not yet held long enough to count.
    var raw = false
    var rawSince = Instant.zero

    public init(debounce: Int64 = 20_000, longPress: Int64 = 800_000) {
        self.debounce = min(max(0, debounce), Self.longestSetting)
        self.longPress = min(max(1, longPress), Self.longestSetting)
    }

    /// The line changed to `down` at `now`.
    public mutating func edge(down: Bool, at now: Instant) -> Action? {
        let action = settle(at: now)
        if down != raw {
            raw = down
            rawSince = now
        }
        // With no debounce the new level counts at once; a release may then end a short press.
        return action ?? (debounce == 0 ? settle(at: now) : nil)
    }

    /// Time passed with no edge: a level may have settled or a press become long.
    public mutating func tick(at now: Instant) -> Action? { settle(at: now) }

    /// When `tick` should next be called, or nil when nothing is pending.
    public var nextDeadline: Instant? {
        if raw != pressed { return rawSince.advanced(saturatingBy: debounce) }
        if pressed && !longFired { return pressedAt.advanced(saturatingBy: longPress) }
        return nil
    }

    private mutating func settle(at now: Instant) -> Action? {
        if raw != pressed, now.microseconds(since: rawSince) >= debounce {
            pressed = raw
            if pressed {
                pressedAt = rawSince
                longFired = false
            } else {
                // Every edge settles first, so a press held past `longPress` has fired by now.
                let action: Action? = longFired ? nil : .short
                longFired = false
                return action
            }
        }
        if pressed, !longFired, now.microseconds(since: pressedAt) >= longPress {
            longFired = true
            return .long
        }
        return nil
    }
}
