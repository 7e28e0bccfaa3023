// SPDX-License-Identifier: Apache-2.0
/// An axis-aligned rectangle with circular corners, filled or stroked. Geometry is Q8; the
/// rectangle covers `[x, x + width) × [y, y + height)`. A stroke lies inside that outline.
public struct RoundedRectShape: Equatable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32
    public var radius: Int32
    public var color: Color
    /// 0 fills the shape; more draws a border of that width (Q8) inside the outline.
    public var strokeWidth: Int32

    public init(x: Int32, y: Int32, width: Int32, height: Int32, radius: Int32, color: Color, strokeWidth: Int32 = 0) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
        self.radius = max(0, min(radius, min(self.width, self.height) / 2))
        self.color = color
        self.strokeWidth = max(0, strokeWidth)
    }

    /// The same outline in whole pixels, for integer layouts.
    public init(pixels r: IntRect, radius: Int32, color: Color, strokeWidth: Int32 = 0) {
        self.init(
            x: r.x << 8, y: r.y << 8, width: r.width << 8, height: r.height << 8, radius: radius << 8,
            color: color, strokeWidth: strokeWidth << 8)
    }

    public var bounds: IntRect { IntRect(coveringQ8: x, y, x + width, y + height) }

    /// Whole pixels that the shape covers completely, when filled with an opaque colour.
    public var opaqueInterior: IntRect {
        color.a == 255 ? coveredInterior : .empty
    }

    /// Whole pixels that the shape covers completely, whatever its colour.
    var coveredInterior: IntRect {
        if strokeWidth > 0 { return .empty }
        // The inner box of a rounded rectangle: inset by (1 − 1/√2) of the radius, rounded up.
        let inset = (radius * 75 + 255) / 256
        let wide = wideBand
        let tall = IntRect(
            minX: Fixed.ceil(x + inset), minY: Fixed.ceil(y + inset), maxX: Fixed.floor(x + width - inset),
            maxY: Fixed.floor(y + height - inset))
        return wide.area >= tall.area ? wide : tall
    }

    /// The whole pixels of the rows between the corners, side to side.
    var wideBand: IntRect {
        IntRect(minX: Fixed.ceil(x), minY: Fixed.ceil(y + radius), maxX: Fixed.floor(x + width), maxY: Fixed.floor(y + height - radius))
    }

    /// Whole pixels the filled shape covers completely, as three rectangles that do not
    /// overlap (some may be empty): the band between the corners' rows, and the straight
    /// middles of the rows above and below it. Empty for a stroke.
    var coveredBands: (IntRect, IntRect, IntRect) {
        if strokeWidth > 0 { return (.empty, .empty, .empty) }
        let wide = wideBand
        let tall = IntRect(
            minX: Fixed.ceil(x + radius), minY: Fixed.ceil(y), maxX: Fixed.floor(x + width - radius), maxY: Fixed.floor(y + height))
        if wide.isEmpty || tall.isEmpty { return (wide.isEmpty ? .empty : wide, tall.isEmpty ? .empty : tall, .empty) }
        let above = IntRect(minX: tall.x, minY: tall.y, maxX: tall.maxX, maxY: min(tall.maxY, wide.y))
        let below = IntRect(minX: tall.x, minY: max(tall.y, wide.maxY), maxX: tall.maxX, maxY: tall.maxY)
        return (wide, above.isEmpty ? .empty : above, below.isEmpty ? .empty : below)
    }

    /// The stroke's inner outline.
    var inner: RoundedRectShape {
        RoundedRectShape(
            x: x + strokeWidth, y: y + strokeWidth, width: width - 2 * strokeWidth, height: height - 2 * strokeWidth,
            radius: max(0, radius - strokeWidth), color: color)
    }
}

