// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// Reduced motion and still frames, on the engine's picture and its LED ring.
@Suite("Motion levels: reduced motion pulses instead of turning, none draws still frames")
struct MotionLevelTests {
    func engine(_ motion: MotionLevel) -> Engine {
        var p = Policy()
        p.motion = motion
        p.showDelay = Milliseconds(0)
        return makeEngine(policy: p)
    }

    static var look: LedRingLook {
        var l = LedRingLook()
        l.count = 12
        return l
    }

    @Test("reduced: a turning ring stands still round 12 o'clock and its opacity rises and falls once in 2 s, at 20 frames a second")
    func reducedPulse() throws {
        let e = engine(.reduced)
        try e.run("show a circular", at: 0)
        let first = e.rings(atMs: 0)[0], later = e.rings(atMs: 1000)[0], again = e.rings(atMs: 2000)[0]
        #expect(first.arcStart.units == MotionLevel.stillArc.start && first.arcSweep.units == MotionLevel.stillArc.sweep)
        #expect(later.arcStart == first.arcStart && later.arcSweep == first.arcSweep, "nothing turns")
        #expect(first.indicator.a == 255 && later.indicator.a < 128 && again.indicator.a == 255, "\(first.indicator) \(later.indicator)")
        #expect(e.nextChange(after: .milliseconds(100)) == .milliseconds(150))
        for t in stride(from: Int64(0), through: 4_000_000, by: 10_000) {
            let level = MotionLevel.pulseLevel(elapsed: t)
            #expect(level >= 102 && level <= 256)
            #expect(level == MotionLevel.pulseLevel(elapsed: t + MotionLevel.pulsePeriod), "one pulse every 2 s")
        }
    }

    @Test("reduced: values fill at an even pace; places change at once")
    func reducedFill() throws {
        let e = engine(.reduced)
        try e.run("show a circular value=0%", at: 0)
        try e.run("progress a 100%", at: 1000)
        let half = e.rings(atMs: 1150)[0].arcSweep.units
        #expect(abs(half - 32768) <= 1, "halfway through the glide, halfway there: \(half)")
        try e.run("show b circular value=50%", at: 2000)
        #expect(e.nextChange(after: .milliseconds(2000)) == nil, "no glide to new places")
    }

    @Test("none: a turning ring and a bar stand still with no frames at all; values and places change at once")
    func stillFrames() throws {
        let e = engine(.none)
        try e.run("show a circular", at: 0)
        try e.run("show b linear", at: 0)
        #expect(e.layers(atMs: 10) == e.layers(atMs: 5000))
        #expect(e.nextChange(after: .milliseconds(10)) == nil)
        try e.run("progress a 60%", at: 6000)
        #expect(abs(e.rings(atMs: 6000)[0].arcSweep.units - 39321) <= 1)
        #expect(e.nextChange(after: .milliseconds(6000)) == nil)
    }

    @Test("a reload's motion reaches the activities already running")
    func reloadReaches() throws {
        let e = engine(.full)
        try e.run("show a circular", at: 0)
        var p = e.policy
        p.motion = .none
        e.policy = p
        #expect(e.nextChange(after: .milliseconds(100)) == nil)
    }

    @Test("LED ring, reduced: the still quarter round 12 o'clock glows slowly; a success is full at once, a cancel fades")
    func ringReduced() throws {
        let e = engine(.reduced)
        try e.run("show a circular cancellable=yes", at: 0)
        let bright = e.ledColors(Self.look, at: .milliseconds(0)), dim = e.ledColors(Self.look, at: .milliseconds(1000))
        let lit = (0..<12).filter { bright[$0] != .black }
        #expect(lit == [0, 1, 10, 11], "a quarter of the ring, half over 12 o'clock: \(bright)")
        #expect((0..<12).filter { dim[$0] != .black } == lit && dim[0].b < bright[0].b, "the same LEDs, dimmer")
        try e.run("progress a 40%", at: 2000)
        try e.run("succeed a \"Done\"", at: 3000)
        #expect(e.ledColors(Self.look, at: .milliseconds(3000)).allSatisfy { $0 == Theme().success }, "full at once: no sweep")
        #expect(e.ledColors(Self.look, at: .milliseconds(3300)).allSatisfy { $0 == .black }, "then the two blinks, as ever")
    }

    @Test("LED ring, none: every state is still and the ring sends nothing more")
    func ringStill() throws {
        let e = engine(.none)
        try e.run("show a circular", at: 0)
        #expect(e.ledNextChange(after: .milliseconds(10)) == nil)
        try e.run("show n network", at: 100)
        try e.run("dismiss a", at: 200)
        #expect(e.ledColors(Self.look, at: .milliseconds(600)) == e.ledColors(Self.look, at: .milliseconds(900)), "the dot stands")
        #expect(e.ledNextChange(after: .milliseconds(1000)) == nil)
    }
}
