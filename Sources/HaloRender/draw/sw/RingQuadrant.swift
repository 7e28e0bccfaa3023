// SPDX-License-Identifier: Apache-2.0
/// The radial shape of a ring over one quadrant, worked out once and reused for every frame.
///
/// A pixel's radial coverage (how much of it lies between the two rims) depends only on its
/// centre's offsets `|px|`, `|py|` from the ring's centre. Columns of a quadrant sit at
/// `px = p0 + 256·i` and rows at `py = q0 + 256·j` (Q8); for each row the quadrant records where
/// the hole ends and where the outer reach ends, and keeps the coverage of every pixel in
/// between: anti-aliased on the rims, 256 in the solid band. Ring centres lie on whole or half
/// pixels, so one quadrant serves all four by mirroring.
public final class RingQuadrant {
    /// One row's limits, as column indices: `i < hole` lies wholly in the hole, `hole ..<
    /// solidFrom` on the inner rim, `solidFrom ..< solidTo` wholly inside, `solidTo ..< reach`
    /// on the outer rim. `start` is where the coverage of column `hole` is in `coverage`.
    struct Row {
        var hole: Int32, solidFrom: Int32, solidTo: Int32, reach: Int32, start: Int32
    }

    public let outer: Int64, inner: Int64
    public let p0: Int64, q0: Int64
    /// Rows of the quadrant; rows from `rows` on are wholly outside the ring.
    public let rows: Int
    /// Immutable once built and owned by this object, so drawing reads them through plain
    /// pointers: no bounds checks and no exclusivity checks in the per-row path.
    let row: UnsafeMutablePointer<Row>
    /// Radial coverage (Q8, 0...256) of every pixel from the hole to the reach, row after row.
    let coverage: UnsafeMutablePointer<UInt16>
    let coverageCount: Int

    init(outer: Int64, inner: Int64, p0: Int64, q0: Int64, edges: RadialEdges) {
        self.outer = outer
        self.inner = inner
        self.p0 = p0
        self.q0 = q0
        // First every row's limits, so the coverage table is allocated once at its exact size.
        // Row j lies in the outer reach while (q0 + 256 j)² < outerReach2, which the root of
        // outerReach2 - 1 settles without a walk.
        let lastPy = IntegerSquareRoot.floorRoot(edges.outerReach2 &- 1)
        let rowCount = lastPy >= q0 ? Int((lastPy &- q0) >> 8) &+ 1 : 0
        row = UnsafeMutablePointer<Row>.allocate(capacity: max(1, rowCount))
        var i = (hole: Int64(0), solidFrom: Int64(0), solidTo: Int64(0), reach: Int64(0))
        var total: Int32 = 0
        for j in 0..<rowCount {
            let py = q0 &+ (Int64(j) << 8)
            let py2 = py &* py
            if j == 0 {
                // Walk out from the axis once; every later row's limits lie at or inside these.
                i.reach = Self.first(p0, py2) { $0 >= edges.outerReach2 }
                i.hole = Self.first(p0, py2) { $0 > edges.innerSolid2 }
                i.solidFrom = Self.first(p0, py2) { $0 >= edges.innerReach2 }
                i.solidTo = Self.first(p0, py2) { $0 > edges.outerSolid2 }
            } else {
                i.reach = Self.lastStill(i.reach, p0, py2) { $0 >= edges.outerReach2 }
                i.hole = Self.lastStill(i.hole, p0, py2) { $0 > edges.innerSolid2 }
                i.solidFrom = Self.lastStill(i.solidFrom, p0, py2) { $0 >= edges.innerReach2 }
                i.solidTo = Self.lastStill(i.solidTo, p0, py2) { $0 > edges.outerSolid2 }
            }
            // Rows where the rims overlap have no solid band: it is all rim.
            let hole = min(i.hole, i.reach)
            let from = min(max(i.solidFrom, hole), i.reach)
            let to = min(max(i.solidTo, from), i.reach)
            // Column counts of a ring at most 2^23 px across: they fit, and the checks would
            // cost more than the row's limits themselves.
            (row + j).initialize(
                to: Row(
                    hole: Int32(truncatingIfNeeded: hole), solidFrom: Int32(truncatingIfNeeded: from),
                    solidTo: Int32(truncatingIfNeeded: to),
                    reach: Int32(truncatingIfNeeded: i.reach), start: total))
            total &+= Int32(truncatingIfNeeded: i.reach &- hole)
        }
        self.rows = rowCount
        coverageCount = Int(total)
        coverage = UnsafeMutablePointer<UInt16>.allocate(capacity: max(1, coverageCount))
        // A quadrant whose first row and column sit alike is symmetric about its diagonal:
        // a rim pixel below the diagonal repeats one already worked out above it.
        let mirrored = p0 == q0
        for j in 0..<rowCount {
            let r = row[j]
            let py = q0 &+ (Int64(j) << 8), py2 = py &* py
            let out = coverage + Int(r.start) - Int(r.hole)
            let column = Int32(truncatingIfNeeded: j)
            func rim(_ k: Int32) {
                if mirrored && k < column {
                    let m = row[Int(k)]
                    if m.hole <= column && column < m.reach {
                        out[Int(k)] = coverage[Int(m.start &+ column &- m.hole)]
                        return
                    }
                }
                let px = p0 &+ (Int64(k) << 8)
                // Radial coverage is 0...256.
                out[Int(k)] = UInt16(truncatingIfNeeded: edges.radial(px: px, py: py, d2: px &* px &+ py2))
            }
            for k in r.hole..<r.solidFrom { rim(k) }
            (out + Int(r.solidFrom)).initialize(repeating: 256, count: Int(r.solidTo &- r.solidFrom))
            for k in r.solidTo..<r.reach { rim(k) }
        }
    }

