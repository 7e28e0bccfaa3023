/// Draws a `RingShape`, visiting only the rows and the parts of rows where the ring can be.
/// `profiles` keeps each ring's radial shape between calls (a compositor passes its own);
/// without it the shape is worked out for this call only.
public func drawRing<Layout>(_ canvas: Canvas<Layout>, _ ring: RingShape, clip: IntRect, profiles: RingProfileCache? = nil) {
    let area = ring.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || ring.outerRadius <= 0 { return }
    let raster = RingRaster<Layout>(ring)
    if !raster.track.visible && !raster.hasIndicator { return }
    let cache = profiles ?? RingProfileCache()
    // The first column right of (or on) the centre and the first row below it, and how far
    // their centres lie from it (Q8, 0 ..< 256); the columns to the left and rows above mirror them.
    let right = Int32(truncatingIfNeeded: (raster.cx &- 128 &+ 255) >> 8)
    let below = Int32(truncatingIfNeeded: (raster.cy &- 128 &+ 255) >> 8)
    let pRight = Int64(right) &* 256 &+ 128 &- raster.cx, qBelow = Int64(below) &* 256 &+ 128 &- raster.cy
    let pLeft = 256 &- pRight, qAbove = 256 &- qBelow
    func quadrant(_ p0: Int64, _ q0: Int64) -> RingQuadrant {
        cache.quadrant(outer: raster.outer, inner: raster.inner, p0: p0, q0: q0, edges: raster.edges)
    }
    // Rows above the centre, then rows below: each half of the ring has its own quadrants.
    let top = min(area.maxY, below)
    if area.y < top {
        let left = quadrant(pLeft, qAbove), rightHalf = quadrant(pRight, qAbove)
        for y in area.y..<top {
            raster.drawRow(canvas, y, area.x, area.maxX, left, rightHalf, Int(below &- 1 &- y), right)
        }
    }
    let bottom = max(area.y, below)
    if bottom < area.maxY {
        let left = quadrant(pLeft, qBelow), rightHalf = quadrant(pRight, qBelow)
        for y in bottom..<area.maxY {
            raster.drawRow(canvas, y, area.x, area.maxX, left, rightHalf, Int(y &- below), right)
        }
    }
}

/// A ring set up for drawing, row by row.
///
/// Each half row splits, by its `RingQuadrant`, into the hole, the two rims and the radially
/// solid band between them. Solid runs are filled a run at a time, except in the few columns
/// near the arc's ends (see `RingArc.swift`). Rim pixels take their radial coverage from the
/// quadrant and follow the arc's end lines incrementally, so most need no angular work at all.
/// Per-pixel arithmetic wraps instead of trapping: every value is a Q8 or Q16 screen quantity
/// far inside 64 bits, and overflow checks would cost as much as the arithmetic.
struct RingRaster<Layout: PixelLayout> {
    let cx: Int64, cy: Int64
    let outer: Int64, inner: Int64
    let edges: RadialEdges
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
    /// Half the width (Q8, along a row) of the columns near each end line: reach / |dy| + 1 px.
    let startLineWidth: Int64, endLineWidth: Int64

    init(_ ring: RingShape) {
        let reach = EdgeCoverage.reach
        cx = Int64(ring.centerX)
        cy = Int64(ring.centerY)
        outer = Int64(ring.outerRadius)
        inner = Int64(ring.innerRadius)
        edges = RadialEdges(outer: outer, inner: inner)
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
        startLineWidth = startY == 0 ? 0 : (reach << 16) / (startY < 0 ? -startY : startY) + 256
        endLineWidth = endY == 0 ? 0 : (reach << 16) / (endY < 0 ? -endY : endY) + 256
    }

    static func sorted(_ x: Int64, _ y: Int64) -> (Int64, Int64) {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        return ax >= ay ? (ax, ay) : (ay, ax)
    }

    /// The first column whose centre is at or right of the Q8 offset `px` from the ring's centre.
    @inline(__always) func columnFrom(_ px: Int64) -> Int32 { Int32(truncatingIfNeeded: (cx &+ px &- 128 &+ 255) >> 8) }
    /// The last column whose centre is at or left of the Q8 offset `px`.
    @inline(__always) func columnTo(_ px: Int64) -> Int32 { Int32(truncatingIfNeeded: (cx &+ px &- 128) >> 8) }

