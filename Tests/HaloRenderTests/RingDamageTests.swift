// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// `RingDamage` names the rectangles a moved arc changes. These tests draw the old arc, redraw
/// only those rectangles with the new one (background first, as the compositor does) and
/// require the very picture the new arc gives when drawn whole: a pixel the damage misses
/// would keep its old value.
@Suite("Ring damage against a whole redraw")
struct RingDamageTests {
    static let size = RingWalkTests.size
    static let background = RingWalkTests.background

    static func whole(_ ring: RingShape) -> [UInt8] { RingWalkTests.walked(ring) }

    /// The old arc drawn whole, then the damage from `old` to `new` redrawn; nil when the
    /// damage is "everything".
    static func repaired(from old: RingShape, to new: RingShape) -> (bytes: [UInt8], area: Int64)? {
        var damage = DamageList()
        guard RingDamage.add(from: old, to: new, into: &damage) else { return nil }
        let rects = damage.rects
        var area: Int64 = 0
        let bytes = TestImage(width: size, height: size) { canvas in
            fillRect(canvas, canvas.bounds, background, clip: canvas.bounds)
            drawRing(canvas, old, clip: canvas.bounds)
            for r in rects {
                let clip = r.intersection(canvas.bounds)
                area += clip.area
                fillRect(canvas, clip, background, clip: clip)
                drawRing(canvas, new, clip: clip)
            }
        }.bytes
        return (bytes, area)
    }

    static func moved(_ ring: RingShape, start: Int32, sweep: Int32) -> RingShape {
        RingShape(
            centerX: ring.centerX, centerY: ring.centerY, outerRadius: ring.outerRadius, innerRadius: ring.innerRadius,
            track: ring.track, indicator: ring.indicator, arcStart: Angle(units: ring.arcStart.units &+ start),
            arcSweep: Angle(units: max(1, min(65535, ring.arcSweep.units &+ sweep))), roundCaps: ring.roundCaps)
    }

    @Test("random rings whose ends move a little: the damage holds every changed pixel", arguments: Array(UInt64(1)...UInt64(30)))
    func smallMoves(seed: UInt64) {
        var g = RingWalkTests.Lcg(state: seed &* 7919)
        let old = RingWalkTests.shape(seed: seed)
        for _ in 0..<4 {
            let new = Self.moved(old, start: Int32(g.next(8001)) - 4000, sweep: Int32(g.next(8001)) - 4000)
            // No damage list means "redraw it all", which is always right.
            guard let r = Self.repaired(from: old, to: new) else { continue }
            #expect(r.bytes == Self.whole(new), "seed \(seed): \(old) -> \(new)")
        }
    }

    @Test("the benchmark's indeterminate arc, frame after frame")
    func indeterminateFrames() throws {
        // The s2 ring, scaled into the test image: its ends move by up to a few degrees a frame.
        var start: Int32 = 0, sweep: Int32 = 6554
        var previous = RingShape(
            centerX: 75 * 256, centerY: 75 * 256, outerRadius: 56 * 256, innerRadius: 50 * 256, track: Color(rgb: 0x3A3A3C),
            indicator: Color(rgb: 0x0A84FF), arcStart: Angle(units: start), arcSweep: Angle(units: sweep), roundCaps: true)
        for frame in 0..<90 {
            start = start &+ 700 &+ Int32(frame % 7) * 90
            sweep = 6554 + Int32((frame * 613) % 40000)
            let next = Self.moved(previous, start: start &- previous.arcStart.units, sweep: sweep - previous.arcSweep.units)
            if let r = Self.repaired(from: previous, to: next) {
                #expect(r.bytes == Self.whole(next), "frame \(frame)")
            }
            previous = next
        }
    }
}
