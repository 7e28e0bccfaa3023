// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloBackends

/// Recorded evdev streams, written as a driver sends them, through the touch decoder.
@Suite("Touchscreen evdev packets to contacts")
struct TouchPacketsTests {
    typealias E = EvdevCode
    enum Event {
        case slot(Int32)
        case id(Int32)
        case x(Int32)
        case y(Int32)
        case touch(Int32)
        case report, dropped
        case absX(Int32)
        case absY(Int32)
    }

    static func feed(_ decoder: inout TouchPackets, _ events: [Event]) -> [TouchPackets.Change] {
        var changes: [TouchPackets.Change] = []
        for e in events {
            let (type, code, value): (UInt16, UInt16, Int32) =
                switch e {
                case .slot(let v): (E.absolute, E.mtSlot, v)
                case .id(let v): (E.absolute, E.mtTrackingId, v)
                case .x(let v): (E.absolute, E.mtPositionX, v)
                case .y(let v): (E.absolute, E.mtPositionY, v)
                case .absX(let v): (E.absolute, E.absX, v)
                case .absY(let v): (E.absolute, E.absY, v)
                case .touch(let v): (E.key, E.buttonTouch, v)
                case .report: (E.sync, E.report, 0)
                case .dropped: (E.sync, E.dropped, 0)
                }
            changes += decoder.feed(type: type, code: code, value: value)
        }
        return changes
    }

    @Test("protocol B: a contact starts, moves and lifts, and only SYN_REPORT makes it count")
    func oneFinger() {
        var d = TouchPackets(slotCount: 10)
        #expect(Self.feed(&d, [.slot(0), .id(45), .x(100), .y(200), .touch(1)]).isEmpty, "nothing before the report")
        #expect(Self.feed(&d, [.report]) == [.down(id: 45, x: 100, y: 200)])
        #expect(Self.feed(&d, [.x(104), .report]) == [.move(id: 45, x: 104, y: 200)], "the slot stays selected")
        #expect(Self.feed(&d, [.report]).isEmpty, "an empty packet changes nothing")
        #expect(Self.feed(&d, [.id(-1), .touch(0), .report]) == [.up(id: 45, x: 104, y: 200)])
    }

    @Test("two fingers in two slots are two contacts")
    func twoFingers() {
        var d = TouchPackets(slotCount: 10)
        let down = Self.feed(&d, [.slot(0), .id(1), .x(10), .y(10), .slot(1), .id(2), .x(50), .y(60), .touch(1), .report])
        #expect(down == [.down(id: 1, x: 10, y: 10), .down(id: 2, x: 50, y: 60)])
        #expect(Self.feed(&d, [.slot(0), .id(-1), .report]) == [.up(id: 1, x: 10, y: 10)])
        #expect(Self.feed(&d, [.slot(1), .y(61), .report]) == [.move(id: 2, x: 50, y: 61)])
        #expect(Self.feed(&d, [.id(-1), .touch(0), .report]) == [.up(id: 2, x: 50, y: 61)])
    }

    @Test("a new tracking id in a busy slot lifts the old contact and starts a new one")
    func slotReused() {
        var d = TouchPackets(slotCount: 2)
        _ = Self.feed(&d, [.slot(0), .id(7), .x(1), .y(1), .report])
        #expect(Self.feed(&d, [.id(8), .x(5), .report]) == [.up(id: 7, x: 5, y: 1), .down(id: 8, x: 5, y: 1)])
    }

    @Test("BTN_TOUCH 0 alone lifts every contact, for controllers that release no other way")
    func buttonOnlyRelease() {
        var d = TouchPackets(slotCount: 5)
        _ = Self.feed(&d, [.slot(0), .id(3), .x(9), .y(9), .touch(1), .report])
        #expect(Self.feed(&d, [.touch(0), .report]) == [.up(id: 3, x: 9, y: 9)])
    }

