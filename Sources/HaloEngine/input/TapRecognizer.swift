// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Taps on the screen's targets (a stop icon, an indicator, a choice), from contacts that know
/// nothing of the device they came from: a touchscreen's slots, a mouse, a test's script.
///
/// A tap is a press and a release inside one target, by a finger that went down after the
/// target appeared, that moved no further than `slop` and lifted within `longest`. It fires on
/// release, so sliding off a target takes the tap back. When the device lost events
/// (`lost()`, after the kernel's SYN_DROPPED), every contact in progress is forgotten: a
/// contact seen only in part never makes a tap. Coordinates are logical screen pixels.
public struct TapRecognizer: Sendable {
    /// Something a person can tap: `key` names it (a layer's key), `rect` is where it can be
    /// hit (at least 44 px square for a small icon), from when it appeared.
    public struct Target: Equatable, Sendable {
        public var key: UInt32
        public var rect: IntRect
        public var appearedAt: Instant

        public init(key: UInt32, rect: IntRect, appearedAt: Instant) {
            self.key = key
            self.rect = rect
            self.appearedAt = appearedAt
        }
    }

    /// A finger on the glass, while it may still make a tap.
    struct Press: Sendable {
        var id: Int32
        var x: Int32
        var y: Int32
        var at: Instant
        /// The target under the press, or nil once the press can no longer be a tap.
        var target: Target?
    }

    /// How far a finger may move and still tap, in pixels (about 1.3 mm on most panels).
    public var slop: Int32
    /// How long a tap may last, in microseconds.
    public var longest: Int64
    /// Fingers followed at once; more are ignored until some lift (no device reports more).
    public static let maximumContacts = 16
    var presses: [Press] = []

    public init(slop: Int32 = 8, longest: Int64 = 400_000) {
        self.slop = max(0, slop)
        self.longest = max(0, longest)
    }

    /// A finger `id` went down at (`x`, `y`); `targets` are those on screen now, topmost first.
    public mutating func down(_ id: Int32, x: Int32, y: Int32, at now: Instant, targets: [Target]) {
        presses.removeAll { $0.id == id }
        guard presses.count < Self.maximumContacts else { return }
        let hit = targets.first { $0.rect.contains(x: x, y: y) && $0.appearedAt <= now }
        presses.append(Press(id: id, x: x, y: y, at: now, target: hit))
    }

    /// Finger `id` moved to (`x`, `y`): past the slop it can no longer tap.
    public mutating func move(_ id: Int32, x: Int32, y: Int32) {
        guard let i = presses.firstIndex(where: { $0.id == id }), presses[i].target != nil else { return }
        let dx = Int64(x) - Int64(presses[i].x), dy = Int64(y) - Int64(presses[i].y)
        if dx * dx + dy * dy > Int64(slop) * Int64(slop) { presses[i].target = nil }
    }

    /// Finger `id` lifted at (`x`, `y`): the target it tapped, if it made a tap.
    public mutating func up(_ id: Int32, x: Int32, y: Int32, at now: Instant) -> UInt32? {
        guard let i = presses.firstIndex(where: { $0.id == id }) else { return nil }
        let press = presses.remove(at: i)
        guard let target = press.target, now >= press.at, now.microseconds(since: press.at) <= longest else {
            return nil
        }
        // Sliding off the target, however slowly, takes the tap back.
        guard target.rect.contains(x: x, y: y) else { return nil }
        return target.key
    }

    /// The device lost events: no contact in progress can be trusted to make a tap.
    public mutating func lost() {
        presses.removeAll()
    }

    /// Fingers followed now.
    public var contacts: Int { presses.count }
}

extension IntRect {
    /// Whether the pixel (`x`, `y`) lies inside.
    func contains(x: Int32, y: Int32) -> Bool {
        Int64(x) >= Int64(self.x) && Int64(x) < Int64(self.x) + Int64(width) && Int64(y) >= Int64(self.y)
            && Int64(y) < Int64(self.y) + Int64(height)
    }
}
