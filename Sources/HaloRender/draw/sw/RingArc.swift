// SPDX-License-Identifier: Apache-2.0
/// The arc of a ring indicator: which part of a pixel it covers, given its two end lines and its
/// caps. Only pixels near an end or a cap come here; `RimWalker` settles the rest by which side
/// of the end lines they lie.
extension RingRaster {
    /// The part of the pixel (Q8) covered by the indicator arc and its caps, at most `ring`.
    /// `toStart` and `toEnd` are the squared distances (Q16) from the pixel to the caps'
    /// centres (`Int64.max` without round caps); the pixel lies in neither cap's solid disc.
    @inline(__always)
    func indicatorCoverage(px: Int64, py: Int64, ring: Int32, toStart: Int64, toEnd: Int64) -> Int32 {
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
        let covered = angular >= 256 ? ring : (ring &* angular) >> 8
        return covered < ring ? withCaps(covered, px: px, py: py, ring: ring, toStart: toStart, toEnd: toEnd) : covered
    }

    /// `covered` (Q8, below `ring`) raised to what the caps within reach cover, at most `ring`.
    @inline(__always)
    func withCaps(_ covered: Int32, px: Int64, py: Int64, ring: Int32, toStart: Int64, toEnd: Int64) -> Int32 {
        var covered = covered
        if toStart < capReach2 { covered = max(covered, capEdge.coverage(dx: px &- capStartX, dy: py &- capStartY, d2: toStart)) }
        if toEnd < capReach2 { covered = max(covered, capEdge.coverage(dx: px &- capEndX, dy: py &- capEndY, d2: toEnd)) }
        return min(covered, ring)
    }
}
