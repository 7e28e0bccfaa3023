// SPDX-License-Identifier: Apache-2.0
/// A linear progress bar: a rounded track with a rounded fill on it, drawn as one shape so the
/// two share their outer edge (see `paintShared`). Geometry is Q8; the fill runs from
/// `fillFrom` to `fillTo`, measured from the bar's left end.
public struct BarShape: Equatable {
    public var x: Int32
    public var y: Int32
    public var width: Int32
    public var height: Int32
    public var radius: Int32
    public var track: Color
    public var indicator: Color
    public var fillFrom: Int32
    public var fillTo: Int32

    public init(
        x: Int32, y: Int32, width: Int32, height: Int32, radius: Int32, track: Color, indicator: Color, fillFrom: Int32 = 0, fillTo: Int32
    ) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
        self.radius = max(0, min(radius, min(self.width, self.height) / 2))
        self.track = track
        self.indicator = indicator
        self.fillFrom = max(0, min(fillFrom, self.width))
        self.fillTo = max(self.fillFrom, min(fillTo, self.width))
    }

    public var bounds: IntRect { IntRect(coveringQ8: x, y, x + width, y + height) }

    /// True when only the fill differs.
    public func sameBar(as o: BarShape) -> Bool {
        x == o.x && y == o.y && width == o.width && height == o.height && radius == o.radius && track == o.track
            && indicator == o.indicator
    }

    var outline: RoundedRectShape { RoundedRectShape(x: x, y: y, width: width, height: height, radius: radius, color: track) }

    var fill: RoundedRectShape {
        RoundedRectShape(x: x + fillFrom, y: y, width: fillTo - fillFrom, height: height, radius: radius, color: indicator)
    }

    /// Damage when only the fill moved: the columns each end swept, widened by the rounded end
    /// (which lies inside the fill, behind the end) and a pixel for anti-aliasing on each side;
    /// added to `damage` rather than listed apart, as a gliding bar does it every frame.
    func addDamage(from old: BarShape, into damage: inout DamageList) {
        func end(_ a: Int32, _ b: Int32, behind: Int32, ahead: Int32) {
            if a == b { return }
            let lo = x + min(a, b) - behind - 256, hi = x + max(a, b) + ahead + 256
            damage.add(IntRect(coveringQ8: max(lo, x), y, min(hi, x + width), y + height).expanded(by: 1).intersection(bounds))
        }
        end(old.fillFrom, fillFrom, behind: 0, ahead: radius)
        end(old.fillTo, fillTo, behind: radius, ahead: 0)
    }
}

/// Draws a bar: the outline's coverage split between track and fill. Where a row lies wholly
/// inside the bar, the straight stretches of track and fill are filled as runs; only the
/// rounded ends of the outline and of the fill are worked out pixel by pixel. `over`, when
/// given, is the one value every pixel under `clip` holds (a flat part of the screen).
public func drawBar<Layout>(_ canvas: Canvas<Layout>, _ bar: BarShape, clip: IntRect, over: UInt32? = nil) {
    let area = bar.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty { return }
    guard Layout.bytesPerPixel != 4, over != nil else {
        BarRaster<Layout>(bar, area).draw(canvas, area)
        return
    }
    // The ends' blends remembered (see `CoverMemo`): on the stack, for this call.
    withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 3 * CoverMemo.slots) { memo in
        BarRaster<Layout>(bar, area, memo: memo.baseAddress, over: over).draw(canvas, area)
    }
}

/// A bar set up for drawing, row by row.
struct BarRaster<Layout: PixelLayout> {
    let track: Paint<Layout>, indicator: Paint<Layout>
    /// Blends remembered for the ends' pixels, where the paints are opaque: the fill's rounded
    /// end over the track, and the outline's ends, track or fill, over the flat colour under the
    /// bar when there is one.
    let fillOverTrack: CoverMemo?, indicatorOverGround: CoverMemo?, trackOverGround: CoverMemo?
    let outline: RoundedOutline, fill: RoundedOutline
    let hasFill: Bool
    /// How the outline's rounded ends find the fill's share. At the left end it is all of the
    /// outline's coverage when the fill starts there with the bar's own radius and its right end
    /// lies more than a pixel past the left corners: left of the straight middle, the fill then
    /// covers exactly what the outline does. At the right end it is none when the fill stops
    /// short of the right corners.
    let leftEndShare: FillShare, rightEndShare: FillShare
    let x0: Int32, x1: Int32
    /// Columns the fill can touch at all; beyond them its share is 0. Its rounded ends are
    /// shaded as edges straight across each pixel, which can reach a little past the fill's box.
    let fillFrom: Int32, fillTo: Int32

