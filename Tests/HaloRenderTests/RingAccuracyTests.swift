// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

@Suite("Ring arcs against exact geometry")
struct RingAccuracyTests {
    // Limits from the specification: mean 3/255 and worst 16/255 over anti-aliased edge pixels.
    static let meanLimit = 3.0 / 255
    static let worstLimit = 16.0 / 255

    func check(diameter: Int32, thickness: Int32, startTurns: Double, sweepTurns: Double, roundCaps: Bool, centreOffset: Int32 = 0) {
        let size: Int32 = diameter + 8
        // Centre at (W/2, H/2) plus an optional sub-pixel offset (Q8).
        let cxQ8 = size * 128 + centreOffset, cyQ8 = size * 128 + centreOffset / 2
        let ring = RingShape(
            centerX: cxQ8, centerY: cyQ8, outerRadius: diameter * 128, innerRadius: (diameter / 2 - thickness) * 256,
            track: .clear, indicator: .white,
            arcStart: Angle(units: Int32(startTurns * 65536)), arcSweep: Angle(units: Int32((sweepTurns * 65536).rounded())),
            roundCaps: roundCaps)
        let image = TestImage(width: size, height: size) { canvas in
            drawRing(canvas, ring, clip: canvas.bounds)
        }
        let exact = ExactRing(
            cx: Double(cxQ8) / 256, cy: Double(cyQ8) / 256, outer: Double(diameter) / 2, inner: Double(diameter / 2 - thickness),
            startTurns: Double(ring.arcStart.units) / 65536, sweepTurns: Double(ring.arcSweep.units) / 65536, roundCaps: roundCaps)
        let report = AccuracyReport.measure(area: (0, 0, Int(size), Int(size)), value: image.value, inside: exact.inArc)
        #expect(report.edgePixels > Int(diameter), "expected an anti-aliased rim: \(report)")
        #expect(report.meanError <= Self.meanLimit, "\(report)")
        #expect(report.worst <= Self.worstLimit, "\(report)")
    }

    @Test("61 % arc with butt caps: 219.6°, no whole-degree step")
    func sixtyOnePercentButt() { check(diameter: 96, thickness: 12, startTurns: 0, sweepTurns: 0.61, roundCaps: false) }

    @Test("61 % arc with round caps")
    func sixtyOnePercentRound() { check(diameter: 96, thickness: 12, startTurns: 0, sweepTurns: 0.61, roundCaps: true) }

    @Test("short arc at an odd angle, round caps, off-centre by a fraction of a pixel")
    func shortOddArc() {
        check(diameter: 64, thickness: 8, startTurns: 0.137, sweepTurns: 0.083, roundCaps: true, centreOffset: 77)
    }

    @Test("arc just under and just over half a turn")
    func nearHalfTurn() {
        check(diameter: 64, thickness: 6, startTurns: 0.3, sweepTurns: 0.49, roundCaps: false)
        check(diameter: 64, thickness: 6, startTurns: 0.3, sweepTurns: 0.51, roundCaps: true)
    }

    @Test("whole ring")
    func wholeRing() { check(diameter: 80, thickness: 10, startTurns: 0, sweepTurns: 1, roundCaps: true) }

    @Test("the benchmark ring: diameter 224, thickness 12, 60 %")
    func benchmarkRing() { check(diameter: 224, thickness: 12, startTurns: 0, sweepTurns: 0.6, roundCaps: true) }

    @Test("the track never shows through the indicator's anti-aliased rim")
    func noTrackBleed() {
        // Red track, blue indicator over the whole ring: no pixel may hold any red at all.
        let ring = RingShape(
            centerX: 40 * 256, centerY: 40 * 256, outerRadius: 36 * 256, innerRadius: 28 * 256,
            track: Color(r: 255, g: 0, b: 0), indicator: Color(r: 0, g: 0, b: 255), arcSweep: .fullTurn)
        let image = TestImage(width: 80, height: 80) { canvas in drawRing(canvas, ring, clip: canvas.bounds) }
        var redPixels = 0, bluePixels = 0
        for i in stride(from: 0, to: image.bytes.count, by: 4) {
            if image.bytes[i + 2] != 0 { redPixels += 1 }
            if image.bytes[i] != 0 { bluePixels += 1 }
        }
        #expect(redPixels == 0)
        #expect(bluePixels > 1000)
    }

    @Test("where indicator and track meet at the rim, the two shares add up to the ring's coverage")
    func sharedRim() {
        let ring = RingShape(
            centerX: 40 * 256, centerY: 40 * 256, outerRadius: 36 * 256, innerRadius: 28 * 256,
            track: Color(r: 255, g: 0, b: 0), indicator: Color(r: 0, g: 0, b: 255), arcSweep: Angle(units: 30000),
            roundCaps: false)
        let twoColour = TestImage(width: 80, height: 80) { canvas in drawRing(canvas, ring, clip: canvas.bounds) }
        var mono = ring
        mono.track = .white
        mono.indicator = .white
        let oneColour = TestImage(width: 80, height: 80) { canvas in drawRing(canvas, mono, clip: canvas.bounds) }
        for i in stride(from: 0, to: twoColour.bytes.count, by: 4) {
            let sum = Int(twoColour.bytes[i]) + Int(twoColour.bytes[i + 2])
            #expect(abs(sum - Int(oneColour.bytes[i])) <= 2, "pixel \(i / 4)")
        }
    }
}
