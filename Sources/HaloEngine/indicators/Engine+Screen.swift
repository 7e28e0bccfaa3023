// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The screen the engine lays out for: its layers and when they next change, the activities
/// on it, its size, which can change under a running daemon, and the theme's pictures placed
/// for it.
extension Engine {
    /// Lays out for a screen of another size from `now` on (the daemon moved from a firmware
    /// framebuffer to a native driver whose mode differs). Activities keep their state and
    /// animation; the centre's places change at once rather than gliding across the new screen.
    public func resize(screenWidth width: Int32, screenHeight height: Int32, at now: Instant) {
        guard width != screenWidth || height != screenHeight else { return }
        screenWidth = max(1, width)
        screenHeight = max(1, height)
        placePictures()
        centreGlide = CentreGlide()
        followCentre(at: now)
        centreGlide.from = centreGlide.to
    }

    /// The screen at `now`, bottom layer first.
    public func layers(at now: Instant) -> [Layer] {
        expire(at: now)
        var builder = SceneBuilder(engine: self, now: now)
        return builder.build()
    }

    /// When the picture next changes with no further command: `now` while anything animates,
    /// a later moment for a pending show or a timed removal, nil when the screen is still.
    public func nextChange(after now: Instant) -> Instant? {
        if centreGlide.isMoving(at: now) { return now }
        if overlayFades.contains(where: { $0.opacity(at: now) != nil }) { return now }
        var best: Instant? = toasts.nextChange(after: now)
        if let c = choice, now < c.closesAt { best = c.closesAt }
        for a in activities {
            if let t = a.nextChange(after: now) { best = best.map { min($0, t) } ?? t }
        }
        return best
    }

    /// Ids of activities on screen at `now` (past their show delay, not yet removed).
    public func visibleIDs(at now: Instant) -> [String] {
        expire(at: now)
        return activities.filter { $0.isVisible(at: now) }.map(\.id)
    }

    /// Ids of activities that exist at `now`, shown or still waiting for their show delay.
    public func activityIDs(at now: Instant) -> [String] {
        expire(at: now)
        return activities.map(\.id)
    }

    /// Whether `visible` and `existing` are still `visibleIDs(at:)` and `activityIDs(at:)`,
    /// in order. The daemon asks every frame; answering builds and frees no list of strings.
    public func idsUnchanged(visible: [String], existing: [String], at now: Instant) -> Bool {
        expire(at: now)
        guard activities.count == existing.count else { return false }
        var shown = 0
        for (k, a) in activities.enumerated() {
            guard a.id == existing[k] else { return false }
            if a.isVisible(at: now) {
                guard shown < visible.count, a.id == visible[shown] else { return false }
                shown += 1
            }
        }
        return shown == visible.count
    }

    /// `layers(at:)` built in the room of `list`, which the caller drew from before and no one
    /// else holds: a frame then allocates nothing for its list of layers (libhalo).
    public func layers(at now: Instant, into list: inout [Layer]) {
        expire(at: now)
        var builder = SceneBuilder(engine: self, now: now)
        swap(&builder.layers, &list)
        builder.layers.removeAll(keepingCapacity: true)
        list = builder.build()
    }

    /// Scales and places the theme's pictures for the screen, once, not per frame: again only
    /// when what they depend on changed.
    func placePictures() {
        if theme.logo == nil && theme.backgroundImage == nil || !drawsPictures {
            if pictures.inputs != nil { pictures = ThemePictures() }
            return
        }
        let inputs = ThemePictures.Inputs(theme, width: screenWidth, height: screenHeight)
        if inputs != pictures.inputs { pictures = ThemePictures(inputs) }
    }
}