    /// `memo`, when given, holds room for three `CoverMemo`s.
    init(_ bar: BarShape, _ area: IntRect, memo: UnsafeMutablePointer<UInt32>? = nil, over: UInt32? = nil) {
        track = Paint(bar.track)
        indicator = Paint(bar.indicator)
        // Only for a bar the compositor knows lies on one colour: drawn on its own, a bar takes
        // the plain path, which the compositor's frames are tested against.
        if let memo, let over, track.opaque && indicator.opaque {
            fillOverTrack = CoverMemo(memo, over: track.packed)
            indicatorOverGround = CoverMemo(memo + CoverMemo.slots, over: over)
            trackOverGround = CoverMemo(memo + 2 * CoverMemo.slots, over: over)
        } else {
            (fillOverTrack, indicatorOverGround, trackOverGround) = (nil, nil, nil)
        }
        outline = RoundedOutline(bar.outline)
        fill = RoundedOutline(bar.fill)
        hasFill = bar.fillTo > bar.fillFrom && indicator.visible
        x0 = area.x
        x1 = area.maxX
        fillFrom = hasFill ? Int32(truncatingIfNeeded: (fill.x0 - EdgeCoverage.reach) >> 8) : area.maxX
        fillTo = hasFill ? Int32(truncatingIfNeeded: (fill.x1 + EdgeCoverage.reach + 255) >> 8) : area.maxX
        let sharesLeftEnd = fill.x0 == outline.x0 && fill.r == outline.r && fill.x1 &- fill.r >= outline.x0 &+ outline.r &+ 256
        leftEndShare = !hasFill ? .none : sharesLeftEnd ? .whole : .worked
        // Every column of the right end lies right of this one, left of the right corners' centre.
        let rightEnd = Int32(truncatingIfNeeded: (outline.x1 &- outline.r) >> 8) &- 1
        rightEndShare = hasFill && fillTo > rightEnd ? .worked : .none
    }

    func draw(_ canvas: Canvas<Layout>, _ area: IntRect) {
        if !track.visible && !indicator.visible { return }
        for y in area.y..<area.maxY { drawRow(canvas, y) }
    }

    /// `paintShared`, with the opaque cases the memos hold taken from them.
    @inline(__always)
    func paint(_ p: UnsafeMutableRawPointer, total: Int32, share: Int32) {
        if Layout.bytesPerPixel != 4, let fillOverTrack {
            if share >= total {
                Self.cover(indicator, indicatorOverGround, p, share)
            } else if share <= 0 {
                Self.cover(track, trackOverGround, p, total)
            } else if total >= 256 {
                // The track takes the whole pixel, then the fill its share over it.
                Layout.store(track.packed, p)
                fillOverTrack.cover(indicator, p, weight: UInt32(truncatingIfNeeded: share))
            } else {
                paintShared(p, total: total, share: share, track: track, indicator: indicator)
            }
            return
        }
        paintShared(p, total: total, share: share, track: track, indicator: indicator)
    }

    /// An opaque paint's `coverage` of the pixel at `p`, from `memo` when there is one.
    @inline(__always)
    static func cover(_ paint: Paint<Layout>, _ memo: CoverMemo?, _ p: UnsafeMutableRawPointer, _ coverage: Int32) {
        if let memo, coverage > 0 && coverage < 256 {
            memo.cover(paint, p, weight: UInt32(truncatingIfNeeded: coverage))
        } else {
            paint.coverOpaque(p, coverage)
        }
    }

