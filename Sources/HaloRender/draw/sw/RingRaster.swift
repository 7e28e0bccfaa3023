/// Draws a `RingShape`, visiting only the rows and the parts of rows where the ring can be.
public func drawRing<Layout>(_ canvas: Canvas<Layout>, _ ring: RingShape, clip: IntRect) {
    let area = ring.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || ring.outerRadius <= 0 { return }
    let raster = RingRaster<Layout>(ring)
    var roots = RowRoots()
    for y in area.y..<area.maxY {
        raster.drawRow(canvas, y: y, from: area.x, to: area.maxX, &roots)
    }
}


struct RingRaster<Layout: PixelLayout> {
    let cx: Int64, cy: Int64
    let outer: Int64, inner: Int64
    // Squared distances (Q16) that bound the anti-aliased bands of the two rims.
    let outerReach2: Int64, outerSolid2: Int64
    let innerReach2: Int64, innerSolid2: Int64
    let outerEdge: CircleEdge, innerEdge: CircleEdge
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
    let capEdge: CircleEdge

    
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
        outerEdge = CircleEdge(radius: outer)
        innerEdge = CircleEdge(radius: inner)
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
        capEdge = CircleEdge(radius: capRadius)
    }

    
    static func sorted(_ x: Int64, _ y: Int64) -> (Int64, Int64) {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        return ax >= ay ? (ax, ay) : (ay, ax)
    }

    
    func drawRow(_ canvas: Canvas<Layout>, y: Int32, from clipMinX: Int32, to clipMaxX: Int32, _ roots: inout RowRoots) {
        let py = Int64(y) * 256 + 128 - cy
        let py2 = py * py
        if py2 >= outerReach2 { return }
        // Columns whose centres are within reach of the outer rim: |px| <= half.
        let half = roots.outerReach.root(outerReach2 - py2)
        let x0 = max(Int32(truncatingIfNeeded: ceilDiv(cx - half - 128, 256)), clipMinX)
        let x1 = min(Int32(truncatingIfNeeded: floorDiv(cx + half - 128, 256)) + 1, clipMaxX)
        if x0 >= x1 { return }
        // Radially solid pixels (the whole pixel inside the ring) have inner <= |px| <= outer.
        var solidLeft = (x1, x1), solidRight = (x1, x1)
        if outerSolid2 > py2 {
            let outerHalf = roots.outerSolid.root(outerSolid2 - py2)
            var innerHalf: Int64 = 0
            if innerReach2 > py2 {
                let v = innerReach2 - py2
                let r = roots.innerReach.root(v)
                innerHalf = r * r == v ? r : r + 1
            }
            if innerHalf <= outerHalf {
                let rightFrom = Int32(truncatingIfNeeded: ceilDiv(cx + innerHalf - 128, 256))
                let rightTo = Int32(truncatingIfNeeded: floorDiv(cx + outerHalf - 128, 256)) + 1
                let leftFrom = Int32(truncatingIfNeeded: ceilDiv(cx - outerHalf - 128, 256))
                let leftTo = Int32(truncatingIfNeeded: floorDiv(cx - innerHalf - 128, 256)) + 1
                if innerHalf == 0 {
                    solidLeft = (leftFrom, rightTo)
                } else {
                    solidLeft = (leftFrom, leftTo)
                    solidRight = (rightFrom, rightTo)
                }
            }
        }
        // Columns wholly inside the hole are skipped.
        var hole = (x1, x1)
        if innerSolid2 > py2 {
            let r = roots.innerSolid.root(innerSolid2 - py2) - 1
            hole = (Int32(truncatingIfNeeded: floorDiv(cx - r - 128, 256)) + 1, Int32(truncatingIfNeeded: ceilDiv(cx + r - 128, 256)))
        }
        let special = specialColumns(py: py, x0, x1)
        if hole.0 < hole.1 {
            drawPart(canvas, y: y, py: py, py2: py2, from: x0, to: min(x1, hole.0), solidLeft, solidRight, special)
            drawPart(canvas, y: y, py: py, py2: py2, from: max(x0, hole.1), to: x1, solidLeft, solidRight, special)
        } else {
            drawPart(canvas, y: y, py: py, py2: py2, from: x0, to: x1, solidLeft, solidRight, special)
        }
    }

    @inline(__always)
    func drawPart(
        _ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32,
        _ solidLeft: (Int32, Int32), _ solidRight: (Int32, Int32), _ special: SpecialColumns
    ) {
        var x = x0
        while x < x1 {
            // Next solid run at or after x.
            let run = x < solidLeft.1 && solidLeft.0 < solidLeft.1 ? solidLeft : solidRight
            let runFrom = max(run.0, x), runTo = min(run.1, x1)
            if runFrom >= runTo {
                drawSpan(canvas, y: y, py: py, py2: py2, from: x, to: x1, special)
                return
            }
            if x < runFrom { drawSpan(canvas, y: y, py: py, py2: py2, from: x, to: runFrom, special) }
            drawSolid(canvas, y: y, py: py, py2: py2, from: runFrom, to: runTo, special)
            x = runTo
        }
    }

    /// Columns of this row where the indicator's share of a pixel can be fractional: around each
    /// end's line and each cap. Everywhere else a pixel is all track or all indicator, and which
    /// one is the same along a whole run. Fixed slots, not an array: this runs once a row.
    func specialColumns(py: Int64, _ x0: Int32, _ x1: Int32) -> SpecialColumns {
        var special = SpecialColumns()
        if !hasIndicator || wholeTurn { return special }
        special.add(endLine(startX, startY, py: py, x0, x1))
        special.add(endLine(endX, endY, py: py, x0, x1))
        if roundCaps {
            let limit = capRadius + EdgeCoverage.reach + 256
            if py - capStartY < limit && capStartY - py < limit { special.add(columns(capStartX - limit, capStartX + limit)) }
            if py - capEndY < limit && capEndY - py < limit { special.add(columns(capEndX - limit, capEndX + limit)) }
        }
        return special
    }

    /// The colour of pixels outside the special columns, from the first pixel of their run.
    /// There no end line or cap is within reach, so `indicatorCoverage` reduces to which side of
    /// the two end lines the pixel lies on.
    @inline(__always)
    func plainPaint(px: Int64, py: Int64) -> Paint<Layout> {
        if !hasIndicator { return track }
        if wholeTurn { return indicator }
        let afterStart = startX &* py &- startY &* px >= 0
        let beforeEnd = endX &* py &- endY &* px <= 0
        let inside = atMostHalfTurn ? afterStart && beforeEnd : afterStart || beforeEnd
        return inside ? indicator : track
    }

    /// Pixels wholly inside the ring radially: each is all track or all indicator except in the
    /// special columns, so the rest is filled in runs.
    @inline(__always)
    func drawSolid(_ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32, _ special: SpecialColumns) {
        var x = x0
        while x < x1 {
            // The nearest special interval that is not already behind x.
            let (nextFrom, nextTo) = special.next(after: x, limit: x1)
            if nextFrom > x {
                let end = min(nextFrom, x1)
                let paint = plainPaint(px: Int64(x) * 256 + 128 - cx, py: py)
                if paint.visible { paint.run(canvas.address(x, y), count: Int(end - x), step: canvas.xStep) }
                x = end
                continue
            }
            let end = min(max(nextTo, x + 1), x1)
            var p = canvas.address(x, y)
            var px = Int64(x) * 256 + 128 - cx
            for _ in x..<end {
                paintShared(p, total: 256, share: indicatorCoverage(px: px, py: py, ring: 256), track: track, indicator: indicator)
                p += canvas.xStep
                px += 256
            }
            x = end
        }
    }

    /// The columns of this row near the line through an arc end with direction (dx, dy).
    func endLine(_ dx: Int64, _ dy: Int64, py: Int64, _ x0: Int32, _ x1: Int32) -> (Int32, Int32) {
        // On this row the line is at px = dx * py / dy; it is near within reach / |dy|.
        let ady = dy < 0 ? -dy : dy
        if ady < 16 { return (x0, x1) }  // the line runs along the row: no runs to gain
        // Where the row meets the line behind the centre (the end's opposite ray), the arc's
        // coverage does not change across it: for an arc of at most half a turn both sides lie
        // outside the other end's half-plane, for a longer one both lie inside it. Only the end's
        // own ray needs per-pixel work. Rows within 2 px of the centre keep both, to be safe.
        if (py < -512 && dy > 0) || (py > 512 && dy < 0) { return (x1, x1) }
        let centre = dx * py / dy
        let width = (EdgeCoverage.reach << 16) / ady + 256
        return columns(centre - width, centre + width)
    }

    /// Pixel columns whose centres lie between two Q8 offsets from the ring's centre.
    func columns(_ from: Int64, _ to: Int64) -> (Int32, Int32) {
        (Int32(truncatingIfNeeded: floorDiv(cx + from - 128, 256)), Int32(truncatingIfNeeded: ceilDiv(cx + to - 128, 256)) + 1)
    }

    /// Pixels on or near a rim. Outside the special columns only the radial coverage is needed.
    @inline(__always)
    func drawSpan(_ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32, _ special: SpecialColumns) {
        var x = x0
        while x < x1 {
            let (nextFrom, nextTo) = special.next(after: x, limit: x1)
            if nextFrom > x {
                let end = min(nextFrom, x1)
                let paint = plainPaint(px: Int64(x) * 256 + 128 - cx, py: py)
                if paint.visible { drawRim(canvas, y: y, py: py, py2: py2, from: x, to: end, paint) }
                x = end
                continue
            }
            let end = min(max(nextTo, x + 1), x1)
            drawRimShared(canvas, y: y, py: py, py2: py2, from: x, to: end)
            x = end
        }
    }

    /// Rim pixels in one colour.
    @inline(__always)
    func drawRim(_ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32, _ paint: Paint<Layout>) {
        var p = canvas.address(x0, y)
        var px = Int64(x0) * 256 + 128 - cx
        var d2 = px * px + py2
        for _ in x0..<x1 {
            if d2 < outerReach2 && d2 > innerSolid2 {
                var ring: Int32 = 256
                if d2 > outerSolid2 { ring = outerEdge.coverage(dx: px, dy: py, d2: d2) }
                if d2 < innerReach2 { ring -= innerEdge.coverage(dx: px, dy: py, d2: d2) }
                paint.cover(p, ring)
            }
            p = p + canvas.xStep
            // (px + 256)² = px² + 512 px + 65536
            d2 = d2 &+ (px << 9) &+ 65536
            px = px &+ 256
        }
    }

    /// Rim pixels where the ring's coverage is split between track and indicator.
    @inline(__always)
    func drawRimShared(_ canvas: Canvas<Layout>, y: Int32, py: Int64, py2: Int64, from x0: Int32, to x1: Int32) {
        var p = canvas.address(x0, y)
        var px = Int64(x0) * 256 + 128 - cx
        var d2 = px * px + py2
        for _ in x0..<x1 {
            if d2 < outerReach2 && d2 > innerSolid2 {
                var ring: Int32 = 256
                if d2 > outerSolid2 { ring = outerEdge.coverage(dx: px, dy: py, d2: d2) }
                if d2 < innerReach2 { ring -= innerEdge.coverage(dx: px, dy: py, d2: d2) }
                if ring > 0 {
                    paintShared(p, total: ring, share: indicatorCoverage(px: px, py: py, ring: ring), track: track, indicator: indicator)
                }
            }
            p = p + canvas.xStep
            d2 = d2 &+ (px << 9) &+ 65536
            px = px &+ 256
        }
    }

    /// The part of the pixel (Q8) covered by the indicator arc and its caps, at most `ring`.
    @inline(__always)
    func indicatorCoverage(px: Int64, py: Int64, ring: Int32) -> Int32 {
        if wholeTurn { return ring }
        let reach24 = EdgeCoverage.reach << 16
        // Signed distances (Q24) from the lines of the two ends; positive is clockwise. Most
        // pixels are far from both lines, which two comparisons settle.
        let crossStart = startX &* py &- startY &* px
        let crossEnd = endX &* py &- endY &* px
        let nearStart = crossStart < reach24 && crossStart > -reach24 && startX &* px &+ startY &* py > 0
        let nearEnd = crossEnd < reach24 && crossEnd > -reach24 && endX &* px &+ endY &* py > 0
        let fromStart: Int32 =
            nearStart
            ? EdgeCoverage.halfPlane(s: 0 &- (crossStart >> 16), a: edgeA, b: edgeB, twoAB: edgeTwoAB)
            : (crossStart >= 0 ? 256 : 0)
        let fromEnd: Int32 =
            nearEnd
            ? EdgeCoverage.halfPlane(s: crossEnd >> 16, a: endA, b: endB, twoAB: endTwoAB)
            : (crossEnd <= 0 ? 256 : 0)
        // An arc of at most half a turn is inside both ends' half-planes; a longer one is inside either.
        let angular = atMostHalfTurn ? max(0, fromStart &+ fromEnd &- 256) : min(256, fromStart &+ fromEnd)
        var covered = angular >= 256 ? ring : (ring &* angular) >> 8
        if roundCaps && covered < ring {
            covered = max(covered, capCoverage(px &- capStartX, py &- capStartY))
            covered = max(covered, capCoverage(px &- capEndX, py &- capEndY))
            if covered > ring { covered = ring }
        }
        return covered
    }

    
    func capCoverage(_ dx: Int64, _ dy: Int64) -> Int32 {
        let limit = capRadius &+ EdgeCoverage.reach
        if dx >= limit || dx <= 0 &- limit || dy >= limit || dy <= 0 &- limit { return 0 }
        let d2 = dx &* dx &+ dy &* dy
        if d2 >= capReach2 { return 0 }
        if d2 <= capSolid2 { return 256 }
        return capEdge.coverage(dx: dx, dy: dy, d2: d2)
    }
}

