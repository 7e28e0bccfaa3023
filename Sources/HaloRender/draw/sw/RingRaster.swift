// SPDX-License-Identifier: Apache-2.0
/// Draws a `RingShape`, visiting only the rows and the parts of rows where the ring can be.
/// `profiles` keeps each ring's radial shape between calls (a compositor passes its own);
/// without it the shape is worked out for this call only. `over`, when given, is the one value
/// every pixel under `clip` holds (a flat part of the screen): the rim's blends over it are then
/// each worked out once.
public func drawRing<Layout>(
    _ canvas: Canvas<Layout>, _ ring: RingShape, clip: IntRect, profiles: RingProfileCache? = nil, over: UInt32? = nil
) {
    let area = ring.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || ring.outerRadius <= 0 { return }
    // Only a large part of a ring meets a coverage often enough to pay for its memo (a first
    // frame, a ring appearing); a spinner's moving ends do not.
    guard Layout.bytesPerPixel != 4, let over, area.area >= CoverMemo.worthwhileArea else {
        drawRing(canvas, RingRaster<Layout>(ring), area, profiles)
        return
    }
    // The rim's blends, remembered for the track and the indicator: on the stack, for this call.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 2 * CoverMemo.slots) { memo in
        drawRing(canvas, RingRaster<Layout>(ring, memo: memo.baseAddress, over: over), area, profiles)
    }
}

@inline(__always)
func drawRing<Layout>(_ canvas: Canvas<Layout>, _ raster: RingRaster<Layout>, _ area: IntRect, _ profiles: RingProfileCache?) {
    if !raster.track.visible && !raster.hasIndicator { return }
    let cache = profiles ?? RingProfileCache()
    let (right, below, pRight, qBelow, pLeft, qAbove) = RingCentre.grid(cx: raster.cx, cy: raster.cy)
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

/// Where a ring's centre lies on the pixel grid.
enum RingCentre {
    /// The first column right of (or on) the centre and the first row below it, and how far
    /// their centres lie from it (Q8, 0 ..< 256); the columns to the left and rows above mirror
    /// them, at `pLeft` and `qAbove`.
    @inline(__always)
    static func grid(cx: Int64, cy: Int64) -> (right: Int32, below: Int32, pRight: Int64, qBelow: Int64, pLeft: Int64, qAbove: Int64) {
        let right = Int32(truncatingIfNeeded: (cx &- 128 &+ 255) >> 8)
        let below = Int32(truncatingIfNeeded: (cy &- 128 &+ 255) >> 8)
        let pRight = Int64(right) &* 256 &+ 128 &- cx, qBelow = Int64(below) &* 256 &+ 128 &- cy
        return (right, below, pRight, qBelow, 256 &- pRight, 256 &- qBelow)
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
    /// The rim blends of the track and of the indicator over the flat colour under the ring, when
    /// it has one and the layout pays for them (see `CoverMemo`).
    let trackMemo: CoverMemo?, indicatorMemo: CoverMemo?
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

    /// `memo`, when given, holds room for two `CoverMemo`s over `over`, which the track and the
    /// indicator use if they are opaque.
    init(_ ring: RingShape, memo: UnsafeMutablePointer<UInt32>? = nil, over: UInt32 = 0) {
        let reach = EdgeCoverage.reach
        cx = Int64(ring.centerX)
        cy = Int64(ring.centerY)
        outer = Int64(ring.outerRadius)
        inner = Int64(ring.innerRadius)
        edges = RadialEdges(outer: outer, inner: inner)
        track = Paint(ring.track)
        indicator = Paint(ring.indicator)
        trackMemo = memo != nil && track.opaque ? CoverMemo(memo!, over: over) : nil
        indicatorMemo = memo != nil && indicator.opaque ? CoverMemo(memo! + CoverMemo.slots, over: over) : nil
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
                    paint, inside ? indicatorMemo : trackMemo, canvas.address(a, row.y), cov, step: Int(step), xStep: canvas.xStep,
                    from: 0, to: count, solid: band)
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