    func drawRow(_ canvas: Canvas<Layout>, _ y: Int32) {
        let top = Int64(y) &* 256
        // Only a row inside the bar's full height has whole coverage where it is straight.
        if EdgeCoverage.span(left: top, from: outline.y0, to: outline.y1) < 256 {
            shade(canvas, x0, x1, y, top, straight: (x1, x1), share: hasFill ? .worked : .none)
            return
        }
        let straight = outline.straight(row: top)
        // The straight middle of the row, and the outline's rounded ends either side of it.
        let s0 = max(x0, min(straight.0, x1)), s1 = max(s0, min(straight.1, x1))
        if x0 < s0 { shade(canvas, x0, s0, y, top, straight: straight, share: leftEndShare) }
        if s1 < x1 { shade(canvas, s1, x1, y, top, straight: straight, share: rightEndShare) }
        // In the middle: track before and after the fill, the fill's own straight part as a
        // run, and its rounded ends shaded.
        var f0 = max(s0, min(fillFrom, s1)), f3 = max(f0, min(fillTo, s1))
        let fillStraight = hasFill ? fill.straight(row: top) : (f0, f0)
        var f1 = max(f0, min(fillStraight.0, f3)), f2 = max(f1, min(fillStraight.1, f3))
        let p = canvas.address(0, y), xStep = canvas.xStep
        // Across each rounded end of the fill, the row's pixels are wholly fill, then cut by
        // the corner's arc, then wholly track: only the cut ones are shaded.
        if hasFill && fill.r > 0 {
            let dy2 = fill.cornerRowDistance2(top &+ 128)
            if f0 < f1 {
                let cut = fill.cut(dy2: dy2, centre: fill.x0 &+ fill.r, leftward: true)
                let outside = max(f0, min(cut.outside, f1)), inside = max(outside, min(cut.inside, f1))
                if f0 < outside && track.visible { track.inlineRun(p + Int(f0) &* xStep, count: Int(outside &- f0), step: xStep) }
                f0 = outside
                if inside < f1 && indicator.visible { indicator.inlineRun(p + Int(inside) &* xStep, count: Int(f1 &- inside), step: xStep) }
                f1 = inside
            }
            if f2 < f3 {
                let cut = fill.cut(dy2: dy2, centre: fill.x1 &- fill.r, leftward: false)
                let inside = max(f2, min(cut.inside, f3)), outside = max(inside, min(cut.outside, f3))
                if f2 < inside && indicator.visible { indicator.inlineRun(p + Int(f2) &* xStep, count: Int(inside &- f2), step: xStep) }
                f2 = inside
                if outside < f3 && track.visible { track.inlineRun(p + Int(outside) &* xStep, count: Int(f3 &- outside), step: xStep) }
                f3 = outside
            }
        }
        if s0 < f0 && track.visible { track.inlineRun(p + Int(s0) &* xStep, count: Int(f0 &- s0), step: xStep) }
        if f0 < f1 { shade(canvas, f0, f1, y, top, straight: straight, share: .worked) }
        if f1 < f2 && indicator.visible { indicator.inlineRun(p + Int(f1) &* xStep, count: Int(f2 &- f1), step: xStep) }
        if f2 < f3 { shade(canvas, f2, f3, y, top, straight: straight, share: .worked) }
        if f3 < s1 && track.visible { track.inlineRun(p + Int(f3) &* xStep, count: Int(s1 &- f3), step: xStep) }
    }

    /// How a stretch of shaded pixels finds the fill's share: none (the fill cannot reach it),
    /// all of the outline's coverage (the fill shares the bar's left end there), or worked out.
    enum FillShare { case none, whole, worked }

    /// Columns `a ..< b` of row `y`, shaded pixel by pixel: `straight` tells where the outline
    /// covers the whole pixel, so only the fill's share has to be worked out there. Out of
    /// line: inlined into `drawRow`, it crowds the row's own registers.
    @inline(never)
    func shade(
        _ canvas: Canvas<Layout>, _ a: Int32, _ b: Int32, _ y: Int32, _ top: Int64, straight: (Int32, Int32), share mode: FillShare
    ) {
        var p = canvas.address(a, y)
        for x in a..<b {
            let total = x >= straight.0 && x < straight.1 ? 256 : outline.coverage(x: x, rowTop: top)
            if total > 0 {
                let share: Int32
                switch mode {
                case .none: share = 0
                case .whole: share = total
                case .worked: share = min(total, fill.coverage(x: x, rowTop: top))
                }
                paint(p, total: total, share: share)
            }
            p += canvas.xStep
        }
    }
}
