// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import Testing

@Suite("LED ring states, on the mock LED recorder")
struct LedRingTests {
    static let blue = Theme().indicator
    static let green = Theme().success
    static let red = Theme().error

    func ring(_ count: Int = 12, policy: Policy = Policy()) -> (Engine, RingLights<LedRecorder>) {
        let e = makeEngine(policy: policy)
        return (e, RingLights(engine: e, output: LedRecorder(count: count)))
    }

    @Test("a determinate indicator fills clockwise from 12 o'clock, after the show delay")
    func determinate() throws {
        let (e, lights) = ring()
        try e.run("show up circular value=50%", at: 0)
        try lights.update(at: .milliseconds(400))
        #expect(lights.output.current == [Color](repeating: .black, count: 12))
        try lights.update(at: .milliseconds(600))
        #expect(Array(lights.output.current[0..<6]) == [Color](repeating: Self.blue, count: 6))
        #expect(Array(lights.output.current[6...]) == [Color](repeating: .black, count: 6))
    }

    @Test("value changes glide on the ring as on the screen")
    func glides() throws {
        let (e, lights) = ring()
        try e.run("show up circular value=0%", at: 0)
        try e.run("progress up 100%", at: 1000)
        try lights.update(at: .milliseconds(1100))
        let midway = lights.output.current.filter { $0 == Self.blue }.count
        #expect(midway > 0 && midway < 12, "partway through the 300 ms glide: \(midway) LEDs lit")
        try lights.update(at: .milliseconds(1400))
        #expect(lights.output.current == [Color](repeating: Self.blue, count: 12))
    }

    @Test("success and error light the ring in their colours; success goes with the indicator, error stays")
    func outcomes() throws {
        let (e, lights) = ring()
        try e.run("show up circular value=40%", at: 0)
        try e.run("succeed up \"Photos uploaded\"", at: 1000)
        try lights.update(at: .milliseconds(2000))
        #expect(lights.output.current == [Color](repeating: Self.green, count: 12))
        try lights.update(at: .milliseconds(4000))
        #expect(lights.output.current == [Color](repeating: .black, count: 12))
        try e.run("show sync linear value=10%", at: 5000)
        try e.run("fail sync \"Sync failed. Check the network and retry.\"", at: 6000)
        for t: Int64 in [6000, 20000, 60000] {
            try lights.update(at: .milliseconds(t))
            #expect(lights.output.current.contains(Self.red) && lights.output.current.allSatisfy { $0 == Self.red || $0 == .black })
        }
    }

    @Test("an indeterminate activity keeps turning: the ring never repeats a frame for a second")
    func keepsMoving() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        let (e, lights) = ring(24, policy: p)
        try e.run("show wait spinner", at: 0)
        var seen: [[Color]] = []
        for t in stride(from: Int64(0), through: 1000, by: 50) {
            try lights.update(at: .milliseconds(t))
            let now = lights.output.current
            #expect(now.contains { $0 != .black }, "at \(t) ms the ring is dark")
            #expect(!seen.contains(now), "at \(t) ms the ring shows an earlier frame again")
            seen.append(now)
        }
    }

    @Test("a checkout takes the ring over from a progress indicator, which gets it back after")
    func priority() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        p.minimumVisible = Milliseconds(0)
        let (e, lights) = ring(12, policy: p)
        try e.run("show up circular value=25%", at: 0)
        try e.run("show pay checkout label=\"Processing payment\"", at: 100)
        try lights.update(at: .milliseconds(200))
        let duringCheckout = lights.output.current
        try e.run("dismiss pay", at: 300)
        try lights.update(at: .milliseconds(300))
        #expect(Array(lights.output.current[0..<3]) == [Color](repeating: Self.blue, count: 3))
        #expect(Array(lights.output.current[3...]) == [Color](repeating: .black, count: 9))
        #expect(duringCheckout != lights.output.current)
    }

    @Test("colours are sent only when they change, dimmed by the pipeline's brightness, over the track colour")
    func sendsChangesOnly() throws {
        var look = LedRingLook()
        look.track = Color(rgb: 0x202020)
        let e = makeEngine()
        let linear = LedColorPipeline(gamma: LedGamma(hundredths: 100), brightness: 128)
        let lights = RingLights(engine: e, output: LedRecorder(count: 4, pipeline: linear), look: look)
        try e.run("show up circular value=50%", at: 0)
        for t: Int64 in [600, 700, 800] { try lights.update(at: .milliseconds(t)) }
        #expect(lights.output.frames.count == 1)
        #expect(lights.framesSent == 1 && lights.framesSkipped == 2)
        let lit = lights.output.current
        #expect(lit[0] == Color(r: 5, g: 66, b: 128))  // #0A84FF at 128/255
        #expect(lit[3] == Color(r: 16, g: 16, b: 16))  // #202020 at 128/255
    }

    @Test("a ring of the wrong size is refused with the fix")
    func wrongSize() {
        let recorder = LedRecorder(count: 12)
        #expect(throws: RingError.self) { try recorder.show([Color](repeating: .white, count: 8)) }
        do {
            try recorder.show([Color](repeating: .white, count: 8))
        } catch {
            #expect(error.description.contains("leds.count"))
        }
        #expect(recorder.frames.isEmpty)
    }

    /// A ring that records which frames came dithered.
    final class DitherRecorder: DitheringRing {
        let count: Int
        var frames: [(dithered: Bool, colors: [Color])] = []
        init(count: Int) { self.count = count }
        func show(_ colors: [Color]) throws(RingError) { frames.append((false, colors)) }
        func showDithered(_ colors: [Color]) throws(RingError) { frames.append((true, colors)) }
        var framesDelivered: Int { frames.count }
    }

    @Test("a dithering ring is dithered while the picture moves, sent once more rounded when it stops, then left alone")
    func dithersWhileMoving() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        let e = makeEngine(policy: p)
        let lights = RingLights(engine: e, output: DitherRecorder(count: 12))
        lights.dithers = true
        try e.run("show up circular value=0%", at: 0)
        try e.run("progress up 50%", at: 0)
        var t: Int64 = 0
        while t <= 600 {
            try lights.update(at: .milliseconds(t))
            t += 10
        }
        let frames = lights.output.frames
        #expect(frames.count >= 3)
        #expect(frames.dropLast().allSatisfy { $0.dithered }, "every moving frame is dithered")
        #expect(frames.last.map { !$0.dithered && $0.colors == frames[frames.count - 2].colors } == true, "then the still picture, rounded")
        #expect(lights.nextChange(after: .milliseconds(600)) == nil, "and nothing more to send")
        let plain = RingLights(engine: e, output: DitherRecorder(count: 12))
        try e.run("progress up 90%", at: 1000)
        try plain.update(at: .milliseconds(1100))
        #expect(plain.output.frames.allSatisfy { !$0.dithered }, "a ring not asked to dither never is")
    }
}