/// Draws a rounded rectangle; corners are exact-area discs, sides exact spans. `over`, when
/// given, is the one value every pixel under `clip` holds (a flat part of the screen): wholly
/// covered pixels then take the colour blended over it once, as plain stores. `profiles` keeps
/// the corners' discs between calls, as it keeps rings' (a compositor passes its own).
public func drawRoundedRect<Layout>(
    _ canvas: Canvas<Layout>, _ shape: RoundedRectShape, clip: IntRect, over: UInt32? = nil, profiles: RingProfileCache? = nil
) {
    let area = shape.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty || shape.color.a == 0 { return }
    let paint = Paint<Layout>(shape.color)
    // Whole pixels: the same blend as `paint` gives them, worked out once where the ground is flat.
    let runs = over.map { Paint<Layout>(packed: Paint<Layout>.blended($0, shape.color)) } ?? paint
    let outline = RoundedOutline(shape)
    let hole = shape.strokeWidth > 0 && shape.inner.width > 0 && shape.inner.height > 0 ? RoundedOutline(shape.inner) : nil
    if hole == nil && shape.coveredInterior.contains(area) {
        // Damage inside the shape (a spinner's on a message box): every pixel is whole.
        for y in area.y..<area.maxY { runs.run(canvas.address(area.x, y), count: Int(area.width), step: canvas.xStep) }
        return
    }
    var corners = CornerDiscs(outline, profiles)
    for y in area.y..<area.maxY {
        let top = Int64(y) * 256
        let rowCover = EdgeCoverage.span(left: top, from: outline.y0, to: outline.y1)
        if rowCover == 0 { continue }
        // A whole row through the corners: empty, shaded from the disc, solid, shaded, empty.
        if hole == nil && rowCover >= 256 && outline.r > 0 && outline.cornerRowDistance2(top &+ 128) > 0 {
            drawCornerRow(canvas, &corners, paint, runs: runs, y: y, top: top, from: area.x, to: area.maxX)
            continue
        }
        var x = area.x
        var p = canvas.address(x, y)
        while x < area.maxX {
            // Inside the straight middle of a filled shape every pixel is alike: one run.
            if hole == nil, let run = outline.solidRun(row: top, x: x, limit: area.maxX), run > 0 {
                if rowCover >= 256 {
                    runs.run(p, count: Int(run), step: canvas.xStep)
                } else {
                    var q = p
                    for _ in 0..<run {
                        paint.cover(q, rowCover)
                        q += canvas.xStep
                    }
                }
                x += run
                p += canvas.xStep * Int(run)
                continue
            }
            var c = outline.coverage(x: x, rowTop: top)
            if let hole, c > 0 { c -= hole.coverage(x: x, rowTop: top) }
            paint.cover(p, c)
            x += 1
            p += canvas.xStep
        }
    }
}

