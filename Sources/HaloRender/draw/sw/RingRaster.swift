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
/// Each half row is one walk from the hole to the outer reach, its radial coverage read from
/// the row's `RingQuadrant`. The walk follows the arc's end lines incrementally: pixels far from
/// both ends and both caps are all indicator or all track, and the solid band between them is
/// filled as runs; only pixels near an end line or on a cap's edge take the exact arc coverage
/// (see `RingArc.swift`).
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
    /// How far (Q8) from a round cap's centre, along either axis, a pixel can need the exact
    /// path: the cap's edge, or the end line, whose stretch across the ring lies within
    /// `capLimit` of the centre along the line and within the anti-aliasing reach across it.
    let capWindow: Int64
    /// The rows (pixel centres' offsets `py` from the ring's centre, Q8, inclusive) that an end
    /// of the arc or its cap can touch. A half row outside both lies on one side of both ends.
    let startRows: (Int64, Int64), endRows: (Int64, Int64)
    /// True when the pixels of an end's cap window that lie on the arc's side of that end's
    /// line, clear of it, are all inside the arc, so the window can leave them to a stretch:
    /// always past half a turn; below it, when the window keeps clear of the other end's line.
    let trimStart: Bool, trimEnd: Bool

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
        capWindow = capLimit + reach
        // The window's pixels lie within `capWindow` and the two pixels `capIndices` widens
        // it by; across the other end's line a box of half-size h spans h·(|x| + |y|).
        let box = capWindow + 512, reach24 = reach << 16
        let capped = roundCaps && hasIndicator && !wholeTurn
        trimStart = capped && (!atMostHalfTurn || endX * capStartY - endY * capStartX + box * (abs(endX) + abs(endY)) <= -reach24)
        trimEnd = capped && (!atMostHalfTurn || startX * capEndY - startY * capEndX - box * (abs(startX) + abs(startY)) >= reach24)
        startRows = RingRaster.rowsNearEnd(dirY: startY, outer: outer, inner: inner, capY: capStartY, capLimit: roundCaps ? capLimit : 0)
        endRows = RingRaster.rowsNearEnd(dirY: endY, outer: outer, inner: inner, capY: capEndY, capLimit: roundCaps ? capLimit : 0)
    }

    /// The rows an end of the arc can touch: its line from the hole to beyond the outer rim,
    /// and its cap, each widened by the anti-aliasing reach and a little for rounding.
    static func rowsNearEnd(dirY: Int64, outer: Int64, inner: Int64, capY: Int64, capLimit: Int64) -> (Int64, Int64) {
        let reach = EdgeCoverage.reach
        let a = (max(0, inner - reach) * dirY) >> 16, b = ((outer + reach) * dirY) >> 16
        var lo = min(a, b) - reach - 2, hi = max(a, b) + reach + 2
        if capLimit > 0 {
            lo = min(lo, capY - capLimit - 2)
            hi = max(hi, capY + capLimit + 2)
        }
        return (lo, hi)
    }

    /// True when no end of the arc and no cap comes near the row at `py`: each half of it is
    /// then all indicator or all track.
    @inline(__always)
    func settled(py: Int64) -> Bool {
        if !hasIndicator || wholeTurn { return true }
        return (py < startRows.0 || py > startRows.1) && (py < endRows.0 || py > endRows.1)
    }

    /// True when a point whose cross products with the start and end directions are `cs` and
    /// `ce` lies on the arc's side of both end lines (at most half a turn) or of either (more).
    @inline(__always)
    func insideArc(_ cs: Int64, _ ce: Int64) -> Bool {
        atMostHalfTurn ? cs >= 0 && ce <= 0 : cs >= 0 || ce <= 0
    }

    static func sorted(_ x: Int64, _ y: Int64) -> (Int64, Int64) {
        let ax = x < 0 ? -x : x, ay = y < 0 ? -y : y
        return ax >= ay ? (ax, ay) : (ay, ax)
    }

    /// Row `y` (columns `x0 ..< x1`) from row `j` of the quadrants of its two halves; `right`
    /// is the first column right of the centre.
    func drawRow(
        _ canvas: Canvas<Layout>, _ y: Int32, _ x0: Int32, _ x1: Int32, _ left: RingQuadrant, _ rightHalf: RingQuadrant, _ j: Int,
        _ right: Int32
    ) {
        let py = Int64(y) &* 256 &+ 128 &- cy
        let row = RowPass(y: y, py: py, x0: x0, x1: x1, settled: settled(py: py))
        drawHalf(canvas, row, left, j, firstColumn: right &- 1, Leftward.self)
        // The right half is a call of its own: skip it when the columns end left of it.
        if x1 > right { drawHalf(canvas, row, rightHalf, j, firstColumn: right, Rightward.self) }
    }

    /// One half of a row, from the quadrant's row `j`: columns `firstColumn + step·i` for
    /// `i = 0, 1, ...` moving away from the centre, from the hole to the outer reach. Drawn
    /// left to right in one walk.
    @inline(__always)
    func drawHalf<Direction: RowDirection>(
        _ canvas: Canvas<Layout>, _ row: RowPass, _ q: RingQuadrant, _ j: Int, firstColumn c0: Int32, _: Direction.Type
    ) {
        let step = Direction.step
        if j >= q.rows { return }
        let r = q.row[j]
        let coverage = q.coverage + Int(r.start)
        // The span's columns, left to right, and where its leftmost column's coverage is.
        let from: Int32, to: Int32, first: UnsafeMutablePointer<UInt16>
        if step > 0 {
            (from, to) = (c0 &+ r.hole, c0 &+ r.reach)
            first = coverage
        } else {
            (from, to) = (c0 &- r.reach &+ 1, c0 &- r.hole &+ 1)
            first = coverage + Int(r.reach &- r.hole &- 1)
        }
        let a = max(from, row.x0), b = min(to, row.x1)
        if a >= b { return }
        // The solid band as walk indices (column a + i).
        let solid: (Int32, Int32) =
            step > 0
            ? (c0 &+ r.solidFrom &- a, c0 &+ r.solidTo &- a)
            : (c0 &- r.solidTo &+ 1 &- a, c0 &- r.solidFrom &+ 1 &- a)
        let cov = first + Int(step) &* Int(a &- from), count = Int(b &- a)
        let band = (Int(max(0, solid.0)), Int(max(0, solid.1)))
        if row.settled {
            // The whole half row takes the colour of the side of the end lines it lies on.
            let inside: Bool
            if !hasIndicator || wholeTurn {
                inside = hasIndicator
            } else {
                let px = Int64(a) &* 256 &+ 128 &- cx
                let cs = startX &* row.py &- startY &* px, ce = endX &* row.py &- endY &* px
                inside = insideArc(cs, ce)
            }
            let paint = inside ? indicator : track
            if paint.visible {
                RimWalker<Layout>.plain(
                    paint, canvas.address(a, row.y), cov, step: Int(step), xStep: canvas.xStep, from: 0, to: count, solid: band)
            }
            return
        }
        let walk = RimWalker(self, canvas, row, column: a)
        walk.rim(self, canvas, cov, Direction.self, count: count, solid: band)
    }

    /// A pixel near an end of the arc or a cap: its ring coverage split exactly between the
    /// indicator and the track. Kept out of line so the walk's loop stays small.
    @inline(never)
    func shadeNearEnd(_ p: UnsafeMutableRawPointer, px: Int64, py: Int64, ring: Int32) {
        let toStart = roundCaps ? RimWalker<Layout>.distance2(px, capStartX, py, capStartY) : Int64.max
        let toEnd = roundCaps ? RimWalker<Layout>.distance2(px, capEndX, py, capEndY) : Int64.max
        let share = indicatorCoverage(px: px, py: py, ring: ring, toStart: toStart, toEnd: toEnd)
        paintShared(p, total: ring, share: share, track: track, indicator: indicator)
    }

    /// A pixel outside the arc and away from both end lines but within reach of a cap (squared
    /// distances `toStart`, `toEnd`): the arc gives it nothing, so its share is the caps'
    /// alone, which is what `indicatorCoverage` finds for it, without the end lines' work.
    @inline(never)
    func shadeCapEdge(_ p: UnsafeMutableRawPointer, px: Int64, py: Int64, ring: Int32, toStart: Int64, toEnd: Int64) {
        let share = withCaps(0, px: px, py: py, ring: ring, toStart: toStart, toEnd: toEnd)
        paintShared(p, total: ring, share: share, track: track, indicator: indicator)
    }
}

