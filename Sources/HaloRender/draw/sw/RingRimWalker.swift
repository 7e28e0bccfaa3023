// SPDX-License-Identifier: Apache-2.0
/// One half row of a ring near an arc end: where it starts (address, offset from the centre,
/// signed distances from the two end lines), and how it is cut into stretches of one paint
/// and pixels that need the exact coverage.
struct RimWalker<Layout: PixelLayout> {
    let p: UnsafeMutableRawPointer
    let px: Int64
    /// Cross products with the two end directions (Q24): signed distances to the end lines.
    let crossStart: Int64, crossEnd: Int64
    let py: Int64
    let capRowStart: Bool, capRowEnd: Bool

    @inline(__always)
    init(_ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ row: RowPass, column: Int32) {
        py = row.py
        p = canvas.address(column, row.y)
        px = Int64(column) &* 256 &+ 128 &- r.cx
        crossStart = r.startX &* py &- r.startY &* px
        crossEnd = r.endX &* py &- r.endY &* px
        capRowStart = r.roundCaps && py &- r.capStartY < r.capWindow && r.capStartY &- py < r.capWindow
        capRowEnd = r.roundCaps && py &- r.capEndY < r.capWindow && r.capEndY &- py < r.capWindow
    }

    /// Draws `count` pixels, the first of whose radial coverage is at `coverage`, the next
    /// `step` further on. The row is cut where it passes near an end line or a cap; between
    /// those places every pixel lies on one side of both end lines, so the stretch is all
    /// indicator or all track and is drawn with one paint. The chord of a cap's solid disc is
    /// all indicator too. Only the pixels left near an end line or a cap's edge take the exact
    /// path.
    @inline(__always)
    func rim<Direction: RowDirection>(
        _ r: RingRaster<Layout>, _ canvas: Canvas<Layout>, _ coverage: UnsafeMutablePointer<UInt16>, _: Direction.Type, count: Int,
        solid: (Int, Int)
    ) {
        let step = Int(Direction.step)
        // Rows of a whole ring or a bare track never come here: they are settled.
        let xStep = canvas.xStep
        // Widened, never narrowed: a pixel sent to the exact path needlessly costs time, never
        // accuracy. The solid chords are narrowed, never widened, for the same reason.
        let reach24 = EdgeCoverage.reach << 16
        let stepStart = 0 &- (r.startY << 8), stepEnd = 0 &- (r.endY << 8)
        // An end whose rows this is not can be neither near nor capped here.
        let nearStart = py >= r.startRows.0 && py <= r.startRows.1, nearEnd = py >= r.endRows.0 && py <= r.endRows.1
        // With round caps, each end's window around its cap holds its end line's pixels too.
        let lineStart = nearStart && !r.roundCaps ? Self.nearIndices(crossStart, stepStart, reach24, count) : (0, 0)
        let lineEnd = nearEnd && !r.roundCaps ? Self.nearIndices(crossEnd, stepEnd, reach24, count) : (0, 0)
        var capStart = capRowStart ? capIndices(r.capStartX, r.capWindow, count) : (0, 0)
        var capEnd = capRowEnd ? capIndices(r.capEndX, r.capWindow, count) : (0, 0)
        // The part of a window inside the arc and clear of its end's line is one paint.
        if r.trimStart && capStart.0 < capStart.1 { capStart = Self.offArcSide(capStart, crossStart, stepStart, reach24) }
        if r.trimEnd && capEnd.0 < capEnd.1 { capEnd = Self.offArcSide(capEnd, 0 &- crossEnd, 0 &- stepEnd, reach24) }
        let chordStart = capStart.0 < capStart.1 ? solidChord(r, r.capStartX, r.capStartY, count) : (0, 0)
        let chordEnd = capEnd.0 < capEnd.1 ? solidChord(r, r.capEndX, r.capEndY, count) : (0, 0)
        // One stretch wholly on one side of both end lines, in one paint.
        @inline(__always)
        func side(_ from: Int, _ to: Int) {
            let cs = crossStart &+ stepStart &* Int64(from), ce = crossEnd &+ stepEnd &* Int64(from)
            let inside = r.insideArc(cs, ce)
            let paint = inside ? r.indicator : r.track
            if paint.visible {
                Self.plain(
                    paint, inside ? r.indicatorMemo : r.trackMemo, p, coverage, step: step, xStep: xStep, from: from, to: to, solid: solid)
            }
        }
        // A window: exact pixels around the chords it holds, which are the indicator's.
        @inline(__always)
        func window(_ from: Int, _ to: Int, _ first: (Int, Int), _ second: (Int, Int)) {
            // Exact pixels up to the chord, then the chord; returns where the walk goes on. The
            // position is passed along, not captured: a nested function that changes a variable
            // of its caller's makes Swift box that variable on the heap.
            @inline(__always)
            func chord(_ i: Int, _ c: (Int, Int)) -> Int {
                let a = max(c.0, i), b = min(c.1, to)
                if a >= b { return i }
                if i < a { exact(r, coverage, Direction.self, xStep: xStep, from: i, to: a) }
                if r.indicator.visible { Self.plain(r.indicator, nil, p, coverage, step: step, xStep: xStep, from: a, to: b, solid: solid) }
                return b
            }
            let i = chord(chord(from, first), second)
            if i < to { exact(r, coverage, Direction.self, xStep: xStep, from: i, to: to) }
        }
        // Each end has one window where pixels may need the exact path (around its cap, or
        // along its line without caps) and, with a cap, a chord inside it that is all
        // indicator. Two windows that meet are walked as one.
        var a = r.roundCaps ? capStart : lineStart, b = r.roundCaps ? capEnd : lineEnd
        var chordA = chordStart, chordB = chordEnd
        if a.0 >= a.1 || (b.0 < b.1 && b.0 < a.0) {
            swap(&a, &b)
            swap(&chordA, &chordB)
        }
        if a.0 >= a.1 {
            side(0, count)
            return
        }
        if 0 < a.0 { side(0, a.0) }
        if b.0 < b.1 && b.0 <= a.1 {
            // The windows meet: one window holding both chords, in order.
            if chordB.0 < chordB.1 && (chordA.0 >= chordA.1 || chordB.0 < chordA.0) { swap(&chordA, &chordB) }
            window(a.0, max(a.1, b.1), chordA, chordB)
            if max(a.1, b.1) < count { side(max(a.1, b.1), count) }
            return
        }
        window(a.0, a.1, chordA, (0, 0))
        if b.0 < b.1 {
            if a.1 < b.0 { side(a.1, b.0) }
            window(b.0, b.1, chordB, (0, 0))
            if b.1 < count { side(b.1, count) }
        } else if a.1 < count {
            side(a.1, count)
        }
    }

