// SPDX-License-Identifier: Apache-2.0
/// Turns successive display lists into the least drawing that keeps the screen right.
///
/// It remembers the last list it drew; `render` redraws only the damage between that and the
/// new one, each damaged rectangle from the topmost opaque layer that hides everything below.
/// A frame with no damage draws nothing at all.
public struct Compositor {
    /// Drawn opaque, whatever its alpha, in every layout but a premultiplied one, where a
    /// clear background leaves the app under the frame to be seen.
    public var background: Color
    public private(set) var shown: [Layer]? = nil
    /// The radial shapes of the rings drawn lately, so animating a ring costs only its arc.
    public let ringProfiles = RingProfileCache()
    /// The last frame's damage list, emptied and filled again: its room is allocated once.
    var recycledDamage = DamageList()
    /// The flat parts' lists, kept for their room likewise.
    var recycledTiles = FlatTiles(.empty, 0)

    public init(background: Color) {
        self.background = background
        _ = Compositor.arrayTypesMade
    }

    /// The array types every frame allocates (damage and flat-part rectangles, their values,
    /// the layer list), each allocated once when the first compositor is made. The Swift
    /// runtime builds a generic type's metadata the first time it is needed, some 11,000
    /// instructions for each of these under callgrind; at start-up that costs nothing anyone
    /// sees, inside the first indicator's frame it is a hitch.
    static let arrayTypesMade: Bool = {
        var rects: [IntRect] = []
        var values: [UInt32] = []
        var layers: [Layer] = []
        rects.reserveCapacity(1)
        values.reserveCapacity(1)
        layers.reserveCapacity(1)
        return rects.capacity + values.capacity + layers.capacity > 0
    }()

    /// Forgets what is on screen, so the next frame redraws everything (after a mode set, a
    /// theme reload, or when another program drew over the screen).
    public mutating func invalidate() { shown = nil }

    /// Draws `layers` over what was last shown and returns the damage in logical coordinates.
    @discardableResult
    public mutating func render<Layout>(_ layers: [Layer], into canvas: Canvas<Layout>) -> DamageList {
        var damage = DamageList()
        swap(&damage, &recycledDamage)
        damage.removeAll()
        if let shown {
            LayerDiff.addDamage(from: shown, to: layers, into: &damage)
            damage.clip(to: canvas.bounds)
        } else {
            damage.add(canvas.bounds)
        }
        // Most frames have no translucent fill or box at all: then no rectangle needs flat parts.
        let translucent = layers.contains { Compositor.blendsFlat($0.drawable, canvas.bounds) }
        for rect in damage.rects { redraw(rect, layers, canvas, translucent: translucent) }
        shown = layers
        recycledDamage = damage
        return damage
    }

    mutating func redraw<Layout>(_ rect: IntRect, _ layers: [Layer], _ canvas: Canvas<Layout>, translucent: Bool) {
        // The topmost layer that hides everything below the rectangle is where drawing starts.
        var first = 0
        var i = layers.count - 1
        while i >= 0 {
            if layers[i].drawable.opaqueInterior.contains(rect) {
                first = i
                break
            }
            i -= 1
        }
        // Keeping flat parts as values pays where a translucent layer lies over them; a rectangle
        // with none (a spinner's arc moving, a bar's end) is drawn straight.
        if !translucent || !layers[first...].contains(where: { Compositor.blendsFlat($0.drawable, rect) }) {
            if i < 0 { fillPacked(canvas, rect, Layout.packBackground(background)) }
            // The one colour the whole rectangle holds before the layers above the start go on.
            let ground = i < 0 ? Layout.packBackground(background) : layers[i].drawable.solidColor.map { Layout.pack($0) }
            for j in first..<layers.count where layers[j].drawable.bounds.intersects(rect) {
                if Layout.bytesPerPixel != 4, let ground {
                    // A ring or a bar that nothing drawn before it overlaps lies on the ground
                    // colour, and blends its edges over it from a memo.
                    func under(_ bounds: IntRect) -> UInt32? {
                        let area = bounds.intersection(rect)
                        return layers[(i + 1)..<j].contains { $0.drawable.bounds.intersects(area) } ? nil : ground
                    }
                    switch layers[j].drawable {
                    case .ring(let ring):
                        drawRing(canvas, ring, clip: rect, profiles: ringProfiles, over: under(ring.bounds))
                        continue
                    case .bar(let bar):
                        drawBar(canvas, bar, clip: rect, over: under(bar.bounds))
                        continue
                    default: break
                    }
                }
                layers[j].drawable.draw(into: canvas, clip: rect, profiles: ringProfiles)
            }
            return
        }
        var tiles: FlatTiles
        if i >= 0, let colour = layers[i].drawable.solidColor {
            tiles = FlatTiles(rect, Layout.pack(colour), reusing: &recycledTiles)
            first = i + 1
        } else {
            tiles = FlatTiles(rect, Layout.packBackground(background), reusing: &recycledTiles)
        }
        for j in first..<layers.count where layers[j].drawable.bounds.intersects(rect) {
            compose(layers[j].drawable, rect, &tiles, canvas)
        }
        tiles.write(rect, into: canvas)
        tiles.giveBack(to: &recycledTiles)
    }