/// One half row of a ring near an arc end: where it starts (address, offset from the centre,
/// signed distances from the two end lines), and how it is cut into stretches of one paint
/// and pixels that need the exact coverage.
struct RimWalker<Layout: PixelLayout> {
    let p: UnsafeMutableRawPointer
    let px: Int64
    /// Cross products with the two end directions (Q24): signed distances to the end lines.
    let crossStart: Int64, crossEnd: Int64
    let py: Int64
    let capRowStart: Bool, capRowEnd: Bool

    @inline(__always)
    init(_ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ row: RowPass, column: Int32) {
        py = row.py
        p = canvas.address(column, row.y)
        px = Int64(column) &* 256 &+ 128 &- r.cx
        crossStart = r.startX &* py &- r.startY &* px
        crossEnd = r.endX &* py &- r.endY &* px
        capRowStart = r.roundCaps && py &- r.capStartY < r.capWindow && r.capStartY &- py < r.capWindow
        capRowEnd = r.roundCaps && py &- r.capEndY < r.capWindow && r.capEndY &- py < r.capWindow
    }

    /// Draws `count` pixels, the first of whose radial coverage is at `coverage`, the next
    /// `step` further on. The row is cut where it passes near an end line or a cap; between
    /// those places every pixel lies on one side of both end lines, so the stretch is all
    /// indicator or all track and is drawn with one paint. The chord of a cap's solid disc is
    /// all indicator too. Only the pixels left near an end line or a cap's edge take the exact
    /// path.
    @inline(__always)
    func rim<Direction: RowDirection>(
        _ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ coverage: UnsafeMutablePointer<UInt16>, _: Direction.Type, count: Int,
        solid: (Int, Int)
    ) {
        let step = Int(Direction.step)
        // Rows of a whole ring or a bare track never come here: they are settled.
        let xStep = canvas.xStep
        // Widened, never narrowed: a pixel sent to the exact path needlessly costs time, never
        // accuracy. The solid chords are narrowed, never widened, for the same reason.
        let reach24 = EdgeCoverage.reach << 16
        let stepStart = 0 &- (r.startY << 8), stepEnd = 0 &- (r.endY << 8)
        // An end whose rows this is not can be neither near nor capped here.
        let nearStart = py >= r.startRows.0 && py <= r.startRows.1, nearEnd = py >= r.endRows.0 && py <= r.endRows.1
        // With round caps, each end's window around its cap holds its end line's pixels too.
        let lineStart = nearStart && !r.roundCaps ? Self.nearIndices(crossStart, stepStart, reach24, count) : (0, 0)
        let lineEnd = nearEnd && !r.roundCaps ? Self.nearIndices(crossEnd, stepEnd, reach24, count) : (0, 0)
        var capStart = capRowStart ? capIndices(r.capStartX, r.capWindow, count) : (0, 0)
        var capEnd = capRowEnd ? capIndices(r.capEndX, r.capWindow, count) : (0, 0)
        // The part of a window inside the arc and clear of its end's line is one paint.
        if r.trimStart && capStart.0 < capStart.1 { capStart = Self.offArcSide(capStart, crossStart, stepStart, reach24) }
        if r.trimEnd && capEnd.0 < capEnd.1 { capEnd = Self.offArcSide(capEnd, 0 &- crossEnd, 0 &- stepEnd, reach24) }
        let chordStart = capStart.0 < capStart.1 ? solidChord(r, r.capStartX, r.capStartY, count) : (0, 0)
        let chordEnd = capEnd.0 < capEnd.1 ? solidChord(r, r.capEndX, r.capEndY, count) : (0, 0)
        // One stretch wholly on one side of both end lines, in one paint.
        @inline(__always)
        func side(_ from: Int, _ to: Int) {
            let cs = crossStart &+ stepStart &* Int64(from), ce = crossEnd &+ stepEnd &* Int64(from)
            let paint = r.insideArc(cs, ce) ? r.indicator : r.track
            if paint.visible { Self.plain(paint, p, coverage, step: step, xStep: xStep, from: from, to: to, solid: solid) }
        }
        // A window: exact pixels around the chords it holds, which are the indicator's.
        @inline(__always)
        func window(_ from: Int, _ to: Int, _ first: (Int, Int), _ second: (Int, Int)) {
            var i = from
            @inline(__always)
            func chord(_ c: (Int, Int)) {
                let a = max(c.0, i), b = min(c.1, to)
                if a >= b { return }
                if i < a { exact(r, coverage, Direction.self, xStep: xStep, from: i, to: a) }
                if r.indicator.visible { Self.plain(r.indicator, p, coverage, step: step, xStep: xStep, from: a, to: b, solid: solid) }
                i = b
            }
            chord(first)
            chord(second)
            if i < to { exact(r, coverage, Direction.self, xStep: xStep, from: i, to: to) }
        }
        // Each end has one window where pixels may need the exact path (around its cap, or
        // along its line without caps) and, with a cap, a chord inside it that is all
        // indicator. Two windows that meet are walked as one.
        var a = r.roundCaps ? capStart : lineStart, b = r.roundCaps ? capEnd : lineEnd
        var chordA = chordStart, chordB = chordEnd
        if a.0 >= a.1 || (b.0 < b.1 && b.0 < a.0) {
            swap(&a, &b)
            swap(&chordA, &chordB)
        }
        if a.0 >= a.1 {
            side(0, count)
            return
        }
        if 0 < a.0 { side(0, a.0) }
        if b.0 < b.1 && b.0 <= a.1 {
            // The windows meet: one window holding both chords, in order.
            if chordB.0 < chordB.1 && (chordA.0 >= chordA.1 || chordB.0 < chordA.0) { swap(&chordA, &chordB) }
            window(a.0, max(a.1, b.1), chordA, chordB)
            if max(a.1, b.1) < count { side(max(a.1, b.1), count) }
            return
        }
        window(a.0, a.1, chordA, (0, 0))
        if b.0 < b.1 {
            if a.1 < b.0 { side(a.1, b.0) }
            window(b.0, b.1, chordB, (0, 0))
            if b.1 < count { side(b.1, count) }
        } else if a.1 < count {
            side(a.1, count)
        }
    }