    /// The indices `i` whose pixel centre lies in the solid disc of the cap centred at
    /// `(capX, capY)`, clamped to `0 ... count`; `(0, 0)` when none. Such a pixel is wholly
    /// covered by the cap, so its ring coverage is all the indicator's.
    @inline(__always)
    func solidChord(_ r: RingRaster<Layout>, _ capX: Int64, _ capY: Int64, _ count: Int) -> (Int, Int) {
        let dy = py &- capY
        let room = r.capSolid2 &- dy &* dy
        if room < 0 { return (0, 0) }
        // Every x with |x - capX| <= w lies in the disc, since w² <= room.
        let w = IntegerSquareRoot.rootFromBelow(room, guess: r.capRadius)
        let lo = Self.floorDivide(capX &- w &- px &+ 255, 256), hi = Self.floorDivide(capX &+ w &- px, 256) &+ 1
        return Self.indices(lo, hi, within: count)
    }

    /// Pixels `from ..< to` in one paint: the rim anti-aliased by its radial coverage, the
    /// solid band filled as a run. An opaque paint, the usual case, is settled once for the
    /// whole stretch rather than pixel by pixel, and its short bands are plain stores: most
    /// half rows are a few rim pixels and a band of a dozen.
    @inline(__always)
    static func plain(
        _ paint: Paint<Layout>, _ memo: CoverMemo?, _ base: UnsafeMutableRawPointer, _ coverage: UnsafeMutablePointer<UInt16>, step: Int,
        xStep: Int, from: Int, to: Int, solid: (Int, Int)
    ) {
        let bandFrom = min(max(solid.0, from), to), bandTo = max(bandFrom, min(solid.1, to))
        var p = base + xStep &* from, cov = coverage + step &* from
        if !paint.opaque {
            for _ in from..<bandFrom {
                paint.cover(p, Int32(cov.pointee))
                p += xStep
                cov += step
            }
            paint.run(p, count: bandTo &- bandFrom, step: xStep)
            p += xStep &* (bandTo &- bandFrom)
            cov += step &* (bandTo &- bandFrom)
            for _ in bandTo..<to {
                paint.cover(p, Int32(cov.pointee))
                p += xStep
                cov += step
            }
            return
        }
        let packed = paint.packed
        // Edge pixels from the memo when there is one (never in 32-bit layouts), settled once
        // for the stretch.
        @inline(__always)
        func edges(_ count: Int) {
            if Layout.bytesPerPixel != 4, let memo {
                for _ in 0..<count {
                    let c = Int32(cov.pointee)
                    if c >= 256 {
                        Layout.store(packed, p)
                    } else if c > 0 {
                        memo.cover(paint, p, weight: UInt32(truncatingIfNeeded: c))
                    }
                    p += xStep
                    cov += step
                }
                return
            }
            for _ in 0..<count {
                paint.coverOpaque(p, Int32(cov.pointee))
                p += xStep
                cov += step
            }
        }
        edges(bandFrom &- from)
        let band = bandTo &- bandFrom
        if band >= 24 {
            paint.run(p, count: band, step: xStep)
            p += xStep &* band
        } else {
            for _ in 0..<band {
                Layout.store(packed, p)
                p += xStep
            }
        }
        cov += step &* band
        edges(to &- bandTo)
    }

