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

    public init(x: Int32, y: Int32, width: Int32, height: Int32, radius: Int32, track: Color, indicator: Color, fillFrom: Int32 = 0, fillTo: Int32) {
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
    /// (which lies inside the fill, behind the end) and a pixel for anti-aliasing on each side.
    func damage(from old: BarShape) -> [IntRect] {
        var rects: [IntRect] = []
        let ends = [(old.fillFrom, fillFrom, Int32(0), radius), (old.fillTo, fillTo, radius, Int32(0))]
        for (a, b, behind, ahead) in ends where a != b {
            let lo = x + min(a, b) - behind - 256, hi = x + max(a, b) + ahead + 256
            rects.append(IntRect(coveringQ8: max(lo, x), y, min(hi, x + width), y + height).expanded(by: 1).intersection(bounds))
        }
        return rects
    }
}

/// Draws a bar: the outline's coverage split between track and fill. Where a row lies wholly
/// inside the bar, the straight stretches of track and fill are filled as runs; only the
/// rounded ends of the outline and of the fill are worked out pixel by pixel.
public func drawBar<Layout>(_ canvas: Canvas<Layout>, _ bar: BarShape, clip: IntRect) {
    let area = bar.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty { return }
    let track = Paint<Layout>(bar.track), indicator = Paint<Layout>(bar.indicator)
    if !track.visible && !indicator.visible { return }
    let outline = RoundedOutline(bar.outline)
    let hasFill = bar.fillTo > bar.fillFrom && indicator.visible
    let fill = RoundedOutline(bar.fill)
    // Columns the fill can touch at all; beyond them its share is 0. Its rounded ends are shaded
    // as edges straight across each pixel, which can reach a little past the fill's box.
    let fillFrom = hasFill ? Int32(truncatingIfNeeded: (fill.x0 - EdgeCoverage.reach) >> 8) : area.maxX
    let fillTo = hasFill ? Int32(truncatingIfNeeded: (fill.x1 + EdgeCoverage.reach + 255) >> 8) : area.maxX
    let xStep = canvas.xStep
    /// Columns `a ..< b` of row `y`, shaded pixel by pixel: `straight` tells where the outline
    /// covers the whole pixel, so only the fill's share has to be worked out there.
    @inline(__always)
    func shade(_ a: Int32, _ b: Int32, _ y: Int32, _ top: Int64, straight: (Int32, Int32)) {
        if a >= b { return }
        var p = canvas.address(a, y)
        for x in a..<b {
            let total = x >= straight.0 && x < straight.1 ? 256 : outline.coverage(x: x, rowTop: top)
            if total > 0 {
                let share = hasFill ? min(total, fill.coverage(x: x, rowTop: top)) : 0
                paintShared(p, total: total, share: share, track: track, indicator: indicator)
            }
            p += xStep
        }
    }
    @inline(__always)
    func run(_ paint: Paint<Layout>, _ a: Int32, _ b: Int32, _ y: Int32) {
        if a < b && paint.visible { paint.run(canvas.address(a, y), count: Int(b &- a), step: xStep) }
    }
    for y in area.y..<area.maxY {
        let top = Int64(y) * 256
        // Only a row inside the bar's full height has whole coverage where it is straight.
        if EdgeCoverage.span(left: top, from: outline.y0, to: outline.y1) < 256 {
            shade(area.x, area.maxX, y, top, straight: (area.maxX, area.maxX))
            continue
        }
        let straight = outline.straight(row: top)
        // The straight middle of the row, and the outline's rounded ends either side of it.
        let s0 = max(area.x, min(straight.0, area.maxX)), s1 = max(s0, min(straight.1, area.maxX))
        shade(area.x, s0, y, top, straight: straight)
        shade(s1, area.maxX, y, top, straight: straight)
        // In the middle: track before and after the fill, the fill's own straight part as a run,
        // and its rounded ends shaded.
        let f0 = max(s0, min(fillFrom, s1)), f3 = max(f0, min(fillTo, s1))
        let fillStraight = hasFill ? fill.straight(row: top) : (f0, f0)
        let f1 = max(f0, min(fillStraight.0, f3)), f2 = max(f1, min(fillStraight.1, f3))
        run(track, s0, f0, y)
        shade(f0, f1, y, top, straight: straight)
        run(indicator, f1, f2, y)
        shade(f2, f3, y, top, straight: straight)
        run(track, f3, s1, y)
    }
}
