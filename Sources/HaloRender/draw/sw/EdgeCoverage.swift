// SPDX-License-Identifier: Apache-2.0
/// Exact area coverage of one pixel by a straight edge, and by a circle's edge taken as straight
/// across the pixel (the error of that is below 1/500 of a pixel for radii of 6 px and up).
///
/// Coverage is Q8: 0 is none, 256 is the whole pixel. A pixel is the unit square around its
/// centre; the edge is given by the signed distance `s` of that centre from the edge (positive
/// when the centre is outside the shape) and by the edge normal's absolute components `a >= b`.
/// The square's extent along the normal is a trapezoid, so the covered area is quadratic near
/// the corners and linear in between: this is what makes 45° edges as accurate as straight ones.
public enum EdgeCoverage {
    /// Distances beyond this (Q8, a little over half the pixel diagonal) cannot touch the pixel.
    public static let reach: Int64 = 184

    /// Coverage by a half-plane. `s` is Q8; `a`, `b` are the normal's absolute components in Q16
    /// with `a >= b`; `twoAB` is `2 * a * b` in Q16 (`(2 * a * b) >> 16`).
    @inline(__always)
    public static func halfPlane(s: Int64, a: Int64, b: Int64, twoAB: Int64) -> Int32 {
        // Wrapping arithmetic: every operand is bounded (|s| < 2^24, a, b <= 2^16), and this runs
        // for every edge pixel, where overflow checks would cost more than the sums.
        let t = ((a &+ b) >> 1) &- (s << 8)
        if t <= 0 { return 0 }
        let span = a &+ b
        if t >= span { return 256 }
        let area: Int64
        if t < b {
            area = twoAB > 0 ? (t &* t) / twoAB : 0
        } else if t <= a {
            area = ((t &- (b >> 1)) << 16) / a
        } else {
            let u = span &- t
            area = 65536 &- (twoAB > 0 ? (u &* u) / twoAB : 0)
        }
        return Int32(truncatingIfNeeded: (area &+ 128) >> 8)
    }

    /// Coverage of a pixel column `[left, left + 256)` by the interval `[from, to)`, all Q8.
    @inline(__always)
    public static func span(left: Int64, from: Int64, to: Int64) -> Int32 {
        let lo = from > left ? from : left
        let hi = to < left + 256 ? to : left + 256
        return hi > lo ? Int32(hi - lo) : 0
    }
}

/// A circle's edge set up for many pixels: the products that `coverage` needs for every pixel
/// are taken once, so a rim pixel costs one distance estimate, two divisions and a half-plane.
public struct CircleEdge {
    public let radius: Int64
    let radiusSquared: Int64
    let doubleRadius: Int64
    /// Below 64 px a single Newton step from the radius is not exact to 1/256 px: take two.
    let secondStep: Bool

    public init(radius: Int64) {
        self.radius = radius
        radiusSquared = radius &* radius
        doubleRadius = 2 &* radius
        secondStep = radius < 64 * 256
    }

    /// Coverage by the disc of a pixel whose centre is `(dx, dy)` (Q8) from the disc's centre,
    /// with `d2 = dx² + dy²` (Q16).
    @inline(__always)
    public func coverage(dx: Int64, dy: Int64, d2: Int64) -> Int32 {
        if radius <= 0 { return 0 }
        // Newton steps from the radius: we are within a pixel of the rim, so one step is exact to
        // 1/256 px from a radius of 64 px up ((d − r)² / 2r); smaller circles take a second.
        // Wrapping arithmetic: coordinates are Q8 screen offsets, far from overflowing 64 bits.
        var d = (d2 &+ radiusSquared) / doubleRadius
        if secondStep && d > 0 { d = (d &+ d2 / d) >> 1 }
        if d <= 0 {
            // The pixel centre is the disc's centre: the disc is smaller than a pixel.
            let area = (radiusSquared &* 804) >> 16  // π r², Q16 → Q8 (804 ≈ 256·π)
            return Int32(min(256, area))
        }
        let ax = dx < 0 ? 0 &- dx : dx
        let ay = dy < 0 ? 0 &- dy : dy
        var a = ((ax > ay ? ax : ay) << 16) / d
        var b = ((ax > ay ? ay : ax) << 16) / d
        if a > 65536 { a = 65536 }
        if b > a { b = a }
        return EdgeCoverage.halfPlane(s: d &- radius, a: a, b: b, twoAB: (2 &* a &* b) >> 16)
    }
}
