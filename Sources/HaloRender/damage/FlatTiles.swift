// SPDX-License-Identifier: Apache-2.0
/// The parts of a rectangle being redrawn that hold one stored pixel value each, kept as
/// values rather than pixels while the layers are worked out bottom to top. A layer over a
/// flat part changes its one value (an overlay's blend is worked out once, not per pixel); a
/// layer whose pixels differ (an anti-aliased edge, text, a ring) first has the flat parts
/// under it written out, then draws as usual. What is still flat at the end is written with
/// wide stores. Each value is what a pixel of the part holds in memory, packed for the
/// layout, and each change is made by the same code on one pixel of scratch memory, so the
/// frame is byte for byte what drawing every pixel would give.
///
/// The tiles never overlap. Their number stays small: each layer splits a tile into at most
/// five, and a frame has a few dozen layers.
struct FlatTiles {
    private(set) var rects: [IntRect] = []
    private(set) var values: [UInt32] = []

    init(_ rect: IntRect, _ value: UInt32) {
        if !rect.isEmpty {
            rects.append(rect)
            values.append(value)
        }
    }

    /// One tile, in the room of lists an earlier set of tiles gave back (`giveBack`): a
    /// compositor that redraws every frame then allocates none.
    init(_ rect: IntRect, _ value: UInt32, reusing room: inout FlatTiles) {
        swap(&self, &room)
        rects.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        if !rect.isEmpty {
            rects.append(rect)
            values.append(value)
        }
    }

    /// Hands the lists' room to `room`, for the next tiles.
    mutating func giveBack(to room: inout FlatTiles) { swap(&self, &room) }

    /// Every tile's part inside `r` gets `change(value)`; parts outside keep theirs.
    mutating func update(_ r: IntRect, _ change: (UInt32) -> UInt32) {
        var i = 0
        let n = rects.count
        while i < n {
            let inside = rects[i].intersection(r)
            if !inside.isEmpty {
                let old = values[i]
                rects[i].forEachPiece(outside: inside) { piece in
                    rects.append(piece)
                    values.append(old)
                }
                rects[i] = inside
                values[i] = change(old)
            }
            i += 1
        }
    }

    /// `r` becomes one tile of `value`, whatever lay there (an opaque fill).
    mutating func set(_ r: IntRect, _ value: UInt32) {
        if r.isEmpty { return }
        remove(r)
        rects.append(r)
        values.append(value)
    }

    /// Forgets every tile's part inside `r`.
    mutating func remove(_ r: IntRect) {
        var i = 0
        while i < rects.count {
            let inside = rects[i].intersection(r)
            i = inside.isEmpty ? i + 1 : cut(i, inside)
        }
    }

    /// Writes the tiles' parts inside `r` to the canvas and forgets them: from here on those
    /// pixels are the canvas's.
    mutating func write<Layout>(_ r: IntRect, into canvas: Canvas<Layout>) {
        var i = 0
        while i < rects.count {
            let inside = rects[i].intersection(r)
            if inside.isEmpty {
                i += 1
                continue
            }
            fillPacked(canvas, inside, values[i])
            i = cut(i, inside)
        }
    }

    /// Replaces tile `i` by its parts outside `inside`; returns the index of the next tile.
    private mutating func cut(_ i: Int, _ inside: IntRect) -> Int {
        let tile = rects[i], value = values[i]
        var at = i
        var first = true
        tile.forEachPiece(outside: inside) { piece in
            if first {
                rects[at] = piece
                first = false
            } else {
                rects.insert(piece, at: at)
                values.insert(value, at: at)
            }
            at += 1
        }
        if first {
            rects.remove(at: i)
            values.remove(at: i)
            return i
        }
        return at
    }

    /// The one value every pixel of `r` holds, if tiles of one value cover it all.
    func value(covering r: IntRect) -> UInt32? {
        var value: UInt32? = nil
        var covered: Int64 = 0
        for i in rects.indices {
            let part = rects[i].intersection(r)
            if part.isEmpty { continue }
            if let v = value, v != values[i] { return nil }
            value = values[i]
            covered += part.area
        }
        // The tiles do not overlap, so their parts add up to all of `r` only if they cover it.
        return covered == r.area ? value : nil
    }

    /// Each part of `r` that no tile covers, as rectangles that do not overlap: the parts
    /// outside the first tile that meets `r`, each cut by the tiles after it in turn. No list
    /// is made, so a frame allocates nothing here.
    func forEachUncovered(in r: IntRect, from first: Int = 0, _ body: (IntRect) -> Void) {
        var k = first
        while k < rects.count && !rects[k].intersects(r) { k += 1 }
        if k == rects.count {
            if !r.isEmpty { body(r) }
            return
        }
        r.forEachPiece(outside: rects[k]) { forEachUncovered(in: $0, from: k + 1, body) }
    }
}

extension IntRect {
    /// Each part of `self` outside `other`: up to four rectangles that do not overlap (the
    /// bands above and below, then the sides between them).
    @inline(__always)
    func forEachPiece(outside other: IntRect, _ body: (IntRect) -> Void) {
        let cut = intersection(other)
        if cut.isEmpty {
            if !isEmpty { body(self) }
            return
        }
        if cut.y > y { body(IntRect(x: x, y: y, width: width, height: cut.y - y)) }
        if cut.maxY < maxY { body(IntRect(x: x, y: cut.maxY, width: width, height: maxY - cut.maxY)) }
        if cut.x > x { body(IntRect(x: x, y: cut.y, width: cut.x - x, height: cut.height)) }
        if cut.maxX < maxX { body(IntRect(x: cut.maxX, y: cut.y, width: maxX - cut.maxX, height: cut.height)) }
    }
}
