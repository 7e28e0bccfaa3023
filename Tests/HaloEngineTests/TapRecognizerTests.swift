// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// Taps from recorded contact streams: the gesture logic alone, as a touchscreen, a mouse or a
/// test would feed it.
@Suite("Taps on the screen's targets")
struct TapRecognizerTests {
    static let stop = TapRecognizer.Target(key: 42, rect: IntRect(x: 100, y: 100, width: 44, height: 44), appearedAt: .milliseconds(0))

    func tap(_ steps: (inout TapRecognizer) -> UInt32?) -> UInt32? {
        var r = TapRecognizer()
        return steps(&r)
    }

    @Test("a press and a release inside the target, still and quick, taps it; it fires on release")
    func plainTap() {
        var r = TapRecognizer()
        r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop])
        r.move(0, x: 124, y: 123)
        #expect(r.up(0, x: 124, y: 123, at: .milliseconds(1150)) == 42)
        #expect(r.contacts == 0)
    }

    @Test("sliding off the target, moving past the slop, or holding too long takes the tap back")
    func notTaps() {
        #expect(
            tap { r in
                r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop])
                return r.up(0, x: 150, y: 120, at: .milliseconds(1100))
            } == nil, "slid off")
        #expect(
            tap { r in
                r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop])
                r.move(0, x: 132, y: 120)
                r.move(0, x: 121, y: 120)
                return r.up(0, x: 121, y: 120, at: .milliseconds(1100))
            } == nil, "moved 12 px on the way, past the 8 px slop, even though it came back")
        #expect(
            tap { r in
                r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop])
                return r.up(0, x: 120, y: 120, at: .milliseconds(1401))
            } == nil, "held 401 ms")
        #expect(
            tap { r in
                r.down(0, x: 10, y: 10, at: .milliseconds(1000), targets: [Self.stop])
                return r.up(0, x: 10, y: 10, at: .milliseconds(1050))
            } == nil, "outside every target")
    }

    @Test("a finger already down when the target appeared under it does not tap it")
    func targetAppearsUnderFinger() {
        let late = TapRecognizer.Target(key: 7, rect: Self.stop.rect, appearedAt: .milliseconds(1200))
        var r = TapRecognizer()
        r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [late])
        #expect(r.up(0, x: 120, y: 120, at: .milliseconds(1300)) == nil)
    }

    @Test("events lost in the middle of a touch (SYN_DROPPED) never make a tap")
    func lostEvents() {
        var r = TapRecognizer()
        r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop])
        r.lost()
        #expect(r.up(0, x: 120, y: 120, at: .milliseconds(1100)) == nil)
    }

    @Test("two fingers are two contacts: each taps what is under it, the topmost target first")
    func twoFingers() {
        let below = TapRecognizer.Target(key: 9, rect: IntRect(x: 0, y: 0, width: 480, height: 480), appearedAt: .zero)
        var r = TapRecognizer()
        r.down(0, x: 120, y: 120, at: .milliseconds(1000), targets: [Self.stop, below])
        r.down(1, x: 300, y: 300, at: .milliseconds(1010), targets: [Self.stop, below])
        #expect(r.up(1, x: 300, y: 300, at: .milliseconds(1100)) == 9)
        #expect(r.up(0, x: 120, y: 120, at: .milliseconds(1120)) == 42)
    }

    @Test("hostile contacts: absurd coordinates, ids and counts are followed within bounds")
    func hostile() {
        var r = TapRecognizer()
        for id in Int32(0)..<1000 { r.down(id, x: .max, y: .min, at: .zero, targets: [Self.stop]) }
        #expect(r.contacts == TapRecognizer.maximumContacts)
        r.move(3, x: .min, y: .max)
        #expect(r.up(3, x: .min, y: .max, at: .milliseconds(10)) == nil)
        let huge = TapRecognizer.Target(key: 1, rect: IntRect(x: .max - 10, y: .max - 10, width: .max, height: .max), appearedAt: .zero)
        r.lost()
        r.down(5, x: .max - 5, y: .max - 5, at: .zero, targets: [huge])
        #expect(r.up(5, x: .max - 5, y: .max - 5, at: .milliseconds(10)) == 1)
    }

    @Test("timestamps at the ends of the clock do not trap: a press from the far past is no tap")
    func hostileTimes() {
        var r = TapRecognizer()
        let anywhere = TapRecognizer.Target(
            key: 9, rect: IntRect(x: 0, y: 0, width: 100, height: 100), appearedAt: Instant(microseconds: .min))
        r.down(1, x: 10, y: 10, at: Instant(microseconds: .min), targets: [anywhere])
        #expect(r.up(1, x: 10, y: 10, at: Instant(microseconds: .max)) == nil)
        r.down(2, x: 10, y: 10, at: Instant(microseconds: .max), targets: [anywhere])
        #expect(r.up(2, x: 10, y: 10, at: Instant(microseconds: .min)) == nil, "released before it was pressed")
    }
}
