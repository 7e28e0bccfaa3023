// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// Joins an engine to a display: each `update` draws only what changed since the last frame
/// and presents only that damage. A frame with nothing to change is not drawn at all.
public final class Screen<Output: Display> {
    public let engine: Engine
    public let display: Output
    // Read and written on every frame, from the daemon's one thread, never re-entered: the
    // run-time exclusivity checks would cost more than deciding that nothing changed.
    @exclusivity(unchecked) public private(set) var compositor: Compositor
    /// Frames drawn so far, and frames skipped because nothing had changed.
    @exclusivity(unchecked) public private(set) var framesDrawn = 0
    @exclusivity(unchecked) public private(set) var framesSkipped = 0
    @exclusivity(unchecked) public private(set) var pixelsTouched: Int64 = 0
    /// A list of layers whose picture is gone, for the next frame's to fill.
    @exclusivity(unchecked) var spareLayers: [Layer] = []
    /// Layers drawn under the engine's: what an app would show under Halo's indicators (the
    /// demo's app screen). Empty on a screen Halo owns alone.
    public var backdrop: [Layer] = [] {
        didSet { compositor.invalidate() }
    }

    /// The display, when it is laid over an app: the background is clear, and the input
    /// region follows the targets.
    let overlay: (any OverlayDisplay)?

    public init(engine: Engine, display: Output) {
        self.engine = engine
        self.display = display
        overlay = (display as? any OverlayDisplay).flatMap { $0.laidOverAnApp ? $0 : nil }
        // Over an app, the app is the background: no logo or picture of the theme hides it.
        if overlay != nil { engine.drawsPictures = false }
        self.compositor = Compositor(background: overlay == nil ? engine.theme.background : .clear)
        prepareRings()
    }

    /// Works out the shapes of the rings the theme draws at the centre, as the engine does its
    /// glyphs: a few hundred thousand instructions at start-up instead of inside the frame
    /// where a customer first sees a ring.
    func prepareRings() {
        for ring in engine.centreRings { compositor.ringProfiles.prepare(ring) }
    }

    /// Brings the display up to date with the engine at `now`; returns the logical damage.
    @discardableResult
    public func update(at now: Instant) throws(DisplayError) -> DamageList {
        // Built in the room of the list shown two frames ago, which no one holds any more.
        var layers: [Layer] = []
        swap(&layers, &spareLayers)
        engine.layers(at: now, into: &layers)
        if !backdrop.isEmpty { layers = backdrop + layers }
        if let shown = compositor.shown, shown == layers {
            framesSkipped += 1
            spareLayers = layers
            return DamageList()
        }
        let before = compositor.shown
        // The compositor drawn in place, not copied: a copy would share its lists' storage,
        // and the frame would allocate new ones.
        let frame = display.drawFrame { target -> DrawnFrame in
            let d = self.compositor.render(layers, into: target)
            // Unrotated, the physical rectangles are the logical ones: share their storage.
            let physical = target.rotation == .none ? d.rects : d.rects.map { target.physicalRect($0) }
            return DrawnFrame(damage: d, physical: physical)
        }
        if let before { spareLayers = before }
        let (damage, physical) = (frame.damage, frame.physical)
        if damage.isEmpty {
            framesSkipped += 1
            return damage
        }
        framesDrawn += 1
        pixelsTouched += damage.area
        // The targets move only when the picture does; the region goes with this frame's commit.
        overlay?.setInputRegion(engine.inputRegion(of: layers, at: now))
        do {
            try display.present(damage: physical)
        } catch {
            // The frame never reached the screen: the next one draws everything, or this
            // frame's damage would be missing from the screen for good.
            compositor.invalidate()
            throw error
        }
        return damage
    }

    /// Redraws everything on the next update (after a theme change, or when another program drew).
    public func invalidate() {
        compositor.background = overlay == nil ? engine.theme.background : .clear
        compositor.invalidate()
        prepareRings()
    }
}

/// What `drawFrame` hands back: the logical damage and the same rectangles on the panel. A
/// named struct, not a tuple: a tuple passed through the generic `drawFrame` has its type
/// built at run time on the first frame, a struct's is laid down by the compiler.
struct DrawnFrame {
    let damage: DamageList
    let physical: [IntRect]
}
