/// Draws a `RingShape`, visiting only the rows and the parts of rows where the ring can be.
public func drawRing<Layout>(_ canvas: Canvas<Layout>, _ ring: RingShape, clip: IntRect) {
    let area = ring.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || ring.outerRadius <= 0 { return }
    let raster = RingRaster<Layout>(ring)
    if !raster.track.visible && !raster.hasIndicator { return }
    var roots = RowRoots()
    for y in area.y..<area.maxY {
        raster.drawRow(canvas, y: y, from: area.x, to: area.maxX, &roots)
    }
}

/// A ring set up for drawing, row by row.
///
/// Each row splits into radially solid runs (whole pixels between the rims) and the rim pixels
/// around them. Solid runs are filled a run at a time, except in the few columns near the arc's
/// ends (see `RingArc.swift`). Rim pixels take their radial coverage from the two circle edges
/// and follow the arc's end lines incrementally, so most of them need no angular work at all.
/// Per-pixel arithmetic wraps instead of trapping: every value is a Q8 or Q16 screen quantity
/// far inside 64 bits, and overflow checks would cost as much as the arithmetic.
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
    /// How far (Q8) from a cap's centre, along either axis, the cap can touch a pixel.
    let capLimit: Int64

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
        capLimit = capRadius + reach
    }

    static func sorted(_ x: Int64, _ y: Int64) -> (Int64, Int64) {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        return ax >= ay ? (ax, ay) : (ay, ax)
    }

    /// The first column whose centre is at or right of the Q8 offset `px` from the ring's centre.
    @inline(__always) func columnFrom(_ px: Int64) -> Int32 { Int32(truncatingIfNeeded: (cx &+ px &- 128 &+ 255) >> 8) }
    /// The last column whose centre is at or left of the Q8 offset `px`.
    @inline(__always) func columnTo(_ px: Int64) -> Int32 { Int32(truncatingIfNeeded: (cx &+ px &- 128) >> 8) }

    func drawRow(_ canvas: Canvas<Layout>, y: Int32, from clipMinX: Int32, to clipMaxX: Int32, _ roots: inout RowRoots) {
        let py = Int64(y) &* 256 &+ 128 &- cy
        let py2 = py &* py
        if py2 >= outerReach2 { return }
        // Columns whose centres are within reach of the outer rim: |px| <= half.
        let half = roots.outerReach.root(outerReach2 &- py2)
        let x0 = max(columnFrom(0 &- half), clipMinX)
        let x1 = min(columnTo(half) &+ 1, clipMaxX)
        if x0 >= x1 { return }
        // Radially solid pixels (the whole pixel inside the ring) have inner <= |px| <= outer.
        var solidLeft = (x1, x1), solidRight = (x1, x1)
        if outerSolid2 > py2 {
            let outerHalf = roots.outerSolid.root(outerSolid2 &- py2)
            var innerHalf: Int64 = 0
            if innerReach2 > py2 {
                let v = innerReach2 &- py2
                let r = roots.innerReach.root(v)
                innerHalf = r &* r == v ? r : r &+ 1
            }
            if innerHalf <= outerHalf {
                if innerHalf == 0 {
                    solidLeft = (columnFrom(0 &- outerHalf), columnTo(outerHalf) &+ 1)
                } else {
                    solidLeft = (columnFrom(0 &- outerHalf), columnTo(0 &- innerHalf) &+ 1)
                    solidRight = (columnFrom(innerHalf), columnTo(outerHalf) &+ 1)
                }
            }
        }
        var row = RowPass(y: y, py: py, py2: py2, x0: x0, x1: x1)
        // Columns wholly inside the hole are skipped.
        if innerSolid2 > py2 {
            let r = roots.innerSolid.root(innerSolid2 &- py2) &- 1
            let hole = (columnTo(0 &- r) &+ 1, columnFrom(r))
            if hole.0 < hole.1 {
                drawPart(canvas, &row, from: x0, to: min(x1, hole.0), solidLeft, solidRight)
                drawPart(canvas, &row, from: max(x0, hole.1), to: x1, solidLeft, solidRight)
                return
            }
        }
        drawPart(canvas, &row, from: x0, to: x1, solidLeft, solidRight)
    }

    /// Columns `from ..< to` of a row, which hold at most the two solid runs, in order, with
    /// rim between.
    func drawPart(_ canvas: Canvas<Layout>, _ row: inout RowPass, from a: Int32, to b: Int32, _ solidLeft: (Int32, Int32), _ solidRight: (Int32, Int32)) {
        var x = a
        drawRun(canvas, &row, solidLeft, before: b, &x)
        drawRun(canvas, &row, solidRight, before: b, &x)
        if x < b { drawRim(canvas, row, from: x, to: b) }
    }

    /// The rim from `x` up to the solid `run`, then the run, where it lies before `b`.
    @inline(__always)
    func drawRun(_ canvas: Canvas<Layout>, _ row: inout RowPass, _ run: (Int32, Int32), before b: Int32, _ x: inout Int32) {
        let from = max(run.0, x), to = min(run.1, b)
        if from >= to { return }
        if x < from { drawRim(canvas, row, from: x, to: from) }
        drawSolid(canvas, &row, from: from, to: to)
        x = to
    }

    /// Pixels wholly inside the ring radially: all track or all indicator except in the special
    /// columns, so the rest is filled in runs.
    func drawSolid(_ canvas: Canvas<Layout>, _ row: inout RowPass, from a: Int32, to b: Int32) {
        let y = row.y, py = row.py
        if !hasIndicator || wholeTurn {
            let paint = hasIndicator ? indicator : track
            if paint.visible { paint.run(canvas.address(a, y), count: Int(b &- a), step: canvas.xStep) }
            return
        }
        if row.special == nil { row.special = specialColumns(py: py, row.x0, row.x1) }
        let special = row.special!
        var x = a
        while x < b {
            let (nextFrom, nextTo) = special.next(after: x, limit: b)
            if nextFrom > x {
                let end = min(nextFrom, b)
                let paint = plainPaint(px: Int64(x) &* 256 &+ 128 &- cx, py: py)
                if paint.visible { paint.run(canvas.address(x, y), count: Int(end &- x), step: canvas.xStep) }
                x = end
                continue
            }
            let end = min(max(nextTo, x &+ 1), b)
            var p = canvas.address(x, y)
            var px = Int64(x) &* 256 &+ 128 &- cx
            for _ in x..<end {
                paintShared(p, total: 256, share: indicatorCoverage(px: px, py: py, ring: 256), track: track, indicator: indicator)
                p += canvas.xStep
                px = px &+ 256
            }
            x = end
        }
    }

    /// Pixels on or near a rim. Their radial coverage comes from the circle edges; whether they
    /// are near an end of the arc is followed incrementally, and only those near one take the
    /// full `indicatorCoverage`.
    func drawRim(_ canvas: Canvas<Layout>, _ row: RowPass, from a: Int32, to b: Int32) {
        let py = row.py
        var p = canvas.address(a, row.y)
        var px = Int64(a) &* 256 &+ 128 &- cx
        var d2 = px &* px &+ row.py2
        if !hasIndicator || wholeTurn {
            let paint = hasIndicator ? indicator : track
            if !paint.visible { return }
            for _ in a..<b {
                paint.cover(p, radial(px: px, py: py, d2: d2))
                p += canvas.xStep
                d2 = d2 &+ (px << 9) &+ 65536  // (px + 256)² = px² + 512·px + 65536
                px = px &+ 256
            }
            return
        }
        // Cross products with the two end directions (Q24): the signed distances to the end lines.
        var crossStart = startX &* py &- startY &* px
        var crossEnd = endX &* py &- endY &* px
        let stepStart = 0 &- (startY << 8), stepEnd = 0 &- (endY << 8)
        let reach24 = EdgeCoverage.reach << 16
        let capRowStart = roundCaps && py &- capStartY < capLimit && capStartY &- py < capLimit
        let capRowEnd = roundCaps && py &- capEndY < capLimit && capEndY &- py < capLimit
        for _ in a..<b {
            let ring = radial(px: px, py: py, d2: d2)
            if ring > 0 {
                let nearStart = crossStart < reach24 && crossStart > 0 &- reach24
                let nearEnd = crossEnd < reach24 && crossEnd > 0 &- reach24
                let nearCap =
                    (capRowStart && px &- capStartX < capLimit && capStartX &- px < capLimit)
                    || (capRowEnd && px &- capEndX < capLimit && capEndX &- px < capLimit)
                if nearStart || nearEnd || nearCap {
                    paintShared(p, total: ring, share: indicatorCoverage(px: px, py: py, ring: ring), track: track, indicator: indicator)
                } else {
                    // Far from both end lines and both caps: all indicator or all track.
                    let inside = atMostHalfTurn ? crossStart >= 0 && crossEnd <= 0 : crossStart >= 0 || crossEnd <= 0
                    (inside ? indicator : track).cover(p, ring)
                }
            }
            p += canvas.xStep
            d2 = d2 &+ (px << 9) &+ 65536
            px = px &+ 256
            crossStart = crossStart &+ stepStart
            crossEnd = crossEnd &+ stepEnd
        }
    }

    /// The part (Q8) of the pixel at `(px, py)` that lies between the two rims; 0 outside the ring.
    @inline(__always)
    func radial(px: Int64, py: Int64, d2: Int64) -> Int32 {
        if d2 >= outerReach2 || d2 <= innerSolid2 { return 0 }
        var ring: Int32 = 256
        if d2 > outerSolid2 { ring = outerEdge.coverage(dx: px, dy: py, d2: d2) }
        if d2 < innerReach2 { ring = ring &- innerEdge.coverage(dx: px, dy: py, d2: d2) }
        return ring
    }
}

/// One row of a ring being drawn: its place, and its special columns once worked out (rim
/// spans do without them; only solid runs need them).
struct RowPass {
    let y: Int32, py: Int64, py2: Int64
    let x0: Int32, x1: Int32
    var special: SpecialColumns? = nil
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
