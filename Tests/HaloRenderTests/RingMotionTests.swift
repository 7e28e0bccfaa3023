// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

@Suite("LED ring motion: each state's shape over time, on a single-colour on/off ring")
struct RingMotionTests {
    /// Whether each LED is on, as a ring of on/off LEDs shows a pose: lit where the arc covers
    /// at least half the LED at at least half strength.
    static func onOff(_ pose: RingPose, count: Int) -> [Bool] {
        (0..<count).map { i in
            if pose.alternate && i & 1 == 1 { return false }
            return LedSectors.coverage(index: i, count: count, start: pose.start, sweep: pose.sweep) * pose.level >= 128 * 256
        }
    }

    /// Every state's timeline from its start, at 5 ms steps for 7 s.
    static func timelines() -> [(String, (Int64) -> RingSignal)] {
        var all: [(String, (Int64) -> RingSignal)] = []
        for from: Int32 in [0, 20000, 65536] {
            all.append(("succeeded from \(from)", { .succeeded(from: from, elapsed: $0) }))
            all.append(("cancelled from \(from)", { .cancelled(from: from, elapsed: $0) }))
        }
        all.append(("failed", { .failed(elapsed: $0) }))
        all.append(("breathing", { .breathing(elapsed: $0) }))
        all.append(("pulse", { .pulse(elapsed: $0) }))
        all.append(("dot", { .dot(elapsed: $0) }))
        for sweep: Int32 in [0, 20000, 65536] {
            all.append(("paused at \(sweep)", { .paused(start: 0, sweep: sweep, elapsed: $0) }))
        }
        let still = MotionLevel.stillArc
        all.append(("glowing", { .glowing(start: still.start, sweep: still.sweep, elapsed: $0) }))
        all.append(("heard", { .heard(start: 0, sweep: 30000, elapsed: $0) }))
        return all
    }

    @Test(
        "no LED turns on more than 3 times in any second, in any state, on rings of 1 to 60 LEDs", arguments: [1, 2, 3, 12, 16, 24, 33, 60])
    func flashLimit(count: Int) {
        for motion in MotionLevel.allCases {
            flashLimit(count: count, motion: motion)
        }
    }

