// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

@Suite("Ring profiles kept between frames")
struct RingProfileTests {
    /// Outer and inner radius, first column's and first row's offset from the centre (Q8).
    static let quadrantCases: [[Int64]] = [
        [48 * 256, 40 * 256, 128, 128], [112 * 256, 100 * 256, 0, 0], [24 * 256, 20 * 256, 128, 0], [30 * 256 + 77, 9 * 256, 51, 205],
    ]

    func ring(start: Int32, sweep: Int32, centreOffset: Int32 = 0) -> RingShape {
        RingShape(
            centerX: 60 * 256 + centreOffset, centerY: 60 * 256 + centreOffset / 3, outerRadius: 48 * 256, innerRadius: 40 * 256,
            track: Color(rgb: 0x3A3A3C), indicator: Color(rgb: 0x0A84FF), arcStart: Angle(units: start), arcSweep: Angle(units: sweep),
            roundCaps: true)
    }

    func image(_ shape: RingShape, clip: IntRect? = nil, profiles: RingProfileCache?) -> [UInt8] {
        TestImage(width: 120, height: 120) { canvas in drawRing(canvas, shape, clip: clip ?? canvas.bounds, profiles: profiles) }.bytes
    }

    @Test("a cached profile draws the same pixels as a fresh one, arc after arc, clipped or not")
    func sameAsFresh() {
        let cache = RingProfileCache()
        for (start, sweep) in [(Int32(0), Int32(39977)), (9000, 5000), (50000, 30000), (123, 65536)] {
            let shape = ring(start: start, sweep: sweep)
            #expect(image(shape, profiles: cache) == image(shape, profiles: nil), "arc \(start)+\(sweep)")
            let clip = IntRect(x: 70, y: 20, width: 30, height: 25)
            #expect(image(shape, clip: clip, profiles: cache) == image(shape, clip: clip, profiles: nil), "clipped arc \(start)+\(sweep)")
        }
    }

    @Test("a ring centred on a whole or half pixel needs one quadrant; an odd centre needs four")
    func quadrantsShared() {
        let cache = RingProfileCache()
        _ = image(ring(start: 0, sweep: 20000), profiles: cache)
        #expect(cache.count == 1)
        let bytes = cache.byteCount
        #expect(bytes > 0)
        // Another arc of the same ring adds nothing.
        _ = image(ring(start: 30000, sweep: 40000), profiles: cache)
        #expect(cache.count == 1 && cache.byteCount == bytes)
        // A centre a fraction of a pixel off the grid has four different quadrants.
        let odd = RingProfileCache()
        _ = image(ring(start: 0, sweep: 20000, centreOffset: 77), profiles: odd)
        #expect(odd.count == 4)
    }

    @Test(
        "every entry of a quadrant is its pixel's radial coverage worked out directly, mirrored or not",
        arguments: RingProfileTests.quadrantCases)
    func quadrantEntries(shape: [Int64]) {
        let (outer, inner, p0, q0) = (shape[0], shape[1], shape[2], shape[3])
        let edges = RadialEdges(outer: outer, inner: inner)
        let q = RingQuadrant(outer: outer, inner: inner, p0: p0, q0: q0, edges: edges)
        var checked = 0, wrong = 0
        for j in 0..<q.rows {
            let r = q.row[j]
            let py = q0 + Int64(j) * 256
            for k in r.hole..<r.reach {
                let px = p0 + Int64(k) * 256
                let direct = edges.radial(px: px, py: py, d2: px * px + py * py)
                let stored = Int32(q.coverage[Int(r.start) + Int(k - r.hole)])
                let inBand = k >= r.solidFrom && k < r.solidTo
                if stored != direct || (inBand && direct != 256) { wrong += 1 }
                checked += 1
            }
        }
        #expect(checked > 0 && wrong == 0, "\(wrong) of \(checked) entries differ")
    }

    @Test("the cache holds a bounded number of profiles")
    func bounded() {
        let cache = RingProfileCache()
        for r in 0..<40 {
            let shape = RingShape(
                centerX: 60 * 256, centerY: 60 * 256, outerRadius: (20 + Int32(r)) * 256, innerRadius: 10 * 256,
                track: .white, indicator: .white, arcSweep: Angle(units: 65536))
            _ = image(shape, profiles: cache)
        }
        #expect(cache.count == RingProfileCache.capacity)
    }
}
