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
        var first = 0
        var i = layers.count - 1
        while i >= 0 {
            if layers[i].drawable.opaqueInterior.contains(rect) {
                first = i
                break
            }
            i -= 1
        }
        if i < 0 { fillRect(canvas, rect, Color(r: background.r, g: background.g, b: background.b), clip: rect) }
        for j in first..<layers.count where layers[j].drawable.bounds.intersects(rect) {
            layers[j].drawable.draw(into: canvas, clip: rect, profiles: ringProfiles)
        }
    }
}