    deinit {
        row.deallocate()
        coverage.deallocate()
    }

    /// The first column from the axis on whose squared distance `beyond` accepts (it must
    /// accept every column from there on).
    @inline(__always)
    static func first(_ p0: Int64, _ py2: Int64, _ beyond: (Int64) -> Bool) -> Int64 {
        var k: Int64 = 0
        while !beyond(d2(p0, k, py2)) { k &+= 1 }
        return k
    }

    /// The first column at which `beyond` holds, given that it holds at `start` and the answer
    /// is at or below it: a row further from the centre only moves each limit inwards.
    @inline(__always)
    static func lastStill(_ start: Int64, _ p0: Int64, _ py2: Int64, _ beyond: (Int64) -> Bool) -> Int64 {
        var k = start
        while k > 0 && beyond(d2(p0, k &- 1, py2)) { k &-= 1 }
        return k
    }

    /// Bytes held, for memory accounting.
    public var byteCount: Int { coverageCount * 2 + rows * MemoryLayout<Row>.stride }
}

@inline(__always)
private func d2(_ p0: Int64, _ i: Int64, _ py2: Int64) -> Int64 {
    let px = p0 &+ (i << 8)
    return px &* px &+ py2
}

/// The two rims of a ring and the squared distances that bound their anti-aliased bands.
struct RadialEdges {
    let outerReach2: Int64, outerSolid2: Int64
    let innerReach2: Int64, innerSolid2: Int64
    let outerEdge: CircleEdge, innerEdge: CircleEdge

    init(outer: Int64, inner: Int64) {
        let reach = EdgeCoverage.reach
        outerReach2 = (outer + reach) * (outer + reach)
        outerSolid2 = outer > reach ? (outer - reach) * (outer - reach) : -1
        innerReach2 = inner > 0 ? (inner + reach) * (inner + reach) : -1
        innerSolid2 = inner > reach ? (inner - reach) * (inner - reach) : -1
        outerEdge = CircleEdge(radius: outer)
        innerEdge = CircleEdge(radius: inner)
    }

    /// The part (Q8) of the pixel at `(px, py)` that lies between the two rims; 0 outside.
    func radial(px: Int64, py: Int64, d2: Int64) -> Int32 {
        if d2 >= outerReach2 || d2 <= innerSolid2 { return 0 }
        var ring: Int32 = 256
        if d2 > outerSolid2 { ring = outerEdge.coverage(dx: px, dy: py, d2: d2) }
        if d2 < innerReach2 { ring = ring &- innerEdge.coverage(dx: px, dy: py, d2: d2) }
        return ring
    }
}

/// Ring quadrants kept between frames, so an animated ring never works out its rims again.
/// A compositor owns one; a handful of entries covers every ring a screen shows.
public final class RingProfileCache {
    // Only `quadrant(...)` touches the entries, and it calls nothing that could reach them
    // again, so overlapping access cannot happen: the run-time check, paid on every lookup
    // (several a frame), buys nothing.
    @exclusivity(unchecked) private var entries: [RingQuadrant] = []
    public static let capacity = 12

    public init() {}

    /// The quadrant of a ring with these radii whose first column and row sit at `p0`, `q0`.
    func quadrant(outer: Int64, inner: Int64, p0: Int64, q0: Int64, edges: RadialEdges) -> RingQuadrant {
        // Found first, moved after: an iteration holds the array, and moving an entry during it
        // would copy the array every time.
        if let k = entries.firstIndex(where: { $0.outer == outer && $0.inner == inner && $0.p0 == p0 && $0.q0 == q0 }) {
            let q = entries[k]
            if k > 0 {
                // Most recently used first.
                entries.remove(at: k)
                entries.insert(q, at: 0)
            }
            return q
        }
        let q = RingQuadrant(outer: outer, inner: inner, p0: p0, q0: q0, edges: edges)
        if entries.count >= RingProfileCache.capacity { entries.removeLast() }
        entries.insert(q, at: 0)
        return q
    }

    /// Works out now the quadrants `ring` is drawn from, wherever its rows lie: for the rings a
    /// screen is sure to show (its theme's indicators at the centre), so that the first frame
    /// showing one reads its shape instead of working it out. Up to four quadrants, fewer when
    /// the centre's position makes them alike.
    public func prepare(_ ring: RingShape) {
        if ring.outerRadius <= 0 { return }
        let outer = Int64(ring.outerRadius), inner = Int64(ring.innerRadius)
        let edges = RadialEdges(outer: outer, inner: inner)
        let g = RingCentre.grid(cx: Int64(ring.centerX), cy: Int64(ring.centerY))
        for (p0, q0) in [(g.pLeft, g.qAbove), (g.pRight, g.qAbove), (g.pLeft, g.qBelow), (g.pRight, g.qBelow)] {
            _ = quadrant(outer: outer, inner: inner, p0: p0, q0: q0, edges: edges)
        }
    }

    /// Quadrants held.
    public var count: Int { entries.count }

    /// Bytes held by the cached quadrants.
    public var byteCount: Int { entries.reduce(0) { $0 + $1.byteCount } }
}
