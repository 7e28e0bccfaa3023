// SPDX-License-Identifier: Apache-2.0
/// A touchscreen's evdev events turned into contacts going down, moving and lifting.
///
/// Multitouch devices speak protocol B: `ABS_MT_SLOT` picks a slot (and stays picked), a
/// tracking id of 0 or more starts a contact in it and -1 ends it, positions change only when
/// they move. Single-touch devices send `ABS_X`/`ABS_Y` and `BTN_TOUCH`. Either way nothing
/// counts until `SYN_REPORT`, where the packet's changes are reported together. `BTN_TOUCH 0`
/// in a packet lifts every contact, for controllers that release no other way.
///
/// After `SYN_DROPPED` the kernel lost events: every contact in progress is reported `lost`,
/// events are ignored up to and including the next `SYN_REPORT`, and the caller reads the
/// device's state (`EVIOCGMTSLOTS`, `EVIOCGABS`, `EVIOCGKEY`) and hands it to `resync`. A
/// contact found there was seen only in part, so it is followed silently and never reported:
/// it can never make a tap. Values are raw axis units; ids are the kernel's tracking ids (0
/// for a single-touch device).
public struct TouchPackets: Sendable {
    public enum Change: Equatable, Sendable {
        case down(id: Int32, x: Int32, y: Int32)
        case move(id: Int32, x: Int32, y: Int32)
        case up(id: Int32, x: Int32, y: Int32)
        /// Events were lost: forget every contact in progress.
        case lost
        /// The lost stretch is over: read the device's state and call `resync`.
        case resynchronise
    }

    /// One contact slot, as the receiving end must keep it.
    public struct Slot: Equatable, Sendable {
        public var trackingId: Int32 = -1
        public var x: Int32 = 0
        public var y: Int32 = 0

        public init(trackingId: Int32 = -1, x: Int32 = 0, y: Int32 = 0) {
            self.trackingId = trackingId
            self.x = x
            self.y = y
        }
    }

    /// Slots followed at most; a device's slots beyond are ignored. Touch controllers have ten.
    public static let maximumSlots = 32

    /// The device's slots now (the last packet's state plus this packet's changes so far).
    public private(set) var slots: [Slot]
    /// The slots as last reported, to tell what changed.
    var reported: [Slot]
    /// Slots whose contact was found by a resync: followed, never reported.
    var partial: [Bool]
    var current = 0
    var touchReleased = false
    var dropping = false
    let multitouch: Bool

    /// A decoder for a device with `slotCount` multitouch slots (`ABS_MT_SLOT`'s maximum + 1), or
    /// 0 for a single-touch device.
    public init(slotCount: Int32) {
        multitouch = slotCount > 0
        let count = multitouch ? Int(min(slotCount, Int32(Self.maximumSlots))) : 1
        slots = Array(repeating: Slot(), count: count)
        reported = slots
        partial = Array(repeating: false, count: count)
    }

    /// One `input_event`; the changes are non-empty only at `SYN_REPORT` or `SYN_DROPPED`.
    public mutating func feed(type: UInt16, code: UInt16, value: Int32) -> [Change] {
        if dropping {
            guard type == EvdevCode.sync, code == EvdevCode.report else { return [] }
            dropping = false
            return [.resynchronise]
        }
        switch (type, code) {
        case (EvdevCode.sync, EvdevCode.report): return report()
        case (EvdevCode.sync, EvdevCode.dropped): return drop()
        case (EvdevCode.key, EvdevCode.buttonTouch): touch(value)
        case (EvdevCode.absolute, _): absolute(code, value)
        default: break
        }
        return []
    }

    private mutating func touch(_ value: Int32) {
        if value == 0 { touchReleased = true }
        if !multitouch { slots[0].trackingId = value == 0 ? -1 : 0 }
    }

    private mutating func absolute(_ code: UInt16, _ value: Int32) {
        if multitouch {
            if code == EvdevCode.mtSlot {
                current = value >= 0 && value < Int32(slots.count) ? Int(value) : -1
                return
            }
            guard current >= 0 else { return }
            switch code {
            case EvdevCode.mtTrackingId: slots[current].trackingId = max(-1, value)
            case EvdevCode.mtPositionX: slots[current].x = value
            case EvdevCode.mtPositionY: slots[current].y = value
            default: break
            }
        } else if code == EvdevCode.absX {
            slots[0].x = value
        } else if code == EvdevCode.absY {
            slots[0].y = value
        }
    }

    private mutating func report() -> [Change] {
        if touchReleased {
            for i in slots.indices { slots[i].trackingId = -1 }
            touchReleased = false
        }
        var changes: [Change] = []
        for i in slots.indices {
            let was = reported[i], now = slots[i]
            if was.trackingId >= 0 && was.trackingId != now.trackingId {
                if !partial[i] { changes.append(.up(id: was.trackingId, x: now.x, y: now.y)) }
                partial[i] = false
            }
            if now.trackingId >= 0 && now.trackingId != was.trackingId {
                changes.append(.down(id: now.trackingId, x: now.x, y: now.y))
            } else if now.trackingId >= 0, now.x != was.x || now.y != was.y, !partial[i] {
                changes.append(.move(id: now.trackingId, x: now.x, y: now.y))
            }
        }
        reported = slots
        return changes
    }

    private mutating func drop() -> [Change] {
        dropping = true
        touchReleased = false
        for i in slots.indices where reported[i].trackingId >= 0 { partial[i] = true }
        return [.lost]
    }

    /// The device's state read after a loss: each slot's tracking id and position (in slot
    /// order; missing slots are empty), the slot now selected, and whether `BTN_TOUCH` is down.
    public mutating func resync(slots state: [Slot], currentSlot: Int32, touching: Bool) {
        for i in slots.indices {
            var s = i < state.count ? state[i] : Slot()
            if !multitouch { s.trackingId = touching ? 0 : -1 }
            slots[i] = s
            // Whatever is on the glass now was seen only in part.
            partial[i] = s.trackingId >= 0
        }
        current = multitouch && currentSlot >= 0 && currentSlot < Int32(slots.count) ? Int(currentSlot) : -1
        reported = slots
    }
}
