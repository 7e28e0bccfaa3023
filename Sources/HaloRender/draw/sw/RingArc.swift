/// The arc of a ring indicator: which part of each pixel it covers, given its two end lines and
/// its caps, and which columns of a row need that worked out pixel by pixel.
extension RingRaster {
    /// Columns of this row where the indicator's share of a pixel can be fractional: around each
    /// end's line and each cap. Everywhere else a pixel is all track or all indicator, and which
    /// one is the same along a whole run. Fixed slots, not an array: this runs once a row.
    func specialColumns(py: Int64, _ x0: Int32, _ x1: Int32) -> SpecialColumns {
        var special = SpecialColumns()
        if !hasIndicator || wholeTurn { return special }
        special.add(endLine(startX, startY, startLineWidth, py: py, x0, x1))
        special.add(endLine(endX, endY, endLineWidth, py: py, x0, x1))
        if roundCaps {
            let limit = capLimit &+ 256
            if py &- capStartY < limit && capStartY &- py < limit { special.add(columns(capStartX &- limit, capStartX &+ limit)) }
            if py &- capEndY < limit && capEndY &- py < limit { special.add(columns(capEndX &- limit, capEndX &+ limit)) }
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

    /// The columns of this row near the line through an arc end with direction (dx, dy).
    @inline(__always)
    func endLine(_ dx: Int64, _ dy: Int64, _ width: Int64, py: Int64, _ x0: Int32, _ x1: Int32) -> (Int32, Int32) {
        // On this row the line is at px = dx * py / dy; it is near within reach / |dy|.
        let ady = dy < 0 ? 0 &- dy : dy
        if ady < 16 { return (x0, x1) }  // the line runs along the row: no runs to gain
        // Where the row meets the line behind the centre (the end's opposite ray), the arc's
        // coverage does not change across it: for an arc of at most half a turn both sides lie
        // outside the other end's half-plane, for a longer one both lie inside it. Only the end's
        // own ray needs per-pixel work. Rows within 2 px of the centre keep both, to be safe.
        if (py < -512 && dy > 0) || (py > 512 && dy < 0) { return (x1, x1) }
        let centre = (dx &* py) / dy
        return columns(centre &- width, centre &+ width)
    }

    /// Pixel columns whose centres lie between two Q8 offsets from the ring's centre.
    func columns(_ from: Int64, _ to: Int64) -> (Int32, Int32) {
        (columnTo(from), columnFrom(to) &+ 1)
    }

    /// The part of the pixel (Q8) covered by the indicator arc and its caps, at most `ring`.
    @inline(__always)
    func indicatorCoverage(px: Int64, py: Int64, ring: Int32) -> Int32 {
        if wholeTurn { return ring }
        // Inside either cap's disc the pixel is the indicator's whatever the end lines say; many
        // of the pixels asked about are there, so settle them before any half-plane.
        if roundCaps && (insideCap(px &- capStartX, py &- capStartY) || insideCap(px &- capEndX, py &- capEndY)) { return ring }
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

    /// True when the pixel at `(dx, dy)` from a cap's centre lies wholly inside the cap.
    @inline(__always)
    func insideCap(_ dx: Int64, _ dy: Int64) -> Bool {
        if dx >= capLimit || dx <= 0 &- capLimit || dy >= capLimit || dy <= 0 &- capLimit { return false }
        return dx &* dx &+ dy &* dy <= capSolid2
    }

    /// Coverage of a pixel at `(dx, dy)` from a cap's centre by that cap's disc.
    @inline(__always)
    func capCoverage(_ dx: Int64, _ dy: Int64) -> Int32 {
        if dx >= capLimit || dx <= 0 &- capLimit || dy >= capLimit || dy <= 0 &- capLimit { return 0 }
        let d2 = dx &* dx &+ dy &* dy
        if d2 >= capReach2 { return 0 }
        if d2 <= capSolid2 { return 256 }
        return capEdge.coverage(dx: dx, dy: dy, d2: d2)
    }
}

/// Up to four column intervals of a row that need per-pixel work.
struct SpecialColumns {
    var a = (Int32(0), Int32(0)), b = (Int32(0), Int32(0)), c = (Int32(0), Int32(0)), d = (Int32(0), Int32(0))
    /// -1 until the row's columns are worked out (only solid runs need them).
    var count = 0

    static var notYet: SpecialColumns {
        var s = SpecialColumns()
        s.count = -1
        return s
    }

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

    /// True when some interval overlaps the columns `a ..< b`.
    @inline(__always)
    func intersects(_ from: Int32, _ to: Int32) -> Bool {
        if count == 0 { return false }
        if a.0 < to && a.1 > from { return true }
        if count > 1 && b.0 < to && b.1 > from { return true }
        if count > 2 && c.0 < to && c.1 > from { return true }
        return count > 3 && d.0 < to && d.1 > from
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
