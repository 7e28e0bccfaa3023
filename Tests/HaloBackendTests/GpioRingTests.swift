// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// The GPIO ring on in-memory lines: the levels it sets and when. The lines themselves are
/// requested from a real kernel's GPIO character device in QEMURingTests.
@Suite("GPIO ring on in-memory lines")
struct GpioRingTests {
    static let plain = LedColorPipeline(gamma: LedGamma(hundredths: 100))

    /// Lines that keep every set they are given.
    final class RecordingLines: GpioLines {
        let count: Int
        var sets: [[Int32]] = []
        init(_ count: Int) { self.count = count }
        func set(_ levels: [Int32]) throws(RingError) { sets.append(levels) }
    }

    @Test("stats count the GPIO frames that reached the lines, not the ones that changed no level")
    func framesDeliveredOnly() throws {
        let lines = RecordingLines(12)
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 200, screenHeight: 200, theme: Theme(), policy: policy, text: BlockText())
        let lights = RingLights(engine: engine, output: try GpioRing(colour: false, pipeline: Self.plain, lines: lines))
        try engine.apply(CommandParser.parse("show up circular value=50%").get(), at: .zero)
        try lights.update(at: .milliseconds(1000))
        // 51 % lights the same six LEDs: new colours for the ring, the same levels on the lines.
        try engine.apply(CommandParser.parse("progress up 51%").get(), at: .milliseconds(1000))
        try lights.update(at: .milliseconds(2000))
        #expect(lines.sets.count == 1)
        #expect(lights.traffic.frames == 1, "\(lights.traffic)")
    }

    @Test("a GPIO ring sets every line in one call a frame, only when a level changed; RGB LEDs take three lines each")
    func gpioLevels() throws {
        let lines = RecordingLines(4)
        let ring = try GpioRing(colour: false, pipeline: Self.plain, lines: lines)
        #expect(ring.count == 4)
        try ring.show([.white, Color(r: 200, g: 0, b: 0), Color(r: 100, g: 100, b: 100), .black])
        try ring.show([.white, Color(r: 201, g: 0, b: 0), Color(r: 101, g: 100, b: 100), .black])
        #expect(lines.sets == [[1, 1, 0, 0]], "the second frame changed no level")
        try ring.show([.black, .black, .black, .white])
        #expect(lines.sets.count == 2 && lines.sets[1] == [0, 0, 0, 1] && ring.bytesSent == 8)
        let rgbLines = RecordingLines(6)
        let rgb = try GpioRing(colour: true, pipeline: Self.plain, lines: rgbLines)
        try rgb.show([Color(r: 255, g: 0, b: 200), Color(r: 0, g: 130, b: 0)])
        #expect(rgb.count == 2 && rgbLines.sets == [[1, 0, 1, 0, 1, 0]])
        #expect(throws: RingError.self) { try rgb.show([.white]) }
        #expect(throws: RingError.self) { try GpioRing(colour: true, pipeline: Self.plain, lines: RecordingLines(4)) }
    }
}