/// Columns `from ..< to` of a whole row `y` (top edge `top`, Q8) that runs through a filled
/// shape's corners: the pixels each arc crosses are shaded one by one, those between the arcs
/// are wholly covered and painted as one run. Corners up to `CornerDiscs.largestTabledRadius`
/// read the arcs' limits and coverage from their disc quadrants; larger ones work them out.
func drawCornerRow<Layout>(
    _ canvas: Canvas<Layout>, _ corners: inout CornerDiscs, _ paint: Paint<Layout>, runs: Paint<Layout>, y: Int32, top: Int64,
    from: Int32, to: Int32
) {
    let outline = corners.outline
    // Each side's limits: shaded from `outside`, wholly covered from `inside` (the other way
    // round on the right), and where its disc's coverage is read, if it is.
    var left = (inside: from, outside: from), right = (inside: to, outside: to)
    var leftCoverage: UnsafeMutablePointer<UInt16>? = nil, rightCoverage: UnsafeMutablePointer<UInt16>? = nil
    let lc = corners.leftColumn, rc = corners.rightColumn
    if corners.tabled {
        let upper = y <= corners.topRow
        let j = Int(upper ? corners.topRow &- y : y &- corners.bottomRow)
        // The left disc's pixels lie at `lc - k`, the right one's at `rc + k`; `k` below the
        // quadrant row's `solidTo` is wholly covered, from its `reach` on not at all.
        if from <= lc {
            left = (lc &+ 1, lc &+ 1)
            if let (row, coverage) = corners.row(j, upper: upper, leftSide: true) {
                left = (lc &- row.solidTo &+ 1, lc &- row.reach &+ 1)
                leftCoverage = coverage
            }
        }
        if to > rc {
            right = (rc, rc)
            if let (row, coverage) = corners.row(j, upper: upper, leftSide: false) {
                right = (rc &+ row.solidTo, rc &+ row.reach)
                rightCoverage = coverage
            }
        }
    } else {
        // Each arc's cut only where the columns reach its side of the row.
        let straight = outline.straight(row: top), dy2 = outline.cornerRowDistance2(top &+ 128)
        if from < straight.0 { left = outline.cut(dy2: dy2, centre: outline.x0 &+ outline.r, leftward: true) }
        if to > straight.1 { right = outline.cut(dy2: dy2, centre: outline.x1 &- outline.r, leftward: false) }
    }
    var x = max(from, left.outside)
    var p = canvas.address(x, y)
    // Shaded, solid, shaded, in column order; each pixel is visited once whatever the limits.
    if let c = leftCoverage {
        shade(paint, canvas, &p, &x, to: min(left.inside, to)) { Int32(c[Int(lc &- $0)]) }
    } else {
        shade(paint, canvas, &p, &x, to: min(left.inside, to)) { outline.coverage(x: $0, rowTop: top) }
    }
    let solid = min(right.inside, to)
    if x < solid {
        runs.run(p, count: Int(solid &- x), step: canvas.xStep)
        p += canvas.xStep &* Int(solid &- x)
        x = solid
    }
    if let c = rightCoverage {
        shade(paint, canvas, &p, &x, to: min(right.outside, to)) { Int32(c[Int($0 &- rc)]) }
    } else {
        shade(paint, canvas, &p, &x, to: min(right.outside, to)) { outline.coverage(x: $0, rowTop: top) }
    }
}

/// Pixels from column `x` (at `p`) up to `end`, each covered by `paint` as `coverage` says.
@inline(__always)
private func shade<Layout>(
    _ paint: Paint<Layout>, _ canvas: Canvas<Layout>, _ p: inout UnsafeMutableRawPointer, _ x: inout Int32, to end: Int32,
    _ coverage: (Int32) -> Int32
) {
    while x < end {
        paint.cover(p, coverage(x))
        x &+= 1
        p += canvas.xStep
    }
}

/// The four corner discs of a filled rounded rectangle, each the quarter of a disc that a
/// `RingQuadrant` with no hole describes, taken from a profile cache the first time a row needs
/// it. A corner pixel's coverage is then a table read, not a square root and three divisions,
/// and a box drawn again (a toast fading, a checkout's dialog) works out nothing new. The
/// tables hold what `RoundedOutline.coverage` gives in the corners: the same disc, the same
/// thresholds and the same arithmetic.
struct CornerDiscs {
    let outline: RoundedOutline
    let edges: RadialEdges
    /// The last column whose centre lies left of the left discs' centres, and the first right of
    /// the right ones'; the last row above the top discs' centres, the first below the bottom ones'.
    let leftColumn: Int32, rightColumn: Int32, topRow: Int32, bottomRow: Int32
    /// How far (Q8, 0 < d <= 256) those pixel centres lie from the discs' centres.
    let p0Left: Int64, p0Right: Int64, q0Top: Int64, q0Bottom: Int64
    /// Whether the corners are read from quadrants: up to `largestTabledRadius`. A disc's
    /// quadrant holds every pixel from its axis to its rim, so a larger corner would take
    /// hundreds of kilobytes (a 512 px one, 400 KiB); its limits are worked out per row.
    let tabled: Bool
    /// 64 px (Q8): a quadrant of at most 3,300 coverages, 6.5 KiB.
    static let largestTabledRadius: Int64 = 64 * 256
    private var cache: RingProfileCache?
    private var topLeft: RingQuadrant?, topRight: RingQuadrant?, bottomLeft: RingQuadrant?, bottomRight: RingQuadrant?