    /// The indices `i` whose pixel centre lies in the solid disc of the cap centred at
    /// `(capX, capY)`, clamped to `0 ... count`; `(0, 0)` when none. Such a pixel is wholly
    /// covered by the cap, so its ring coverage is all the indicator's.
    @inline(__always)
    func solidChord(_ r: RingRaster<Layout>, _ capX: Int64, _ capY: Int64, _ count: Int) -> (Int, Int) {
        let dy = py &- capY
        let room = r.capSolid2 &- dy &* dy
        if room < 0 { return (0, 0) }
        // Every x with |x - capX| <= w lies in the disc, since w² <= room.
        let w = IntegerSquareRoot.rootFromBelow(room, guess: r.capRadius)
        let lo = Self.floorDivide(capX &- w &- px &+ 255, 256), hi = Self.floorDivide(capX &+ w &- px, 256) &+ 1
        return Self.indices(lo, hi, within: count)
    }

    /// Pixels `from ..< to` in one paint: the rim anti-aliased by its radial coverage, the
    /// solid band filled as a run. An opaque paint, the usual case, is settled once for the
    /// whole stretch rather than pixel by pixel, and its short bands are plain stores: most
    /// half rows are a few rim pixels and a band of a dozen.
    @inline(__always)
    static func plain(
        _ paint: Paint<Layout>, _ base: UnsafeMutableRawPointer, _ coverage: UnsafeMutablePointer<UInt16>, step: Int, xStep: Int,
        from: Int, to: Int, solid: (Int, Int)
    ) {
        let bandFrom = min(max(solid.0, from), to), bandTo = max(bandFrom, min(solid.1, to))
        var p = base + xStep &* from, cov = coverage + step &* from
        if !paint.opaque {
            for _ in from..<bandFrom {
                paint.cover(p, Int32(cov.pointee))
                p += xStep
                cov += step
            }
            paint.run(p, count: bandTo &- bandFrom, step: xStep)
            p += xStep &* (bandTo &- bandFrom)
            cov += step &* (bandTo &- bandFrom)
            for _ in bandTo..<to {
                paint.cover(p, Int32(cov.pointee))
                p += xStep
                cov += step
            }
            return
        }
        let packed = paint.packed
        for _ in from..<bandFrom {
            paint.coverOpaque(p, Int32(cov.pointee))
            p += xStep
            cov += step
        }
        let band = bandTo &- bandFrom
        if band >= 24 {
            paint.run(p, count: band, step: xStep)
            p += xStep &* band
        } else {
            for _ in 0..<band {
                Layout.store(packed, p)
                p += xStep
            }
        }
        cov += step &* band
        for _ in bandTo..<to {
            paint.coverOpaque(p, Int32(cov.pointee))
            p += xStep
            cov += step
        }
    }

