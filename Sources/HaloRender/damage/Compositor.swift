/// Turns successive display lists into the least drawing that keeps the screen right.
///
/// It remembers the last list it drew; `render` redraws only the damage between that and the
/// new one, each damaged rectangle from the topmost opaque layer that hides everything below.
/// A frame with no damage draws nothing at all.
public struct Compositor {
    public var background: Color
    public private(set) var shown: [Layer]? = nil
    /// Pixels redrawn by the last `render` (the sum of its damage areas).
    public private(set) var lastPixelsTouched: Int64 = 0
    /// The radial shapes of the rings drawn lately, so animating a ring costs only its arc.
    public let ringProfiles = RingProfileCache()

    public init(background: Color) {
        self.background = background
    }

    /// Forgets what is on screen, so the next frame redraws everything (after a mode set, a
    /// theme reload, or when another program drew over the screen).
    public mutating func invalidate() { shown = nil }

    /// Draws `layers` over what was last shown and returns the damage in logical coordinates.
    @discardableResult
    public mutating func render<Layout>(_ layers: [Layer], into canvas: Canvas<Layout>) -> DamageList {
        var damage: DamageList
        if let shown {
            damage = LayerDiff.damage(from: shown, to: layers)
            damage.clip(to: canvas.bounds)
        } else {
            damage = DamageList()
            damage.add(canvas.bounds)
        }
        for rect in damage.rects { redraw(rect, layers, canvas) }
        shown = layers
        lastPixelsTouched = damage.area
        return damage
    }

    func redraw<Layout>(_ rect: IntRect, _ layers: [Layer], _ canvas: Canvas<Layout>) {
        // The topmost layer that hides everything below the rectangle starts it, as one value.
        var first = 0
        var tiles = FlatTiles(rect, Layout.pack(Color(r: background.r, g: background.g, b: background.b)))
        var i = layers.count - 1
        while i >= 0 {
            if layers[i].drawable.opaqueInterior.contains(rect), let colour = layers[i].drawable.solidColor {
                first = i + 1
                tiles = FlatTiles(rect, Layout.pack(colour))
                break
            }
            i -= 1
        }
        for j in first..<layers.count where layers[j].drawable.bounds.intersects(rect) {
            compose(layers[j].drawable, rect, &tiles, canvas)
        }
        tiles.write(rect, into: canvas)
    }

    /// Adds one layer to the rectangle being redrawn: over flat parts as a change of their
    /// value where the layer is uniform there, elsewhere by drawing it.
    func compose<Layout>(_ d: Drawable, _ rect: IntRect, _ tiles: inout FlatTiles, _ canvas: Canvas<Layout>) {
        switch d {
        case .fill(let r, let c):
            let area = r.intersection(rect)
            if area.isEmpty || c.a == 0 { return }
            if c.a == 255 {
                tiles.set(area, Layout.pack(c))
                return
            }
            for part in tiles.uncovered(in: area) { fillRect(canvas, part, c, clip: part) }
            tiles.update(area) { Compositor.blended($0, c, Layout.self) }
        case .roundedRect(let s) where s.strokeWidth == 0:
            let area = s.bounds.intersection(rect)
            let inside = s.coveredInterior.intersection(area)
            // The rim's pixels are each their own: the flat parts under it are written first.
            for part in area.subtracting(inside) {
                tiles.write(part, into: canvas)
                drawRoundedRect(canvas, s, clip: part)
            }
            if inside.isEmpty || s.color.a == 0 { return }
            if s.color.a == 255 {
                tiles.set(inside, Layout.pack(s.color))
                return
            }
            for part in tiles.uncovered(in: inside) { drawRoundedRect(canvas, s, clip: part) }
            tiles.update(inside) { Compositor.blended($0, s.color, Layout.self) }
        default:
            tiles.write(d.bounds.intersection(rect), into: canvas)
            d.draw(into: canvas, clip: rect, profiles: ringProfiles)
        }
    }

    /// The value a pixel holding `value` holds after `colour` is blended over it whole, worked
    /// out by the same code on one pixel of scratch memory.
    @inline(__always)
    static func blended<Layout: PixelLayout>(_ value: UInt32, _ colour: Color, _: Layout.Type) -> UInt32 {
        var scratch: UInt32 = 0
        return withUnsafeMutableBytes(of: &scratch) { pixel in
            let p = pixel.baseAddress!
            Layout.store(value, p)
            Layout.blend(p, colour, packed: Layout.pack(colour), alpha: UInt32(colour.a))
            return Layout.load(p)
        }
    }
}
