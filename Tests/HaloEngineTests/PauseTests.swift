// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

@Suite("Paused: the motion stands still, a play icon replaces the stop icon, the LED head blinks")
struct PauseTests {
    func layer(_ layers: [Layer], _ part: LayerKey.Part, serial: UInt32 = 1) -> Drawable? {
        layers.first { $0.key == LayerKey.activity(serial, part) }?.drawable
    }

    @Test("a turning ring stands still while paused, costs no frames, and goes on from the same pose")
    func turningStandsStill() throws {
        let e = makeEngine(), reference = makeEngine()
        try e.run("show a circular pausable=yes", at: 0)
        try reference.run("show a circular pausable=yes", at: 0)
        try e.run("pause a", at: 1000)
        #expect(e.rings(atMs: 1000) == e.rings(atMs: 4000))
        #expect(e.nextChange(after: .milliseconds(1000)) == nil, "nothing to draw while it stands still")
        try e.run("resume a", at: 4000)
        #expect(e.rings(atMs: 4000) == reference.rings(atMs: 1000))
        #expect(e.rings(atMs: 4700) == reference.rings(atMs: 1700))
        #expect(e.nextChange(after: .milliseconds(4700)) == .milliseconds(4700))
    }

    @Test("a turning bar stands still while paused")
    func barStandsStill() throws {
        let e = makeEngine()
        try e.run("show b linear", at: 0)
        try e.run("pause b", at: 900)
        #expect(e.layers(atMs: 900) == e.layers(atMs: 3000))
    }

    @Test("the play icon takes the stop icon's place, and resume gives it back")
    func playIcon() throws {
        let e = makeEngine()
        try e.run("show up circular value=35% cancellable=yes pausable=yes", at: 0)
        guard case .roundedRect = layer(e.layers(atMs: 1000), .stop) else {
            Issue.record("no stop icon before the pause")
            return
        }
        try e.run("pause up", at: 1000)
        let paused = e.layers(atMs: 1000)
        for part: LayerKey.Part in [.second, .third, .stop] {
            guard case .capsule(let c) = layer(paused, part) else {
                Issue.record("no play icon stroke at \(part)")
                continue
            }
            #expect(c.color == Theme().indicator)
        }
        let icon = [LayerKey.Part.second, .third, .stop].compactMap { layer(paused, $0)?.bounds }.reduce(IntRect.empty) { $0.union($1) }
        // Centred in the ring, in the stop icon's square (224 / 5 = 44 px): 40.5 × 44.3 px, and
        // the shapes' bounds take in two pixels of soft edge each way.
        #expect(icon.width <= 44 && icon.height <= 48 && icon.width >= 42 && icon.height >= 46, "\(icon)")
        #expect(abs(icon.x + icon.width / 2 - 240) <= 4 && abs(icon.y + icon.height / 2 - 240) <= 1, "\(icon)")
        try e.run("resume up", at: 2000)
        guard case .roundedRect = layer(e.layers(atMs: 2000), .stop) else {
            Issue.record("no stop icon after resume")
            return
        }
    }

    @Test("a paused bar shows the play icon after it even when it is not cancellable")
    func pausedBar() throws {
        let e = makeEngine()
        try e.run("show dl linear value=45% pausable=yes", at: 0)
        #expect(layer(e.layers(atMs: 1000), .stop) == nil)
        try e.run("pause dl", at: 1000)
        guard case .capsule = layer(e.layers(atMs: 1000), .stop) else {
            Issue.record("no play icon on the paused bar")
            return
        }
    }

    @Test("a paused spinner stands still on a track it never shows while turning, faded, round a play icon")
    func pausedSpinner() throws {
        let e = makeEngine()
        try e.run("show s spinner pausable=yes", at: 0)
        let turning = e.rings(atMs: 900)[0]
        #expect(turning.track == .clear)
        try e.run("pause s", at: 900)
        let paused = e.rings(atMs: 900)[0]
        #expect(paused.track == Theme().track && paused.indicator == Theme().indicator.withOpacity(128))
        #expect(paused.arcStart == turning.arcStart && paused.arcSweep == turning.arcSweep)
        guard case .capsule = layer(e.layers(atMs: 900), .stop) else {
            Issue.record("no play icon in the paused spinner")
            return
        }
    }

    @Test("pause and resume are refused where they mean nothing, and are idempotent where they do")
    func refusals() throws {
        let e = makeEngine()
        try e.run("show pay checkout", at: 0)
        #expect(throws: ControlError.self) { try e.run("pause pay", at: 100) }
        #expect(throws: ControlError.self) { try e.run("show n network pausable=yes", at: 0) }
        #expect(throws: ControlError.self) { try e.run("pause nobody", at: 100) }
        try e.run("show up circular value=10%", at: 0)
        try e.run("pause up", at: 100)
        try e.run("pause up", at: 200)
        try e.run("resume up", at: 300)
        try e.run("resume up", at: 400)
        try e.run("succeed up \"Uploaded\"", at: 500)
        do {
            try e.run("pause up", at: 600)
            Issue.record("pause after the end was accepted")
        } catch {
            #expect(error.kind == .ended)
        }
    }

    @Test("on the LED ring a paused fill holds still and its head blinks every second; the daemon wakes only for that")
    func ledHeadBlinks() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        let e = makeEngine(policy: p)
        var look = LedRingLook()
        look.count = 12
        try e.run("show a circular value=50% pausable=yes", at: 0)
        let running = e.ledColors(look, at: .milliseconds(1000))
        try e.run("pause a", at: 1000)
        let lit = e.ledColors(look, at: .milliseconds(1500)), dark = e.ledColors(look, at: .milliseconds(2500))
        #expect(lit == running, "the fill as it stood")
        #expect((0..<12).filter { lit[$0] != dark[$0] } == [5], "only the head, LED 5 of the 6 lit, blinks")
        #expect(e.ledColors(look, at: .milliseconds(3500)) == lit)
        #expect(e.ledNextChange(after: .milliseconds(1200)) == .milliseconds(2000))
    }
}