    /// Pixels `from ..< to`, each near an end line or a cap, one by one: near an end line the
    /// exact coverage; away from both lines, inside the arc the indicator's, and outside it the
    /// track's unless a cap's edge reaches the pixel, which takes the exact coverage.
    func exact<Direction: RowDirection>(
        _ r: RingRaster<Layout>, _ coverage: UnsafeMutablePointer<UInt16>, _: Direction.Type, xStep: Int, from: Int, to: Int
    ) {
        let step = Int(Direction.step)
        let reach24 = EdgeCoverage.reach << 16
        // -reach24 < cross < reach24, as one unsigned comparison.
        let nearSpan = UInt64(2 &* reach24 &- 1)
        let stepStart = 0 &- (r.startY << 8), stepEnd = 0 &- (r.endY << 8)
        var p = self.p + xStep &* from, cov = coverage + step &* from
        var cs = crossStart &+ stepStart &* Int64(from), ce = crossEnd &+ stepEnd &* Int64(from)
        var x = px &+ Int64(from) << 8
        for _ in from..<to {
            let ring = Int32(cov.pointee)
            if ring != 0 {
                if UInt64(bitPattern: cs &+ reach24 &- 1) < nearSpan || UInt64(bitPattern: ce &+ reach24 &- 1) < nearSpan {
                    r.shadeNearEnd(p, px: x, py: py, ring: ring)
                } else if r.insideArc(cs, ce) {
                    // The arc covers the pixel's whole ring share: a cap can add nothing.
                    r.indicator.cover(p, ring)
                } else if r.roundCaps {
                    // Outside the arc and away from both end lines: only a cap can reach the pixel.
                    let toStart = Self.distance2(x, r.capStartX, py, r.capStartY)
                    let toEnd = Self.distance2(x, r.capEndX, py, r.capEndY)
                    if toStart < r.capReach2 || toEnd < r.capReach2 {
                        r.shadeCapEdge(p, px: x, py: py, ring: ring, toStart: toStart, toEnd: toEnd)
                    } else {
                        r.track.cover(p, ring)
                    }
                } else {
                    r.track.cover(p, ring)
                }
            }
            p += xStep
            cov += step
            cs = cs &+ stepStart
            ce = ce &+ stepEnd
            x = x &+ 256
        }
    }

