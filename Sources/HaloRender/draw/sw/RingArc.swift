/// The arc of a ring indicator: which part of a pixel it covers, given its two end lines and its
/// caps. Only pixels near an end or a cap come here; `RimWalker` settles the rest by which side
/// of the end lines they lie.
extension RingRaster {
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
