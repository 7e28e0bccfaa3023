// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloBackends

/// Recorded key streams (a keyboard's Escape, a remote's OK, autorepeat, a gap) through the key
/// decoder.
@Suite("Key evdev packets to whole key presses")
struct KeyPacketsTests {
    static let escape: UInt16 = 1
    static let enter: UInt16 = 28

    enum Event {
        case key(UInt16, Int32, ms: Int64)
        case report, dropped
    }

    static func feed(_ d: inout KeyPackets, _ events: [Event]) -> [KeyPackets.Change] {
        var changes: [KeyPackets.Change] = []
        for e in events {
            switch e {
            case .key(let code, let value, let ms):
                changes += d.feed(type: EvdevCode.key, code: code, value: value, at: ms * 1000)
            case .report: changes += d.feed(type: EvdevCode.sync, code: EvdevCode.report, value: 0, at: 0)
            case .dropped: changes += d.feed(type: EvdevCode.sync, code: EvdevCode.dropped, value: 0, at: 0)
            }
        }
        return changes
    }

    static func pressed(_ code: UInt16, heldMs: Int64) -> KeyPackets.Change {
        .pressed(KeyPackets.Press(code: code, heldMicroseconds: heldMs * 1000))
    }

    @Test("a press counts on release, with how long it was held; only SYN_REPORT commits it")
    func wholePress() {
        var d = KeyPackets()
        #expect(Self.feed(&d, [.key(Self.escape, 1, ms: 100), .report]).isEmpty)
        #expect(Self.feed(&d, [.key(Self.escape, 0, ms: 180)]).isEmpty, "not before the report")
        #expect(Self.feed(&d, [.report]) == [Self.pressed(Self.escape, heldMs: 80)])
    }

    @Test("autorepeat is not a press, and a long hold is one press with its length")
    func autorepeat() {
        var d = KeyPackets()
        var events: [Event] = [.key(Self.enter, 1, ms: 0), .report]
        for t in stride(from: Int64(500), to: 2000, by: 33) { events += [.key(Self.enter, 2, ms: t), .report] }
        events += [.key(Self.enter, 0, ms: 2100), .report]
        #expect(Self.feed(&d, events) == [Self.pressed(Self.enter, heldMs: 2100)])
    }

    @Test("a press and release in one packet is one press; two keys are two presses")
    func samePacket() {
        var d = KeyPackets()
        let changes = Self.feed(
            &d, [.key(Self.escape, 1, ms: 10), .key(Self.enter, 1, ms: 10), .key(Self.escape, 0, ms: 12), .report])
        #expect(changes == [Self.pressed(Self.escape, heldMs: 2)])
        #expect(Self.feed(&d, [.key(Self.enter, 0, ms: 50), .report]) == [Self.pressed(Self.enter, heldMs: 40)])
    }

    @Test("SYN_DROPPED: a key down across the gap, or pressed within it, makes nothing when released")
    func dropped() {
        var d = KeyPackets()
        #expect(Self.feed(&d, [.key(Self.escape, 1, ms: 0), .report, .dropped]) == [.lost])
        #expect(Self.feed(&d, [.key(Self.enter, 1, ms: 5), .key(Self.escape, 0, ms: 6)]).isEmpty, "ignored")
        #expect(Self.feed(&d, [.report]).isEmpty, "the report ending the gap commits nothing")
        #expect(Self.feed(&d, [.key(Self.escape, 0, ms: 40), .key(Self.enter, 0, ms: 41), .report]).isEmpty)
        #expect(
            Self.feed(&d, [.key(Self.escape, 1, ms: 50), .report, .key(Self.escape, 0, ms: 90), .report]) == [
                Self.pressed(Self.escape, heldMs: 40)
            ], "the next whole press counts again")
    }

    @Test("a packet lost in the middle (events before SYN_DROPPED) commits nothing")
    func droppedMidPacket() {
        var d = KeyPackets()
        _ = Self.feed(&d, [.key(Self.escape, 1, ms: 0), .report])
        #expect(Self.feed(&d, [.key(Self.escape, 0, ms: 10), .dropped, .report]) == [.lost])
    }

    @Test("absurd codes, values, timestamps and floods stay within bounds")
    func hostile() {
        var d = KeyPackets()
        #expect(Self.feed(&d, [.key(.max, 1, ms: 0), .key(.max, 0, ms: 1), .report]).isEmpty, "past KEY_MAX: ignored")
        #expect(Self.feed(&d, [.key(Self.escape, 7, ms: 0), .key(Self.escape, -1, ms: 1), .report]).isEmpty)
        _ = d.feed(type: EvdevCode.key, code: Self.escape, value: 1, at: .max)
        _ = d.feed(type: EvdevCode.sync, code: EvdevCode.report, value: 0, at: 0)
        _ = d.feed(type: EvdevCode.key, code: Self.escape, value: 0, at: .min)
        #expect(
            d.feed(type: EvdevCode.sync, code: EvdevCode.report, value: 0, at: 0) == [Self.pressed(Self.escape, heldMs: 0)],
            "released before it was pressed: held for no time, no trap")
        for i in 0..<100_000 { _ = d.feed(type: EvdevCode.key, code: UInt16(i % 700), value: Int32(i & 1), at: Int64(i)) }
        #expect(d.pending.count == KeyPackets.codeCount, "a packet that never ends holds a bounded queue")
        #expect(d.feed(type: EvdevCode.sync, code: EvdevCode.report, value: 0, at: 0).count <= KeyPackets.codeCount)
    }
}