    /// Row `y` (columns `x0 ..< x1`) from row `j` of the quadrants of its two halves; `right`
    /// is the first column right of the centre.
    func drawRow(_ canvas: Canvas<Layout>, _ y: Int32, _ x0: Int32, _ x1: Int32, _ left: RingQuadrant, _ rightHalf: RingQuadrant, _ j: Int, _ right: Int32) {
        let row = RowPass(y: y, py: Int64(y) &* 256 &+ 128 &- cy, x0: x0, x1: x1)
        var special = SpecialColumns.notYet
        drawHalf(canvas, row, &special, left, j, firstColumn: right &- 1, step: -1)
        drawHalf(canvas, row, &special, rightHalf, j, firstColumn: right, step: 1)
    }

    /// One half of a row, from the quadrant's row `j`: columns `firstColumn + step·i` for
    /// `i = 0, 1, ...` moving away from the centre. Drawn left to right: a rim, the solid band,
    /// the other rim, with one walker carried across all three.
    @inline(__always)
    func drawHalf(_ canvas: Canvas<Layout>, _ row: RowPass, _ special: inout SpecialColumns, _ q: RingQuadrant, _ j: Int, firstColumn c0: Int32, step: Int32) {
        if j >= q.rows { return }
        let r = q.row[j]
        let innerCoverage = q.coverage + Int(r.start)
        let outerCoverage = innerCoverage + Int(r.solidFrom &- r.hole)
        // Left to right: the first rim, the solid band, the second rim; and where the first
        // pixel of each rim finds its coverage.
        let first: (Int32, Int32), solid: (Int32, Int32), second: (Int32, Int32)
        let firstCoverage: UnsafeMutablePointer<UInt16>, secondCoverage: UnsafeMutablePointer<UInt16>
        if step > 0 {
            first = (c0 &+ r.hole, c0 &+ r.solidFrom)
            solid = (c0 &+ r.solidFrom, c0 &+ r.solidTo)
            second = (c0 &+ r.solidTo, c0 &+ r.reach)
            firstCoverage = innerCoverage
            secondCoverage = outerCoverage
        } else {
            first = (c0 &- r.reach &+ 1, c0 &- r.solidTo &+ 1)
            solid = (c0 &- r.solidTo &+ 1, c0 &- r.solidFrom &+ 1)
            second = (c0 &- r.solidFrom &+ 1, c0 &- r.hole &+ 1)
            firstCoverage = outerCoverage + Int(r.reach &- r.solidTo &- 1)
            secondCoverage = innerCoverage + Int(r.solidFrom &- r.hole &- 1)
        }
        let a = max(first.0, row.x0), b = min(second.1, row.x1)
        if a >= b { return }
        var walk = RimWalker(self, canvas, row, column: a)
        let dk = Int(step)
        // First rim.
        let firstEnd = min(first.1, b)
        if a < firstEnd {
            walk.rim(self, canvas, firstCoverage + dk * Int(a &- first.0), step: dk, count: Int(firstEnd &- a))
        }
        // Solid band.
        let solidFrom = max(solid.0, a), solidTo = min(solid.1, b)
        if solidFrom < solidTo {
            drawSolid(canvas, row, &special, from: solidFrom, to: solidTo)
        }
        // Second rim.
        let secondFrom = max(second.0, a)
        if secondFrom < b {
            walk.skip(self, canvas, to: secondFrom)
            walk.rim(self, canvas, secondCoverage + dk * Int(secondFrom &- second.0), step: dk, count: Int(b &- secondFrom))
        }
    }

    /// Pixels wholly inside the ring radially: all track or all indicator except in the special
    /// columns, so the rest is filled in runs.
    func drawSolid(_ canvas: Canvas<Layout>, _ row: RowPass, _ special: inout SpecialColumns, from a: Int32, to b: Int32) {
        if a >= b { return }
        let y = row.y, py = row.py
        if !hasIndicator || wholeTurn {
            let paint = hasIndicator ? indicator : track
            if paint.visible { paint.run(canvas.address(a, y), count: Int(b &- a), step: canvas.xStep) }
            return
        }
        if special.count < 0 { special = specialColumns(py: py, row.x0, row.x1) }
        if !special.intersects(a, b) {
            let paint = plainPaint(px: Int64(a) &* 256 &+ 128 &- cx, py: py)
            if paint.visible { paint.run(canvas.address(a, y), count: Int(b &- a), step: canvas.xStep) }
            return
        }
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

}

/// Walks rim pixels along a row, keeping the pixel's address, its offset from the centre and its
/// signed distances from the arc's two end lines up to date as it moves right.
struct RimWalker<Layout: PixelLayout> {
    var column: Int32
    var p: UnsafeMutableRawPointer
    var px: Int64
    /// Cross products with the two end directions (Q24): signed distances to the end lines.
    var crossStart: Int64, crossEnd: Int64
    let py: Int64
    let capRowStart: Bool, capRowEnd: Bool