@inline(__always) func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
@inline(__always) func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? (a + b - 1) / b : -((-a) / b) }

/// Up to four column intervals of a row that need per-pixel work.
struct SpecialColumns {
    var a = (Int32(0), Int32(0)), b = (Int32(0), Int32(0)), c = (Int32(0), Int32(0)), d = (Int32(0), Int32(0))
    var count = 0

    mutating func add(_ r: (Int32, Int32)) {
        if r.0 >= r.1 { return }
        switch count {
        case 0: a = r
        case 1: b = r
        case 2: c = r
        default: d = r
        }
        count = min(count + 1, 4)
    }

    /// The interval that starts first among those not wholly before `x`; `(limit, limit)` if none.
    func next(after x: Int32, limit: Int32) -> (Int32, Int32) {
        var best = (limit, limit)
        if count == 0 { return best }
        for i in 0..<count {
            let r = i == 0 ? a : (i == 1 ? b : (i == 2 ? c : d))
            if r.1 > x && r.0 < best.0 { best = r }
        }
        return best
    }
}

/// Square roots that change little from one row to the next: each starts from its last value.
struct RowRoots {
    struct Tracked {
        var last: Int64 = 0
        mutating func root(_ n: Int64) -> Int64 {
            last = IntegerSquareRoot.floorRoot(n, guess: last)
            return last
        }
    }
    var outerReach = Tracked(), outerSolid = Tracked(), innerReach = Tracked(), innerSolid = Tracked()
}
