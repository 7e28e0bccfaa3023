// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import Testing

/// The states as a ring of single-colour on/off LEDs shows them: every state must be readable
/// from its motion and pattern alone.
@Suite("LED ring vocabulary: each state by motion alone, from the engine")
struct RingVocabularyTests {
    static func engine() -> Engine {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        p.minimumVisible = Milliseconds(0)
        return makeEngine(policy: p)
    }

    static func look(_ count: Int = 12) -> LedRingLook {
        var l = LedRingLook()
        l.count = count
        return l
    }

    /// LED on or off, as a GPIO ring of single-colour LEDs decides it.
    static func onOff(_ e: Engine, at ms: Int64, count: Int = 12) -> [Bool] {
        e.ledColors(look(count), at: .milliseconds(ms)).map { max($0.r, $0.g, $0.b) >= 128 }
    }

    /// The on/off pattern of every LED every 20 ms for `ms` after the state began.
    static func signature(_ scene: DemoGallery.Scene, for ms: Int64) throws -> [[Bool]] {
        let e = engine()
        try DemoGallery.play(scene, on: e)
        return stride(from: scene.at, through: scene.at + ms, by: 20).map { onOff(e, at: $0) }
    }

    @Test("every pair of states looks different on an on/off ring within 1.5 s of the state beginning")
    func toldApart() throws {
        let states = DemoGallery.ringMotions
        #expect(states.count == 9)
        let signatures = try states.map { try Self.signature($0, for: 1500) }
        for i in signatures.indices {
            #expect(signatures[i].contains { $0.contains(true) }, "\(states[i].name) lights something")
            for j in signatures.indices where j > i {
                #expect(signatures[i] != signatures[j], "\(states[i].name) and \(states[j].name) look the same")
            }
        }
    }

    @Test("success sweeps on from the fill, blinks twice, holds, and goes dark when the indicator leaves")
    func success() throws {
        let e = Self.engine()
        try e.run("show up circular value=40%", at: 0)
        try e.run("succeed up \"Photos uploaded\"", at: 1000)
        #expect(Self.onOff(e, at: 1000).filter { $0 }.count == 5, "starts from the 40 % fill")
        #expect(e.ledColors(Self.look(), at: .milliseconds(1299)).allSatisfy { $0 == Theme().success })
        #expect(Self.onOff(e, at: 1350) == [Bool](repeating: false, count: 12), "first blink")
        #expect(Self.onOff(e, at: 1550) == [Bool](repeating: true, count: 12))
        #expect(Self.onOff(e, at: 1750) == [Bool](repeating: false, count: 12), "second blink")
        #expect(Self.onOff(e, at: 2500) == [Bool](repeating: true, count: 12))
        #expect(e.ledNextChange(after: .milliseconds(1350)) == .milliseconds(1500), "the daemon wakes for the blink's end only")
        #expect(e.ledNextChange(after: .milliseconds(2500)) == .milliseconds(4000), "then not until the indicator leaves")
        #expect(Self.onOff(e, at: 4000) == [Bool](repeating: false, count: 12))
    }

    @Test("error flashes three times, then every other LED stays lit in red until dismissed, with no wakeups")
    func error() throws {
        let e = Self.engine()
        try e.run("show sync linear value=10%", at: 0)
        try e.run("fail sync \"Sync failed\"", at: 1000)
        let dashed = e.ledColors(Self.look(), at: .milliseconds(60000))
        #expect(dashed == (0..<12).map { $0 % 2 == 0 ? Theme().error : .black })
        #expect(e.ledNextChange(after: .milliseconds(2300)) == nil, "a still ring arms no timer")
        try e.run("dismiss sync", at: 61000)
        #expect(Self.onOff(e, at: 61000) == [Bool](repeating: false, count: 12))
    }

    @Test("a cancel unwinds the fill shown even though the indicator leaves the screen at once")
    func cancel() throws {
        let e = Self.engine()
        try e.run("show up circular value=75% cancellable=yes", at: 0)
        try e.run("cancel up", at: 1000)
        #expect(e.visibleIDs(at: .milliseconds(1000)).isEmpty)
        let lit = stride(from: Int64(1000), through: 1600, by: 50).map { Self.onOff(e, at: $0).filter { $0 }.count }
        #expect(lit.first == 9 && lit.last == 0 && zip(lit, lit.dropFirst()).allSatisfy { $0 >= $1 }, "\(lit)")
        #expect(e.ledNextChange(after: .milliseconds(1100)) == .milliseconds(1100))
        #expect(e.ledNextChange(after: .milliseconds(1600)) == nil)
    }

    @Test("a cancel behind the ring's leading indicator leaves the ring alone")
    func cancelBehind() throws {
        let e = Self.engine()
        try e.run("show old circular value=75% cancellable=yes", at: 0)
        try e.run("show new circular value=25%", at: 10)
        let before = e.ledColors(Self.look(), at: .milliseconds(1000))
        try e.run("cancel old", at: 1000)
        #expect(e.ledColors(Self.look(), at: .milliseconds(1100)) == before)
    }

    @Test("a toast pulses once on an idle ring and over the network dot, but not over a spinner")
    func toast() throws {
        let e = Self.engine()
        try e.run("toast \"Saved\"", at: 0)
        let levels = stride(from: Int64(0), through: 700, by: 50).map { Self.onOff(e, at: $0).filter { $0 }.count }
        #expect(levels.contains(12) && levels.last == 0, "\(levels)")
        #expect(e.ledNextChange(after: .milliseconds(700)) != .milliseconds(700), "the pulse is over; only the toast's own fade wakes")
        let n = Self.engine()
        try n.run("show net network", at: 0)
        try n.run("toast \"Saved\"", at: 1000)
        #expect(Self.onOff(n, at: 1200).filter { $0 }.count == 12)
        let s = Self.engine()
        try s.run("show wait spinner", at: 0)
        let spinning = s.ledColors(Self.look(), at: .milliseconds(1200))
        try s.run("toast \"Saved\"", at: 1000)
        #expect(s.ledColors(Self.look(), at: .milliseconds(1200)) == spinning)
    }

    @Test("the network dot lights one LED, or two sharing it, and moves every frame")
    func network() throws {
        let e = Self.engine()
        try e.run("show net network", at: 0)
        var previous: [Color] = []
        for t in stride(from: Int64(0), through: 1200, by: 25) {
            let c = e.ledColors(Self.look(24), at: .milliseconds(t))
            #expect((1...2).contains(c.filter { $0 != .black }.count))
            #expect(c != previous)
            previous = c
            #expect(e.ledNextChange(after: .milliseconds(t)) == .milliseconds(t))
        }
    }

    @Test("a checkout breathes and keeps the daemon waking; it is never dark")
    func checkout() throws {
        let e = Self.engine()
        try e.run("show pay checkout", at: 0)
        let reds = stride(from: Int64(0), through: 3000, by: 100).map { e.ledColors(Self.look(), at: .milliseconds($0))[0].b }
        #expect(reds.min()! > 0 && reds.min()! < 64 && reds.max()! == Theme().indicator.b, "\(reds)")
        #expect(e.ledNextChange(after: .milliseconds(1000)) == .milliseconds(1000))
    }
}