    @inline(__always)
    init(_ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ row: RowPass, column: Int32) {
        self.column = column
        py = row.py
        p = canvas.address(column, row.y)
        px = Int64(column) &* 256 &+ 128 &- r.cx
        crossStart = r.startX &* py &- r.startY &* px
        crossEnd = r.endX &* py &- r.endY &* px
        capRowStart = r.roundCaps && py &- r.capStartY < r.capLimit && r.capStartY &- py < r.capLimit
        capRowEnd = r.roundCaps && py &- r.capEndY < r.capLimit && r.capEndY &- py < r.capLimit
    }

    /// Moves right to `column` without drawing.
    @inline(__always)
    mutating func skip(_ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, to target: Int32) {
        let n = Int64(target &- column)
        p += canvas.xStep * Int(n)
        px = px &+ (n << 8)
        crossStart = crossStart &- ((r.startY &* n) << 8)
        crossEnd = crossEnd &- ((r.endY &* n) << 8)
        column = target
    }

    /// Draws `count` rim pixels, the first of whose radial coverage is at `coverage`, the next
    /// `step` further on. Only pixels near an end of the arc take the full `indicatorCoverage`.
    @inline(__always)
    mutating func rim(_ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ coverage: UnsafeMutablePointer<UInt16>, step: Int, count: Int) {
        var cov = coverage
        if !r.hasIndicator || r.wholeTurn {
            let paint = r.hasIndicator ? r.indicator : r.track
            for _ in 0..<count {
                paint.cover(p, Int32(cov.pointee))
                p += canvas.xStep
                cov += step
            }
            skipped(r, count)
            return
        }
        let reach24 = EdgeCoverage.reach << 16
        let stepStart = 0 &- (r.startY << 8), stepEnd = 0 &- (r.endY << 8)
        for _ in 0..<count {
            let ring = Int32(cov.pointee)
            if ring > 0 {
                let nearStart = crossStart < reach24 && crossStart > 0 &- reach24
                let nearEnd = crossEnd < reach24 && crossEnd > 0 &- reach24
                let nearCap =
                    (capRowStart && px &- r.capStartX < r.capLimit && r.capStartX &- px < r.capLimit)
                    || (capRowEnd && px &- r.capEndX < r.capLimit && r.capEndX &- px < r.capLimit)
                if nearStart || nearEnd || nearCap {
                    paintShared(p, total: ring, share: r.indicatorCoverage(px: px, py: py, ring: ring), track: r.track, indicator: r.indicator)
                } else {
                    // Far from both end lines and both caps: all indicator or all track.
                    let inside = r.atMostHalfTurn ? crossStart >= 0 && crossEnd <= 0 : crossStart >= 0 || crossEnd <= 0
                    (inside ? r.indicator : r.track).cover(p, ring)
                }
            }
            p += canvas.xStep
            cov += step
            px = px &+ 256
            crossStart = crossStart &+ stepStart
            crossEnd = crossEnd &+ stepEnd
        }
        column &+= Int32(count)
    }

    /// Accounts for `count` pixels drawn without following the end lines.
    @inline(__always)
    mutating func skipped(_ r: RingRaster<Layout>, _ count: Int) {
        let n = Int64(count)
        px = px &+ (n << 8)
        crossStart = crossStart &- ((r.startY &* n) << 8)
        crossEnd = crossEnd &- ((r.endY &* n) << 8)
        column &+= Int32(count)
    }
}

/// One row of a ring being drawn: its place and the columns to draw (the clip).
struct RowPass {
    let y: Int32, py: Int64
    let x0: Int32, x1: Int32
}
