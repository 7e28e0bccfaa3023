/// Draws a `RingShape`, visiting only the rows and the parts of rows where the ring can be.
public func drawRing<Layout>(_ canvas: Canvas<Layout>, _ ring: RingShape, clip: IntRect) {
    let area = ring.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || ring.outerRadius <= 0 { return }
    let raster = RingRaster<Layout>(ring)
    for y in area.y..<area.maxY {
        raster.drawRow(canvas, y: y, from: area.x, to: area.maxX)
    }
}


struct RingRaster<Layout: PixelLayout> {
    let cx: Int64, cy: Int64
    let outer: Int64, inner: Int64
    // Squared distances (Q16) that bound the anti-aliased bands of the two rims.
    let outerReach2: Int64, outerSolid2: Int64
    let innerReach2: Int64, innerSolid2: Int64
    let track: Paint<Layout>, indicator: Paint<Layout>
    let hasIndicator: Bool, wholeTurn: Bool, atMostHalfTurn: Bool
    // The arc's two ends: unit directions (Q16), the edge normal's sorted components.
    let startX: Int64, startY: Int64, endX: Int64, endY: Int64
    let edgeA: Int64, edgeB: Int64, edgeTwoAB: Int64
    let endA: Int64, endB: Int64, endTwoAB: Int64
    // Round caps: centres (Q8 offsets from the ring centre) and radius.
    let roundCaps: Bool
    let capStartX: Int64, capStartY: Int64, capEndX: Int64, capEndY: Int64
    let capRadius: Int64, capReach2: Int64, capSolid2: Int64

    
    init(_ ring: RingShape) {
        let reach = EdgeCoverage.reach
        cx = Int64(ring.centerX)
        cy = Int64(ring.centerY)
        outer = Int64(ring.outerRadius)
        inner = Int64(ring.innerRadius)
        outerReach2 = (outer + reach) * (outer + reach)
        outerSolid2 = outer > reach ? (outer - reach) * (outer - reach) : -1
        innerReach2 = inner > 0 ? (inner + reach) * (inner + reach) : -1
        innerSolid2 = inner > reach ? (inner - reach) * (inner - reach) : -1
        track = Paint(ring.track)
        indicator = Paint(ring.indicator)
        hasIndicator = ring.hasIndicator
        wholeTurn = ring.arcSweep.units >= Angle.unitsPerTurn
        atMostHalfTurn = ring.arcSweep.units <= Angle.unitsPerTurn / 2
        let s = ring.arcStart.direction
        let e = (ring.arcStart + ring.arcSweep).direction
        startX = Int64(s.x)
        startY = Int64(s.y)
        endX = Int64(e.x)
        endY = Int64(e.y)
        (edgeA, edgeB) = RingRaster.sorted(startX, startY)
        edgeTwoAB = (2 * edgeA * edgeB) >> 16
        (endA, endB) = RingRaster.sorted(endX, endY)
        endTwoAB = (2 * endA * endB) >> 16
        roundCaps = ring.roundCaps
        let mid = (outer + inner) >> 1
        capRadius = (outer - inner) >> 1
        capStartX = (mid * startX) >> 16
        capStartY = (mid * startY) >> 16
        capEndX = (mid * endX) >> 16
        capEndY = (mid * endY) >> 16
        capReach2 = (capRadius + reach) * (capRadius + reach)
        capSolid2 = capRadius > reach ? (capRadius - reach) * (capRadius - reach) : -1
    }

    
    static func sorted(_ x: Int64, _ y: Int64) -> (Int64, Int64) {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        return ax >= ay ? (ax, ay) : (ay, ax)
    }

    
    func drawRow(_ canvas: Canvas<Layout>, y: Int32, from clipMinX: Int32, to clipMaxX: Int32) {
        let py = Int64(y) * 256 + 128 - cy
        let py2 = py * py
        if py2 >= outerReach2 { return }
        // Columns whose centres are within reach of the outer rim: |px| <= half.
        let half = IntegerSquareRoot.floorRoot(outerReach2 - py2)
        var x0 = Int32(truncatingIfNeeded: ceilDiv(cx - half - 128, 256))
        var x1 = Int32(truncatingIfNeeded: floorDiv(cx + half - 128, 256)) + 1
        x0 = max(x0, clipMinX)
        x1 = min(x1, clipMaxX)
        if x0 >= x1 { return }
        if innerSolid2 > py2 {
            // Skip the hole: columns whose centres are strictly inside the inner solid circle.
            let hole = IntegerSquareRoot.floorRoot(innerSolid2 - py2) - 1
            let h0 = Int32(truncatingIfNeeded: floorDiv(cx - hole - 128, 256)) + 1
            let h1 = Int32(truncatingIfNeeded: ceilDiv(cx + hole - 128, 256))
            if h0 < h1 {
                drawSpan(canvas, y: y, py: py, py2: py2, from: x0, to: min(x1, h0))
                drawSpan(canvas, y: y, py: py, py2: py2, from: max(x0, h1), to: x1)
                return
            }
        }
        drawSpan(canvas, y: y, py: py, py2: py2, from: x0, to: x1)
    }

    
    func drawSpan(_ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32) {
        if x0 >= x1 { return }
        var p = canvas.address(x0, y)
        var px = Int64(x0) * 256 + 128 - cx
        for _ in x0..<x1 {
            let d2 = px * px + py2
            if d2 < outerReach2 && d2 > innerSolid2 {
                var ring: Int32 = 256
                if d2 > outerSolid2 { ring = EdgeCoverage.disc(dx: px, dy: py, d2: d2, radius: outer) }
                if d2 < innerReach2 { ring -= EdgeCoverage.disc(dx: px, dy: py, d2: d2, radius: inner) }
                if ring > 0 {
                    let share = hasIndicator ? indicatorCoverage(px: px, py: py, ring: ring) : 0
                    paintShared(p, total: ring, share: share, track: track, indicator: indicator)
                }
            }
            p += canvas.xStep
            px += 256
        }
    }