    /// Pixels `from ..< to`, each near an end line or a cap, one by one: near an end line the
    /// exact coverage; away from both lines, inside the arc the indicator's, and outside it the
    /// track's unless a cap's edge reaches the pixel, which takes the exact coverage.
    func exact<Direction: RowDirection>(
        _ r: RingRaster<Layout>, _ coverage: UnsafeMutablePointer<UInt16>, _: Direction.Type, xStep: Int, from: Int, to: Int
    ) {
        let step = Int(Direction.step)
        let reach24 = EdgeCoverage.reach << 16
        // -reach24 < cross < reach24, as one unsigned comparison.
        let nearSpan = UInt64(2 &* reach24 &- 1)
        let stepStart = 0 &- (r.startY << 8), stepEnd = 0 &- (r.endY << 8)
        var p = self.p + xStep &* from, cov = coverage + step &* from
        var cs = crossStart &+ stepStart &* Int64(from), ce = crossEnd &+ stepEnd &* Int64(from)
        var x = px &+ Int64(from) << 8
        for _ in from..<to {
            let ring = Int32(cov.pointee)
            if ring != 0 {
                if UInt64(bitPattern: cs &+ reach24 &- 1) < nearSpan || UInt64(bitPattern: ce &+ reach24 &- 1) < nearSpan {
                    r.shadeNearEnd(p, px: x, py: py, ring: ring)
                } else if r.insideArc(cs, ce) {
                    // The arc covers the pixel's whole ring share: a cap can add nothing.
                    r.indicator.cover(p, ring)
                } else if r.roundCaps {
                    // Outside the arc and away from both end lines: only a cap can reach the pixel.
                    let toStart = Self.distance2(x, r.capStartX, py, r.capStartY)
                    let toEnd = Self.distance2(x, r.capEndX, py, r.capEndY)
                    if toStart < r.capReach2 || toEnd < r.capReach2 {
                        r.shadeCapEdge(p, px: x, py: py, ring: ring, toStart: toStart, toEnd: toEnd)
                    } else {
                        r.track.cover(p, ring)
                    }
                } else {
                    r.track.cover(p, ring)
                }
            }
            p += xStep
            cov += step
            cs = cs &+ stepStart
            ce = ce &+ stepEnd
            x = x &+ 256
        }
    }