    /// From this many pixels on, a mask over one colour pays for its table of 255 blends.
    static let tabledMaskArea: Int64 = 512

    /// Whether `d` is translucent and uniform over part of `rect`: a dimming fill, or the
    /// inside of a translucent box.
    static func blendsFlat(_ d: Drawable, _ rect: IntRect) -> Bool {
        switch d {
        case .fill(let r, let c): return c.a != 0 && c.a != 255 && r.intersects(rect)
        case .roundedRect(let s):
            if s.strokeWidth != 0 || s.color.a == 0 || s.color.a == 255 { return false }
            let bands = s.coveredBands
            return bands.0.intersects(rect) || bands.1.intersects(rect) || bands.2.intersects(rect)
        case .ring, .bar, .capsule, .mask, .image: return false
        }
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
            tiles.forEachUncovered(in: area) { part in fillRect(canvas, part, c, clip: part) }
            tiles.update(area) { Paint<Layout>.blended($0, c) }
        case .roundedRect(let s) where s.strokeWidth == 0:
            let area = s.bounds.intersection(rect)
            let bands = s.coveredBands
            let inside = (bands.0.intersection(area), bands.1.intersection(area), bands.2.intersection(area))
            // The rim's pixels are each their own: the flat parts under it are written first.
            area.forEachPiece(outside: inside.0) { a in
                a.forEachPiece(outside: inside.1) { b in
                    b.forEachPiece(outside: inside.2) { rim in
                        let under = s.color.a == 255 ? nil : tiles.value(covering: rim)
                        tiles.write(rim, into: canvas)
                        drawRoundedRect(canvas, s, clip: rim, over: under, profiles: ringProfiles)
                    }
                }
            }
            if s.color.a == 0 { return }
            // The three bands one by one: an array of them would be allocated every frame.
            for k in 0..<3 {
                let band = k == 0 ? inside.0 : k == 1 ? inside.1 : inside.2
                if band.isEmpty { continue }
                if s.color.a == 255 {
                    tiles.set(band, Layout.pack(s.color))
                } else {
                    tiles.forEachUncovered(in: band) { part in drawRoundedRect(canvas, s, clip: part, profiles: ringProfiles) }
                    tiles.update(band) { Paint<Layout>.blended($0, s.color) }
                }
            }
        case .mask(let m) where m.bounds.intersection(rect).area >= Compositor.tabledMaskArea:
            // Text over one colour: each coverage's blend is worked out once.
            let area = m.bounds.intersection(rect)
            let under = tiles.value(covering: area)
            tiles.write(area, into: canvas)
            if let under { drawMask(canvas, m, clip: rect, over: under) } else { drawMask(canvas, m, clip: rect) }
        case .ring(let ring):
            // A ring over one colour (the background, a box) blends its rim over it from a memo.
            let area = ring.bounds.intersection(rect)
            let under = tiles.value(covering: area)
            tiles.write(area, into: canvas)
            drawRing(canvas, ring, clip: rect, profiles: ringProfiles, over: under)
        case .bar(let bar):
            let area = bar.bounds.intersection(rect)
            let under = tiles.value(covering: area)
            tiles.write(area, into: canvas)
            drawBar(canvas, bar, clip: rect, over: under)
        default:
            tiles.write(d.bounds.intersection(rect), into: canvas)
            d.draw(into: canvas, clip: rect, profiles: ringProfiles)
        }
    }
}