    /// The part of the pixel (Q8) covered by the indicator arc and its caps, at most `ring`.
    func indicatorCoverage(px: Int64, py: Int64, ring: Int32) -> Int32 {
        if wholeTurn { return ring }
        let reach24 = EdgeCoverage.reach << 16
        // Signed distances (Q24) from the lines of the two ends; positive is clockwise.
        let crossStart = startX * py - startY * px
        let crossEnd = endX * py - endY * px
        let nearStart = startX * px + startY * py > 0 && crossStart < reach24 && crossStart > -reach24
        let nearEnd = endX * px + endY * py > 0 && crossEnd < reach24 && crossEnd > -reach24
        let fromStart: Int32 =
            nearStart
            ? EdgeCoverage.halfPlane(s: -(crossStart >> 16), a: edgeA, b: edgeB, twoAB: edgeTwoAB)
            : (crossStart >= 0 ? 256 : 0)
        let fromEnd: Int32 =
            nearEnd
            ? EdgeCoverage.halfPlane(s: crossEnd >> 16, a: endA, b: endB, twoAB: endTwoAB)
            : (crossEnd <= 0 ? 256 : 0)
        // An arc of at most half a turn is inside both ends' half-planes; a longer one is inside either.
        let angular = atMostHalfTurn ? max(0, fromStart + fromEnd - 256) : min(256, fromStart + fromEnd)
        var covered = angular >= 256 ? ring : (ring * angular) >> 8
        if roundCaps && covered < ring {
            covered = max(covered, capCoverage(px - capStartX, py - capStartY))
            covered = max(covered, capCoverage(px - capEndX, py - capEndY))
            if covered > ring { covered = ring }
        }
        return covered
    }

    
    func capCoverage(_ dx: Int64, _ dy: Int64) -> Int32 {
        let limit = capRadius + EdgeCoverage.reach
        if dx >= limit || dx <= -limit || dy >= limit || dy <= -limit { return 0 }
        let d2 = dx * dx + dy * dy
        if d2 >= capReach2 { return 0 }
        if d2 <= capSolid2 { return 256 }
        return EdgeCoverage.disc(dx: dx, dy: dy, d2: d2, radius: capRadius)
    }
}

func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? (a + b - 1) / b : -((-a) / b) }
