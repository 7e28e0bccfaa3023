// SPDX-License-Identifier: Apache-2.0
/// Draws display lists over a picture that is not Halo's: the frame of an app that owns the
/// screen and lets Halo draw on it (libhalo).
///
/// Unlike `Compositor`, it never paints a background: under the layers lies whatever the app
/// drew. Its pixels cannot be brought back once a layer covered them, so the app repaints
/// where Halo's picture changes (`changes`) before Halo draws again (`draw`).
public struct AppFrameCompositor {
    /// The list last drawn over the frame; nil when the frame holds none of Halo's pixels.
    public private(set) var shown: [Layer]? = nil
    public let ringProfiles = RingProfileCache()

    public init() {}

    /// Adds to `damage` where the picture `layers` differs from the one last drawn: everything
    /// it covers when the frame holds none of Halo's pixels yet, since those must be drawn
    /// whole. Clipped to `bounds`.
    public func changes(to layers: [Layer], within bounds: IntRect, into damage: inout DamageList) {
        if let shown {
            LayerDiff.addDamage(from: shown, to: layers, into: &damage)
        } else {
            for layer in layers { damage.add(layer.drawable.bounds) }
        }
        damage.clip(to: bounds)
    }

    /// The frame no longer holds Halo's pixels (the app drew all of it, or another buffer).
    public mutating func forget() { shown = nil }

    /// Draws `layers` over the frame inside every rectangle of `damage`, which must hold the
    /// app's own picture there, and remembers them as shown. Returns the list shown before,
    /// for its storage to be used again.
    @discardableResult
    public mutating func draw(_ layers: [Layer], over target: RenderTarget, in damage: DamageList) -> [Layer]? {
        switch target.format {
        case .xrgb8888: draw(layers, over: target.canvas(XRGB8888.self), in: damage)
        case .argb8888: draw(layers, over: target.canvas(ARGB8888.self), in: damage)
        case .xbgr8888: draw(layers, over: target.canvas(XBGR8888.self), in: damage)
        case .abgr8888: draw(layers, over: target.canvas(ABGR8888.self), in: damage)
        case .rgb565: draw(layers, over: target.canvas(RGB565.self), in: damage)
        case .bgr565: draw(layers, over: target.canvas(BGR565.self), in: damage)
        case .rgb888: draw(layers, over: target.canvas(RGB888.self), in: damage)
        case .bgr888: draw(layers, over: target.canvas(BGR888.self), in: damage)
        case .premultipliedARGB8888: draw(layers, over: target.canvas(PremultipliedARGB8888.self), in: damage)
        }
        let before = shown
        shown = layers
        return before
    }

    func draw<Layout>(_ layers: [Layer], over canvas: Canvas<Layout>, in damage: DamageList) {
        for rect in damage.rects {
            let area = rect.intersection(canvas.bounds)
            if area.isEmpty { continue }
            // Below the topmost layer that hides the whole rectangle nothing shows.
            var first = layers.count - 1
            while first > 0 && !layers[first].drawable.opaqueInterior.contains(area) { first -= 1 }
            if first < 0 { continue }
            for j in first..<layers.count where layers[j].drawable.bounds.intersects(area) {
                layers[j].drawable.draw(into: canvas, clip: area, profiles: ringProfiles)
            }
        }
    }
}
