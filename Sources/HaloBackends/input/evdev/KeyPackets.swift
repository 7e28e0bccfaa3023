// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Key events from a keyboard, an IR remote or a gpio-keys node turned into whole key presses.
///
/// A key counts when it is released after a press this decoder saw, reported with how long it
/// was held, so the caller can tell a short press from a long one. Autorepeat (value 2) is not
/// a press. Like touch, events count only at `SYN_REPORT`. After `SYN_DROPPED` events are
/// ignored through the next `SYN_REPORT` and every key forgets its press, so a key that was down
/// during the gap (before it, or pressed within it) makes nothing when it is released: a gap
/// can never cancel anything. That is why keys need no `EVIOCGKEY` resync: the only thing it
/// could tell is which keys to ignore, and they are all ignored already. State is one slot per
/// kernel key code; codes past `KEY_MAX` are ignored.
public struct KeyPackets: Sendable {
    public struct Press: Equatable, Sendable {
        /// The kernel's key code (`KEY_ESC` is 1).
        public var code: UInt16
        public var heldMicroseconds: Int64
    }

    public enum Change: Equatable, Sendable {
        case pressed(Press)
        /// Events were lost; keys down now are ignored until released.
        case lost
    }

    /// One past the kernel's `KEY_MAX` (0x2ff).
    public static let codeCount = 0x300

    /// When each key seen going down went down, in microseconds; nil when up or seen in part.
    var downSince: [Int64?] = Array(repeating: nil, count: KeyPackets.codeCount)
    /// Changes waiting for the packet's `SYN_REPORT`, at most one per key code.
    var pending: [(code: UInt16, value: Int32, at: Int64)] = []
    var dropping = false

    public init() {}

    /// One `input_event` at `microseconds` (its kernel timestamp).
    public mutating func feed(type: UInt16, code: UInt16, value: Int32, at microseconds: Int64) -> [Change] {
        if dropping {
            guard type == EvdevCode.sync, code == EvdevCode.report else { return [] }
            dropping = false
            return []
        }
        switch (type, code) {
        case (EvdevCode.sync, EvdevCode.report):
            return commit()
        case (EvdevCode.sync, EvdevCode.dropped):
            pending.removeAll()
            dropping = true
            for i in downSince.indices { downSince[i] = nil }
            return [.lost]
        case (EvdevCode.key, _) where Int(code) < Self.codeCount && (value == 0 || value == 1):
            if pending.count < Self.codeCount { pending.append((code, value, microseconds)) }
        default:
            break
        }
        return []
    }

    private mutating func commit() -> [Change] {
        var changes: [Change] = []
        for event in pending {
            let i = Int(event.code)
            if event.value == 1 {
                if downSince[i] == nil { downSince[i] = event.at }
            } else if let since = downSince[i] {
                downSince[i] = nil
                let held = event.at.saturatingElapsed(since: since)
                changes.append(.pressed(Press(code: event.code, heldMicroseconds: held)))
            }
        }
        pending.removeAll(keepingCapacity: true)
        return changes
    }
}