    /// The indices `i` for which `-reach < cross + i·step < reach` may hold, widened by one on
    /// each side and clamped to `0 ... count`; `(0, 0)` when none.
    @inline(__always)
    static func nearIndices(_ cross: Int64, _ step: Int64, _ reach: Int64, _ count: Int) -> (Int, Int) {
        let lo: Int64, hi: Int64
        if step == 0 {
            if cross <= 0 &- reach || cross >= reach { return (0, 0) }
            (lo, hi) = (0, Int64(count))
        } else if step > 0 {
            (lo, hi) = (floorDivide(0 &- reach &- cross, step), floorDivide(reach &- cross, step) &+ 2)
        } else {
            let d = 0 &- step
            (lo, hi) = (floorDivide(cross &- reach, d), floorDivide(cross &+ reach, d) &+ 2)
        }
        return Self.indices(lo, hi, within: count)
    }

    /// The window `w` less its indices clear on the arc's side of an end line: those where
    /// `cross + i·step`, positive on the arc's side, is at least `reach`.
    @inline(__always)
    static func offArcSide(_ w: (Int, Int), _ cross: Int64, _ step: Int64, _ reach: Int64) -> (Int, Int) {
        var lo = Int64(w.0), hi = Int64(w.1)
        if step > 0 {
            // Past q = ⌊(reach − cross) / step⌋ every index is clear.
            hi = min(hi, floorDivide(reach &- cross, step) &+ 1)
        } else if step < 0 {
            // Up to q = ⌊(cross − reach) / −step⌋ every index is clear.
            lo = max(lo, floorDivide(cross &- reach, 0 &- step) &+ 1)
        } else if cross >= reach {
            return (0, 0)
        }
        return lo < hi ? (Int(lo), Int(hi)) : (0, 0)
    }

