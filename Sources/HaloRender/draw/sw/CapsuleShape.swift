// SPDX-License-Identifier: Apache-2.0
/// A thick line with round ends: the stroke of the check, cross and stop icons. The line runs
/// from `(x0, y0)` to `(x1, y1)` (Q8) and every point within `radius` of it is inside.
public struct CapsuleShape: Equatable {
    public var x0: Int32
    public var y0: Int32
    public var x1: Int32
    public var y1: Int32
    public var radius: Int32
    public var color: Color

    public init(x0: Int32, y0: Int32, x1: Int32, y1: Int32, radius: Int32, color: Color) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
        self.radius = max(0, radius)
        self.color = color
    }

    public var bounds: IntRect {
        let r = radius + 256
        return IntRect(coveringQ8: min(x0, x1) - r, min(y0, y1) - r, max(x0, x1) + r, max(y0, y1) + r)
    }
}

/// Draws a capsule: the straight sides as exact half-planes, the ends as exact discs.
public func drawCapsule<Layout>(_ canvas: Canvas<Layout>, _ shape: CapsuleShape, clip: IntRect) {
    let area = shape.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || shape.color.a == 0 || shape.radius == 0 { return }
    let paint = Paint<Layout>(shape.color)
    let ax = Int64(shape.x0), ay = Int64(shape.y0)
    let vx = Int64(shape.x1) - ax, vy = Int64(shape.y1) - ay
    let len2 = vx * vx + vy * vy
    let len = IntegerSquareRoot.floorRoot(len2)
    let r = Int64(shape.radius)
    let reach = EdgeCoverage.reach
    let reach2 = (r + reach) * (r + reach)
    let solid2 = r > reach ? (r - reach) * (r - reach) : -1
    let end = CircleEdge(radius: r)
    // Unit direction in Q16 and the side's normal components, sorted.
    let ux = len > 0 ? (vx << 16) / len : 0, uy = len > 0 ? (vy << 16) / len : 0
    let (na, nb) = RingRaster<Layout>.sorted(ux, uy)
    let twoAB = (2 * na * nb) >> 16
    for y in area.y..<area.maxY {
        var p = canvas.address(area.x, y)
        let py = Int64(y) * 256 + 128 - ay
        for x in area.x..<area.maxX {
            let px = Int64(x) * 256 + 128 - ax
            let along = px * vx + py * vy
            var c: Int32
            if len == 0 || along <= 0 || along >= len2 {
                // Beyond an end: the distance is to that end's centre.
                let (dx, dy) = len == 0 || along <= 0 ? (px, py) : (px - vx, py - vy)
                let d2 = dx * dx + dy * dy
                c = d2 >= reach2 ? 0 : (d2 <= solid2 ? 256 : end.coverage(dx: dx, dy: dy, d2: d2))
            } else {
                let across = (px * uy - py * ux) >> 16
                let d = across < 0 ? -across : across
                c = EdgeCoverage.halfPlane(s: d - r, a: na, b: nb, twoAB: twoAB)
            }
            paint.cover(p, c)
            p += canvas.xStep
        }
    }
}