    /// The indices `i` for which `-reach < cross + i·step < reach` may hold, widened by one on
    /// each side and clamped to `0 ... count`; `(0, 0)` when none.
    @inline(__always)
    static func nearIndices(_ cross: Int64, _ step: Int64, _ reach: Int64, _ count: Int) -> (Int, Int) {
        let lo: Int64, hi: Int64
        if step == 0 {
            if cross <= 0 &- reach || cross >= reach { return (0, 0) }
            (lo, hi) = (0, Int64(count))
        } else if step > 0 {
            (lo, hi) = (floorDivide(0 &- reach &- cross, step), floorDivide(reach &- cross, step) &+ 2)
        } else {
            let d = 0 &- step
            (lo, hi) = (floorDivide(cross &- reach, d), floorDivide(cross &+ reach, d) &+ 2)
        }
        return Self.indices(lo, hi, within: count)
    }

    /// The window `w` less its indices clear on the arc's side of an end line: those where
    /// `cross + i·step`, positive on the arc's side, is at least `reach`.
    @inline(__always)
    static func offArcSide(_ w: (Int, Int), _ cross: Int64, _ step: Int64, _ reach: Int64) -> (Int, Int) {
        var lo = Int64(w.0), hi = Int64(w.1)
        if step > 0 {
            // Past q = ⌊(reach − cross) / step⌋ every index is clear.
            hi = min(hi, floorDivide(reach &- cross, step) &+ 1)
        } else if step < 0 {
            // Up to q = ⌊(cross − reach) / −step⌋ every index is clear.
            lo = max(lo, floorDivide(cross &- reach, 0 &- step) &+ 1)
        } else if cross >= reach {
            return (0, 0)
        }
        return lo < hi ? (Int(lo), Int(hi)) : (0, 0)
    }

    /// The indices `lo ..< hi` clamped to `0 ... count`; `(0, 0)` when none are left.
    @inline(__always)
    static func indices(_ lo: Int64, _ hi: Int64, within count: Int) -> (Int, Int) {
        let a = Int(max(0, min(Int64(count), lo))), b = Int(max(0, min(Int64(count), hi)))
        return a < b ? (a, b) : (0, 0)
    }

    /// Squared distance (Q16) between `(x, y)` and `(cx, cy)`.
    @inline(__always)
    static func distance2(_ x: Int64, _ cx: Int64, _ y: Int64, _ cy: Int64) -> Int64 {
        let dx = x &- cx, dy = y &- cy
        return dx &* dx &+ dy &* dy
    }

    /// `a / d` rounded towards negative infinity, for `d > 0`.
    @inline(__always)
    static func floorDivide(_ a: Int64, _ d: Int64) -> Int64 {
        a >= 0 ? a / d : 0 &- ((0 &- a &+ d &- 1) / d)
    }

    /// The indices `i` (pixel `px + 256·i`) within `limit` of a cap centred at `capX`, widened
    /// by a pixel on each side and clamped to `0 ... count`.
    @inline(__always)
    func capIndices(_ capX: Int64, _ limit: Int64, _ count: Int) -> (Int, Int) {
        let from = (capX &- limit &- px) >> 8, to = ((capX &+ limit &- px) >> 8) &+ 2
        return Self.indices(from, to, within: count)
    }
}