    init(_ outline: RoundedOutline, _ cache: RingProfileCache?) {
        self.outline = outline
        self.cache = cache
        tabled = outline.r <= CornerDiscs.largestTabledRadius
        edges = RadialEdges(outer: outline.r, inner: 0)
        let cl = outline.x0 &+ outline.r, cr = outline.x1 &- outline.r
        let ct = outline.y0 &+ outline.r, cb = outline.y1 &- outline.r
        leftColumn = Int32(truncatingIfNeeded: ((cl &- 128 &+ 255) >> 8) &- 1)
        rightColumn = Int32(truncatingIfNeeded: ((cr &- 128) >> 8) &+ 1)
        topRow = Int32(truncatingIfNeeded: ((ct &- 128 &+ 255) >> 8) &- 1)
        bottomRow = Int32(truncatingIfNeeded: ((cb &- 128) >> 8) &+ 1)
        p0Left = cl &- (Int64(leftColumn) &* 256 &+ 128)
        p0Right = Int64(rightColumn) &* 256 &+ 128 &- cr
        q0Top = ct &- (Int64(topRow) &* 256 &+ 128)
        q0Bottom = Int64(bottomRow) &* 256 &+ 128 &- cb
    }

    /// Row `j` (counted away from the discs' centres) of one corner's quadrant, with the
    /// coverage of its `k`-th pixel from the centre at index `k`; nil when the row lies beyond
    /// the disc.
    mutating func row(_ j: Int, upper: Bool, leftSide: Bool) -> (RingQuadrant.Row, UnsafeMutablePointer<UInt16>)? {
        let known = upper ? (leftSide ? topLeft : topRight) : (leftSide ? bottomLeft : bottomRight)
        let q: RingQuadrant
        if let known {
            q = known
        } else {
            let profiles = cache ?? RingProfileCache()
            cache = profiles
            q = profiles.quadrant(
                outer: outline.r, inner: 0, p0: leftSide ? p0Left : p0Right, q0: upper ? q0Top : q0Bottom, edges: edges)
            switch (upper, leftSide) {
            case (true, true): topLeft = q
            case (true, false): topRight = q
            case (false, true): bottomLeft = q
            case (false, false): bottomRight = q
            }
        }
        if j < 0 || j >= q.rows { return nil }
        let r = q.row[j]
        return (r, q.coverage + Int(r.start) - Int(r.hole))
    }
}

/// A rounded rectangle's outline set up for per-pixel coverage. Its arithmetic wraps: every
/// value is a Q8 screen coordinate or the square of one, far inside 64 bits.
struct RoundedOutline {
    let x0: Int64, y0: Int64, x1: Int64, y1: Int64, r: Int64
    let reach2: Int64, solid2: Int64
    let corner: CircleEdge

    init(_ s: RoundedRectShape) {
        x0 = Int64(s.x)
        y0 = Int64(s.y)
        x1 = Int64(s.x + s.width)
        y1 = Int64(s.y + s.height)
        r = Int64(s.radius)
        let reach = EdgeCoverage.reach
        reach2 = (r + reach) * (r + reach)
        solid2 = r > reach ? (r - reach) * (r - reach) : -1
        corner = CircleEdge(radius: r)
    }

    /// How many pixels from column `x` on (before `limit`) lie wholly within the straight part
    /// of the row, where coverage is the row's own; nil or 0 when `x` is not there.
    func solidRun(row top: Int64, x: Int32, limit: Int32) -> Int32? {
        let (first, end) = straight(row: top)
        if x < first || x >= end { return nil }
        return min(end, limit) - x
    }

    /// The columns of a row lying wholly within the straight part between the corners, where
    /// coverage is the row's own, as `(first, end)`; empty when there are none.
    func straight(row top: Int64) -> (Int32, Int32) {
        let inCorners = top < y0 + r || top + 256 > y1 - r
        let left = inCorners ? x0 + r : x0
        let right = inCorners ? x1 - r : x1
        let first = Int32(truncatingIfNeeded: (left + 255) >> 8)
        let end = Int32(truncatingIfNeeded: right >> 8)
        return first < end ? (first, end) : (end, end)
    }

