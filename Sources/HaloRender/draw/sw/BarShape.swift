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

    /// Damage when only the fill moved: the columns around each end that moved.
    func damage(from old: BarShape) -> [IntRect] {
        var rects: [IntRect] = []
        let reach = radius + 512
        for (a, b) in [(old.fillFrom, fillFrom), (old.fillTo, fillTo)] where a != b {
            let lo = x + min(a, b) - reach, hi = x + max(a, b) + reach
            rects.append(IntRect(coveringQ8: max(lo, x), y, min(hi, x + width), y + height).expanded(by: 1).intersection(bounds))
        }
        return rects
    }
}

/// Draws a bar: the outline's coverage split between track and fill.
public func drawBar<Layout>(_ canvas: Canvas<Layout>, _ bar: BarShape, clip: IntRect) {
    let area = bar.bounds.intersection(clip).intersection(canvas.bounds)
    if area.isEmpty { return }
    let track = Paint<Layout>(bar.track), indicator = Paint<Layout>(bar.indicator)
    if !track.visible && !indicator.visible { return }
    let outline = RoundedOutline(bar.outline)
    let hasFill = bar.fillTo > bar.fillFrom && indicator.visible
    let fill = RoundedOutline(bar.fill)
    for y in area.y..<area.maxY {
        let top = Int64(y) * 256
        var p = canvas.address(area.x, y)
        for x in area.x..<area.maxX {
            let total = outline.coverage(x: x, rowTop: top)
            if total > 0 {
                let share = hasFill ? min(total, fill.coverage(x: x, rowTop: top)) : 0
                paintShared(p, total: total, share: share, track: track, indicator: indicator)
            }
            p += canvas.xStep
        }
    }
}