    /// The indices `lo ..< hi` clamped to `0 ... count`; `(0, 0)` when none are left.
    @inline(__always)
    static func indices(_ lo: Int64, _ hi: Int64, within count: Int) -> (Int, Int) {
        let a = Int(max(0, min(Int64(count), lo))), b = Int(max(0, min(Int64(count), hi)))
        return a < b ? (a, b) : (0, 0)
    }

    /// Squared distance (Q16) between `(x, y)` and `(cx, cy)`.
    @inline(__always)
    static func distance2(_ x: Int64, _ cx: Int64, _ y: Int64, _ cy: Int64) -> Int64 {
        let dx = x &- cx, dy = y &- cy
        return dx &* dx &+ dy &* dy
    }

    /// `a / d` rounded towards negative infinity, for `d > 0`.
    @inline(__always)
    static func floorDivide(_ a: Int64, _ d: Int64) -> Int64 {
        a >= 0 ? a / d : 0 &- ((0 &- a &+ d &- 1) / d)
    }

    /// The indices `i` (pixel `px + 256·i`) within `limit` of a cap centred at `capX`, widened
    /// by a pixel on each side and clamped to `0 ... count`.
    @inline(__always)
    func capIndices(_ capX: Int64, _ limit: Int64, _ count: Int) -> (Int, Int) {
        let from = (capX &- limit &- px) >> 8, to = ((capX &+ limit &- px) >> 8) &+ 2
        return Self.indices(from, to, within: count)
    }
}

/// One row of a ring being drawn: its place and the columns to draw (the clip).
struct RowPass {
    let y: Int32, py: Int64
    let x0: Int32, x1: Int32
    /// No end of the arc comes near this row (see `RingRaster.settled`).
    let settled: Bool
}

/// Which way a half row is walked from the centre outwards: the step is a constant of each
/// specialisation, so the walk's index arithmetic folds away.
protocol RowDirection {
    static var step: Int32 { get }
}

/// The right half of a row: columns increase away from the centre.
enum Rightward: RowDirection {
    static var step: Int32 { 1 }
}

/// The left half of a row: columns decrease away from the centre.
enum Leftward: RowDirection {
    static var step: Int32 { -1 }
}