    @Test("single-touch devices: ABS_X, ABS_Y and BTN_TOUCH")
    func singleTouch() {
        var d = TouchPackets(slotCount: 0)
        #expect(Self.feed(&d, [.absX(300), .absY(400), .touch(1), .report]) == [.down(id: 0, x: 300, y: 400)])
        #expect(Self.feed(&d, [.absY(402), .report]) == [.move(id: 0, x: 300, y: 402)])
        #expect(Self.feed(&d, [.touch(0), .report]) == [.up(id: 0, x: 300, y: 402)])
        #expect(Self.feed(&d, [.absX(1), .report]).isEmpty, "moving with nothing down is no contact")
    }

    @Test("SYN_DROPPED mid-touch: lost, ignored to the next report, resynced, and the partial contact never reported")
    func droppedMidTouch() {
        var d = TouchPackets(slotCount: 4)
        _ = Self.feed(&d, [.slot(0), .id(20), .x(100), .y(100), .touch(1), .report])
        #expect(Self.feed(&d, [.x(101), .dropped]) == [.lost])
        #expect(Self.feed(&d, [.x(500), .id(-1), .slot(2)]).isEmpty, "ignored while dropping")
        #expect(Self.feed(&d, [.report]) == [.resynchronise])
        d.resync(
            slots: [TouchPackets.Slot(trackingId: 20, x: 140, y: 100), TouchPackets.Slot(trackingId: 21, x: 9, y: 9)],
            currentSlot: 1, touching: true)
        #expect(d.slots[1].trackingId == 21)
        #expect(Self.feed(&d, [.x(12), .report]).isEmpty, "slot 1 is current; its contact was seen only in part")
        #expect(Self.feed(&d, [.slot(0), .id(-1), .slot(1), .id(-1), .touch(0), .report]).isEmpty, "and so are their lifts")
        #expect(
            Self.feed(&d, [.slot(0), .id(22), .x(1), .y(2), .touch(1), .report]) == [.down(id: 22, x: 1, y: 2)],
            "a whole new contact counts")
    }

    @Test("a contact that ends during the gap and a new one in its slot: only the new one's later lift is reported")
    func replacedDuringGap() {
        var d = TouchPackets(slotCount: 2)
        _ = Self.feed(&d, [.slot(0), .id(1), .x(0), .y(0), .report, .dropped, .report])
        d.resync(slots: [TouchPackets.Slot(trackingId: 2, x: 3, y: 3)], currentSlot: 0, touching: true)
        #expect(Self.feed(&d, [.id(-1), .report]).isEmpty)
        #expect(Self.feed(&d, [.id(3), .report]) == [.down(id: 3, x: 3, y: 3)])
        #expect(Self.feed(&d, [.id(-1), .report]) == [.up(id: 3, x: 3, y: 3)])
    }

    @Test("absurd slots, ids, slot counts and floods stay within bounds")
    func hostile() {
        var d = TouchPackets(slotCount: .max)
        #expect(d.slots.count == TouchPackets.maximumSlots)
        #expect(Self.feed(&d, [.slot(.max), .id(5), .slot(-7), .x(3), .report]).isEmpty, "no slot selected: ignored")
        var changes = 0
        for i in Int32(0)..<10_000 {
            let packet = Self.feed(&d, [.slot(i % 40), .id(i % 3 == 0 ? -1 : i), .x(.min), .y(.max), .report])
            #expect(packet.count <= 2 * TouchPackets.maximumSlots)
            changes += packet.count
        }
        #expect(changes > 0)
        _ = Self.feed(&d, [.id(.min), .report])
        d.resync(slots: Array(repeating: TouchPackets.Slot(trackingId: 1), count: 1000), currentSlot: .max, touching: true)
        #expect(Self.feed(&d, [.x(1), .report]).isEmpty, "resync with an absurd current slot selects none")
        var negative = TouchPackets(slotCount: -4)
        #expect(Self.feed(&negative, [.touch(1), .report]) == [.down(id: 0, x: 0, y: 0)], "a negative count is single-touch")
    }
}
