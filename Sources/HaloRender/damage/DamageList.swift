// SPDX-License-Identifier: Apache-2.0
/// The screen areas that must be redrawn this frame.
///
/// Rectangles that overlap, or nearly do, are merged when the merge wastes little; otherwise
/// they stay apart, so a frame's cost follows the pixels that change rather than the bounding
/// box around them. Two kept rectangles may still overlap a little: the overlap is redrawn
/// twice, which is correct because every rectangle is redrawn from the background up.
public struct DamageList: Equatable {
    public private(set) var rects: [IntRect] = []

    /// More rectangles than this are folded together: each one costs a pass over the layers.
    public static let maximumCount = 16

    public init() {}

    public var isEmpty: Bool { rects.isEmpty }

    /// The number of pixels redrawn (overlaps counted twice, as they are drawn twice).
    public var area: Int64 { rects.reduce(0) { $0 + $1.area } }

    public var bounds: IntRect { rects.reduce(IntRect.empty) { $0.union($1) } }

    public mutating func add(_ rect: IntRect) {
        if rect.isEmpty { return }
        var r = rect
        var i = 0
        while i < rects.count {
            let other = rects[i]
            if other.contains(r) { return }
            let merged = r.union(other)
            // Merge when the union wastes at most a quarter more than the two cost apart.
            if r.contains(other) || (merged.area * 4 <= (r.area + other.area) * 5) {
                r = merged
                rects.remove(at: i)
                i = 0
                continue
            }
            i += 1
        }
        // All the room a list can need, taken at once: growing an array step by step costs an
        // allocation per step, every frame.
        if rects.isEmpty { rects.reserveCapacity(DamageList.maximumCount + 1) }
        rects.append(r)
        while rects.count > DamageList.maximumCount { foldCheapestPair() }
    }

    public mutating func add(_ other: DamageList) {
        for r in other.rects { add(r) }
    }

    /// Limits every rectangle to `area`.
    public mutating func clip(to area: IntRect) {
        // Most frames' damage already lies on screen: leave the array untouched then.
        if rects.allSatisfy({ area.contains($0) }) { return }
        // In place: a list kept from frame to frame then allocates nothing.
        var kept = 0
        for i in rects.indices {
            let r = rects[i].intersection(area)
            if r.isEmpty { continue }
            rects[kept] = r
            kept += 1
        }
        rects.removeLast(rects.count - kept)
    }

    /// Empties the list but keeps its room, for the next frame's damage.
    public mutating func removeAll() { rects.removeAll(keepingCapacity: true) }

    mutating func foldCheapestPair() {
        var best = (0, 1)
        var bestWaste = Int64.max
        for i in 0..<rects.count {
            for j in (i + 1)..<rects.count {
                let waste = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if waste < bestWaste {
                    bestWaste = waste
                    best = (i, j)
                }
            }
        }
        let merged = rects[best.0].union(rects[best.1])
        rects.remove(at: best.1)
        rects[best.0] = merged
    }
}
