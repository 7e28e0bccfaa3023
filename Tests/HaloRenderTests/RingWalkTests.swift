// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// The row walk in `RingRaster` skips work: it fills stretches far from the arc's ends with one
/// paint, fills the solid middle of a cap as a run, and sends only the pixels near an end or a
/// cap's edge to the exact coverage. These tests check that every shortcut gives the very
/// pixel the per-pixel definition gives (radial coverage, then the arc's share of it), so that
/// speed work on the walk can never change a picture.
@Suite("Ring row walk against the per-pixel definition")
struct RingWalkTests {
    static let size: Int32 = 150
    static let background = Color(rgb: 0x204060)

    /// Draws `ring` pixel by pixel from the definitions the walk is meant to follow.
    static func reference(_ ring: RingShape) -> [UInt8] {
        TestImage(width: size, height: size) { canvas in
            fillRect(canvas, canvas.bounds, background, clip: canvas.bounds)
            let raster = RingRaster<XRGB8888>(ring)
            for y in 0..<size {
                for x in 0..<size {
                    let px = Int64(x) * 256 + 128 - raster.cx, py = Int64(y) * 256 + 128 - raster.cy
                    let total = raster.edges.radial(px: px, py: py, d2: px * px + py * py)
                    if total == 0 { continue }
                    let p = canvas.address(x, y)
                    if !raster.hasIndicator {
                        raster.track.cover(p, total)
                        continue
                    }
                    let toStart =
                        ring.roundCaps
                        ? (px - raster.capStartX) * (px - raster.capStartX) + (py - raster.capStartY) * (py - raster.capStartY) : Int64.max
                    let toEnd =
                        ring.roundCaps
                        ? (px - raster.capEndX) * (px - raster.capEndX) + (py - raster.capEndY) * (py - raster.capEndY) : Int64.max
                    let share = raster.indicatorCoverage(px: px, py: py, ring: total, toStart: toStart, toEnd: toEnd)
                    paintShared(p, total: total, share: share, track: raster.track, indicator: raster.indicator)
                }
            }
        }.bytes
    }

    static func walked(_ ring: RingShape, clip: IntRect? = nil) -> [UInt8] {
        TestImage(width: size, height: size) { canvas in
            fillRect(canvas, canvas.bounds, background, clip: canvas.bounds)
            drawRing(canvas, ring, clip: clip ?? canvas.bounds)
        }.bytes
    }

    /// A small deterministic generator, so a failure names a case that can be run again.
    struct Lcg {
        var state: UInt64
        mutating func next(_ bound: Int64) -> Int64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((state >> 33) % UInt64(bound))
        }
    }

    static func shape(seed: UInt64) -> RingShape {
        var g = Lcg(state: seed)
        let outer = Int32(20 * 256 + g.next(50 * 256))
        let inner = Int32(max(0, Int64(outer) - 3 * 256 - g.next(Int64(outer) - 3 * 256)))
        let centre = Int32(75 * 256)
        return RingShape(
            centerX: centre + Int32(g.next(512)) - 256, centerY: centre + Int32(g.next(512)) - 256, outerRadius: outer, innerRadius: inner,
            track: Color(rgb: 0x3A3A3C), indicator: Color(rgb: 0x0A84FF),
            arcStart: Angle(units: Int32(g.next(65536))), arcSweep: Angle(units: Int32(1 + g.next(65535))), roundCaps: g.next(4) != 0)
    }

    @Test("random rings, arcs and caps: every pixel as the definition says", arguments: Array(UInt64(1)...UInt64(40)))
    func randomRing(seed: UInt64) {
        let ring = Self.shape(seed: seed)
        let want = Self.reference(ring)
        #expect(Self.walked(ring) == want, "seed \(seed): \(ring)")
        // Clipped to a box that cuts through rows and columns of the ring.
        let clip = IntRect(x: 40, y: 30, width: 47, height: 61)
        let clipped = Self.walked(ring, clip: clip)
        var differ = 0
        for y in 0..<Int(Self.size) {
            for x in 0..<Int(Self.size) {
                let inside = x >= 40 && x < 87 && y >= 30 && y < 91
                let i = (y * Int(Self.size) + x) * 4
                let expected = inside ? Array(want[i..<i + 4]) : [0x60, 0x40, 0x20, 0xFF]
                if Array(clipped[i..<i + 4]) != expected { differ += 1 }
            }
        }
        #expect(differ == 0, "seed \(seed), clipped: \(differ) pixels differ")
    }

    @Test("short capped arcs, whose caps overlap or nearly meet", arguments: Array(UInt64(1)...UInt64(24)))
    func shortCappedArc(seed: UInt64) {
        var g = Lcg(state: seed &* 104_729)
        let outer = Int32(20 * 256 + g.next(50 * 256))
        // Thick rings give big caps: a short arc then lies within its own caps' reach.
        let inner = Int32(max(0, Int64(outer) - 4 * 256 - g.next(16 * 256)))
        let ring = RingShape(
            centerX: 75 * 256 + Int32(g.next(512)) - 256, centerY: 75 * 256 + Int32(g.next(512)) - 256, outerRadius: outer,
            innerRadius: inner,
            track: Color(rgb: 0x3A3A3C), indicator: Color(rgb: 0x0A84FF), arcStart: Angle(units: Int32(g.next(65536))),
            arcSweep: Angle(units: Int32(1 + g.next(4000))), roundCaps: true)
        #expect(Self.walked(ring) == Self.reference(ring), "seed \(seed): \(ring)")
    }

    @Test("the benchmark ring at every whole percent and at the ends of the indeterminate sweep")
    func benchmarkRing() {
        for sweep in Array(stride(from: Int32(0), through: 65536, by: 655)) + [6554, 57016] {
            for start in [Int32(0), 12345, 40000] {
                let ring = RingShape(
                    centerX: 75 * 256, centerY: 75 * 256, outerRadius: 70 * 256, innerRadius: 62 * 256,
                    track: Color(rgb: 0x3A3A3C), indicator: Color(rgb: 0x0A84FF), arcStart: Angle(units: start),
                    arcSweep: Angle(units: sweep),
                    roundCaps: true)
                #expect(Self.walked(ring) == Self.reference(ring), "start \(start), sweep \(sweep)")
            }
        }
    }
}