    /// Squared distance (Q16) from a row's centre `cy` to the band of the corners' centres;
    /// 0 for rows between the corners.
    @inline(__always)
    func cornerRowDistance2(_ cy: Int64) -> Int64 {
        let dy = cy < y0 &+ r ? y0 &+ r &- cy : (cy > y1 &- r ? cy &- (y1 &- r) : 0)
        return dy &* dy
    }

    /// Where a row of a whole-height run crosses the corner arcs of one end, whose corner
    /// centres lie at column position `centre` (Q8): columns before `inside` (after, for the
    /// left end) are wholly covered, and from `outside` on (before, for the left end) not at
    /// all; between them pixels must be shaded. `dy2` is `cornerRowDistance2` of the row.
    func cut(dy2: Int64, centre: Int64, leftward: Bool) -> (inside: Int32, outside: Int32) {
        // Half-widths (Q8) of the disc's solid part and of its reach on this row. Near the
        // middle rows Newton starts from the half-widths at dy = 0; towards the disc's top,
        // where those lie far above the answers, from `IntegerSquareRoot`'s own estimate. The
        // solid half-width then starts from the reach's, which lies just above it.
        let reachSq = reach2 &- dy2
        let nearMiddle = dy2 &* 2 < reach2
        var reach = reachSq > 0 ? IntegerSquareRoot.floorRoot(reachSq, guess: nearMiddle ? r &+ EdgeCoverage.reach : 0) : 0
        let solid = solid2 >= dy2 ? IntegerSquareRoot.floorRoot(solid2 &- dy2, guess: max(1, reach)) : -1
        if reach &* reach < reachSq { reach &+= 1 }
        // A pixel centre at `centre ± w` for w up to `solid` is covered, from `reach` on not;
        // centres short of the corner centre lie on the straight part and are covered.
        if leftward {
            // Covered: x·256 + 128 >= centre - solid; uncovered: x·256 + 128 <= centre - reach.
            let inside = solid >= 0 ? Self.ceilColumn(centre &- solid &- 128) : Self.ceilColumn(centre &- 128)
            let outside = Self.floorColumn(centre &- reach &- 128) &+ 1
            return (inside, min(outside, inside))
        } else {
            let inside = solid >= 0 ? Self.floorColumn(centre &+ solid &- 128) &+ 1 : Self.floorColumn(centre &- 128) &+ 1
            let outside = Self.ceilColumn(centre &+ reach &- 128)
            return (inside, max(outside, inside))
        }
    }

    @inline(__always)
    static func floorColumn(_ q8: Int64) -> Int32 { Int32(truncatingIfNeeded: q8 >> 8) }
    @inline(__always)
    static func ceilColumn(_ q8: Int64) -> Int32 { Int32(truncatingIfNeeded: (q8 &+ 255) >> 8) }

    /// Coverage (Q8) of pixel `x` in the row whose top edge is `rowTop` (Q8).
    @inline(__always)
    func coverage(x: Int32, rowTop: Int64) -> Int32 {
        let left = Int64(x) &* 256
        let cxp = left &+ 128, cyp = rowTop &+ 128
        // Corner regions: the pixel centre is beyond both the horizontal and the vertical
        // straight parts, so the nearest edge is the corner's arc.
        if r > 0 {
            let ccx: Int64 = cxp < x0 &+ r ? x0 &+ r : (cxp > x1 &- r ? x1 &- r : cxp)
            let ccy: Int64 = cyp < y0 &+ r ? y0 &+ r : (cyp > y1 &- r ? y1 &- r : cyp)
            if ccx != cxp && ccy != cyp {
                let dx = cxp &- ccx, dy = cyp &- ccy
                let d2 = dx &* dx &+ dy &* dy
                if d2 >= reach2 { return 0 }
                if d2 <= solid2 { return 256 }
                return corner.coverage(dx: dx, dy: dy, d2: d2)
            }
        }
        let cx = EdgeCoverage.span(left: left, from: x0, to: x1)
        let cy = EdgeCoverage.span(left: rowTop, from: y0, to: y1)
        return (cx &* cy) >> 8
    }
}
