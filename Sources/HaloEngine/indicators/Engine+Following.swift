// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What follows the activities as they come and go: the centre's places (`CentreGlide`), the
/// dimming of an overlay fading out after its activity left, and how many lines a text takes.
extension Engine {
    /// `a`, which dims the screen or a region, leaves at its `removeAt`: its overlay fades out
    /// from the opacity it had then. Not when it was never seen, or when another modal's
    /// dimming covers the screen anyway.
    func startOverlayFade(_ a: Activity) {
        guard let gone = a.removeAt, gone > a.visibleFrom, a.motion != .none else { return }
        if a.dimsAsModal && activities.contains(where: { $0.serial != a.serial && $0.dimsAsModal && $0.isVisible(at: gone) }) {
            return
        }
        let full = OverlayFade.fadingIn(theme.overlayOpacity, since: a.visibleFrom, at: gone)
        let rect = a.overlayRect(width: screenWidth, height: screenHeight)
        if overlayFades.count >= OverlayFade.capacity { overlayFades.removeFirst() }
        overlayFades.append(OverlayFade(key: LayerKey.activity(a.serial), rect: rect, onTop: a.dimsAsModal, from: full, start: gone))
    }

    /// Sets the centre's glide to the places the arrangement gives at `moment`.
    func followCentre(at moment: Instant) {
        // The usual case, checked in place: one bare indicator (no text) standing alone at rest
        // in the middle, where it stays; every progress command of a plain ring or bar ends here.
        var count = 0, single = 0
        for i in activities.indices where activities[i].isVisible(at: moment) && SceneBuilder.shapesCentre(activities[i]) {
            count += 1
            single = i
            if count > 1 { break }
        }
        if count == 1 && activities[single].placement == .center && activities[single].label == nil && activities[single].showValue != true
            && centreGlide.to.count == 1
            && centreGlide.to[activities[single].serial] == screenHeight && !centreGlide.isMoving(at: moment)
            && SceneBuilder(engine: self, now: moment).fitsBare(activities[single].kind)
        {
            centreFollowedUntil = max(centreFollowedUntil, moment)
            return
        }
        var builder = SceneBuilder(engine: self, now: moment)
        let visible = activities.filter { $0.isVisible(at: moment) }
        builder.arrange(visible)
        var targets: [UInt32: Int32] = [:]
        for a in visible {
            if let line = builder.centreLine(a) { targets[a.serial] = line }
        }
        centreGlide.retarget(targets, changedAt: moment)
        // With less motion, places change at once.
        if policy.motion != .full { centreGlide.from = centreGlide.to }
        centreFollowedUntil = max(centreFollowedUntil, moment)
    }

    /// How many lines `text` would take as a label (or a toast) on this screen, before cutting.
    public func lineCount(of text: String, toast: Bool) -> Int {
        let size = toast ? theme.toastFontSize : theme.fontSize
        let width = TextRoom.width(toast ? .toast : .label, theme, screenWidth: screenWidth)
        return LabelLayout.lines(text, maxWidth: width, maxLines: 99) { labels.width($0, size: size) }.lines.count
    }
}