    func flashLimit(count: Int, motion: MotionLevel) {
        for (name, signal) in Self.timelines() {
            // The LED states before the timeline: the fill it starts from, dark otherwise.
            var previous: [Bool]
            switch signal(0) {
            case .succeeded(let from, _): previous = Self.onOff(RingPose(start: 0, sweep: from), count: count)
            case .cancelled(let from, _):
                previous = Self.onOff(RingPose(start: 0, sweep: max(from, RingMotion.cancelShortest)), count: count)
            default: previous = [Bool](repeating: false, count: count)
            }
            var risings = [[Int64]](repeating: [], count: count)
            for t in stride(from: Int64(0), through: 7_000_000, by: 5_000) {
                let now = Self.onOff(RingMotion.pose(signal(t), count: count, motion: motion), count: count)
                for i in 0..<count where now[i] && !previous[i] { risings[i].append(t) }
                previous = now
            }
            for (i, r) in risings.enumerated() where r.count > 3 {
                for k in 3..<r.count {
                    #expect(
                        r[k] - r[k - 3] >= 1_000_000,
                        "\(name), \(motion), \(count) LEDs: LED \(i) lights 4 times from \(r[k - 3]) µs to \(r[k]) µs")
                }
            }
        }
    }

    @Test("success sweeps on to full from where the fill was, blinks dark exactly twice, then stays lit and still")
    func success() {
        var lit: [Int] = []
        for t in stride(from: Int64(0), through: 2_000_000, by: 10_000) {
            lit.append(Self.onOff(RingMotion.pose(.succeeded(from: 32768, elapsed: t), count: 12), count: 12).filter { $0 }.count)
        }
        #expect(lit[0] == 6, "starts at the 50 % fill")
        #expect(zip(lit[0..<29], lit[1..<30]).allSatisfy { $0 <= $1 }, "the sweep only grows: \(lit[0..<30])")
        var darkSpells = 0
        for k in 1..<lit.count where lit[k] == 0 && lit[k - 1] == 12 { darkSpells += 1 }
        #expect(darkSpells == 2)
        #expect(lit[100...].allSatisfy { $0 == 12 }, "steady after the blinks")
        #expect(RingMotion.nextChange(.succeeded(from: 0, elapsed: 950_000)) == nil)
        #expect(RingMotion.nextChange(.succeeded(from: 0, elapsed: 350_000)) == 150_000, "wakes for the blink's end, not every frame")
    }

    @Test("error flashes the whole ring three times, then every other LED stays lit, still")
    func error() {
        var flashes = 0
        var previous = false
        for t in stride(from: Int64(0), to: RingMotion.errorFlashesEnd, by: 10_000) {
            let on = Self.onOff(RingMotion.pose(.failed(elapsed: t), count: 12), count: 12)
            #expect(on.allSatisfy { $0 == on[0] }, "the whole ring flashes together at \(t) µs")
            if on[0] && !previous { flashes += 1 }
            previous = on[0]
        }
        #expect(flashes == 3)
        for t: Int64 in [1_200_000, 5_000_000, 600_000_000] {
            #expect(Self.onOff(RingMotion.pose(.failed(elapsed: t), count: 12), count: 12) == (0..<12).map { $0 % 2 == 0 })
        }
        #expect(RingMotion.nextChange(.failed(elapsed: 1_300_000)) == nil)
    }

    @Test("a cancel unwinds the fill counter-clockwise to 12 o'clock, then the ring is dark and still")
    func cancel() {
        var previous = 12
        for t in stride(from: Int64(0), through: RingMotion.cancelUnwind, by: 10_000) {
            let on = Self.onOff(RingMotion.pose(.cancelled(from: 65536, elapsed: t), count: 12), count: 12)
            let n = on.filter { $0 }.count
            #expect(n <= previous, "the fill never grows back at \(t) µs")
            #expect(on == (0..<12).map { $0 < n }, "what is left starts at 12 o'clock")
            previous = n
        }
        #expect(previous == 0)
        #expect(RingMotion.nextChange(.cancelled(from: 0, elapsed: RingMotion.cancelUnwind)) == nil)
        // A cancel at 0 % still shows a quarter unwinding.
        #expect(Self.onOff(RingMotion.pose(.cancelled(from: 0, elapsed: 0), count: 12), count: 12).filter { $0 }.count == 3)
    }

    @Test("paused: the arc holds still and only the LED at its head blinks, a second on and a second off", arguments: [1, 12, 24])
    func paused(count: Int) {
        for sweep: Int32 in [0, 20000, 40000, 65536] {
            let lit = Self.onOff(RingMotion.pose(.paused(start: 0, sweep: sweep, elapsed: 0), count: count), count: count)
            let dark = Self.onOff(RingMotion.pose(.paused(start: 0, sweep: sweep, elapsed: 1_000_000), count: count), count: count)
            let changed = (0..<count).filter { lit[$0] != dark[$0] }
            #expect(changed.count == 1, "\(count) LEDs at \(sweep): \(lit) then \(dark)")
            if let head = changed.first {
                #expect(lit[head] && !dark[head], "the head is lit first, then dark")
                #expect(head == lit.lastIndex(of: true), "the one that blinks is the arc's last LED")
            }
            #expect(
                RingMotion.pose(.paused(start: 0, sweep: sweep, elapsed: 2_000_000), count: count)
                    == RingMotion.pose(.paused(start: 0, sweep: sweep, elapsed: 0), count: count))
        }
        #expect(RingMotion.nextChange(.paused(start: 0, sweep: 100, elapsed: 250_000)) == 750_000)
    }

    @Test("with no motion every state is still from its first moment and asks for no frame")
    func stillStates() {
        for (name, signal) in Self.timelines() {
            let first = RingMotion.pose(signal(0), count: 12, motion: .none)
            for t in stride(from: Int64(0), through: 7_000_000, by: 50_000) {
                #expect(RingMotion.pose(signal(t), count: 12, motion: .none) == first, "\(name) moves at \(t) µs")
            }
            #expect(RingMotion.nextChange(signal(0), motion: .none) == nil, "\(name)")
        }
    }

    @Test("a checkout breathes: full at first, dim but never out half a breath later, full again after one")
    func breath() {
        #expect(RingMotion.pose(.breathing(elapsed: 0), count: 12).level == 256)
        #expect(RingMotion.pose(.breathing(elapsed: RingMotion.breath / 2), count: 12).level == RingMotion.breathFloor)
        #expect(RingMotion.pose(.breathing(elapsed: RingMotion.breath), count: 12).level == 256)
        var lowest: Int32 = 256
        for t in stride(from: Int64(0), to: RingMotion.breath, by: 10_000) {
            lowest = min(lowest, RingMotion.pose(.breathing(elapsed: t), count: 12).level)
        }
        #expect(lowest == RingMotion.breathFloor)
    }

    @Test("a toast pulse rises and falls once, then the ring is dark and still")
    func pulse() {
        var levels: [Int32] = []
        for t in stride(from: Int64(0), through: RingMotion.pulseEnd, by: 10_000) {
            let p = RingMotion.pose(.pulse(elapsed: t), count: 12)
            levels.append(p.sweep == 0 ? 0 : p.level)
        }
        let top = levels.firstIndex(of: levels.max()!)!
        #expect(levels[top] == 256)
        #expect(zip(levels[..<top], levels[1...top]).allSatisfy { $0 <= $1 })
        #expect(zip(levels[top...], levels[(top + 1)...]).allSatisfy { $0 >= $1 })
        #expect(levels.last == 0 && RingMotion.nextChange(.pulse(elapsed: RingMotion.pulseEnd)) == nil)
    }

    @Test("the network dot is one LED wide and goes round once in 1.2 s", arguments: [12, 24, 60])
    func dot(count: Int) {
        var visited = Set<Int>()
        for t in stride(from: Int64(0), to: RingMotion.dotTurn, by: 1_000) {
            let pose = RingMotion.pose(.dot(elapsed: t), count: count)
            var total: Int32 = 0
            for i in 0..<count {
                let c = LedSectors.coverage(index: i, count: count, start: pose.start, sweep: pose.sweep)
                total += c
                if c > 128 { visited.insert(i) }
            }
            #expect(abs(total - 256) <= 1, "one LED's worth of light at \(t) µs: \(total)")
        }
        #expect(visited.count == count)
    }
}
