// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Where a person can tap, read from a scene's layers: their keys say which activity and part
/// each is (`LayerKey`), so a target is exactly where its picture was drawn.
///
/// - A running activity's stop icon, or its play icon while paused: the icon's square, grown
///   to at least 44 px however small the icon is drawn.
/// - A running activity that may be paused or cancelled: its whole picture (ring or bar,
///   icon, box), which opens the choice.
/// - While a choice is open: its buttons, and behind them the whole screen, which closes it.
///
/// Topmost first; nothing under a modal overlay (a checkout, a dialog) can be tapped, and
/// nothing at all while a prompt waits for a typed answer.
enum TapTargets {
    /// The least width and height of a target, in pixels: a fingertip.
    static let smallest: Int32 = 44

    static func find(in layers: [Layer], engine: Engine, at now: Instant) -> [TapRecognizer.Target] {
        if engine.prompt != nil { return [] }
        var bounds: [UInt32: IntRect] = [:]
        for l in layers where !l.drawable.bounds.isEmpty {
            bounds[l.key] = bounds[l.key].map { $0.union(l.drawable.bounds) } ?? l.drawable.bounds
        }
        if let choice = engine.choice {
            var targets: [TapRecognizer.Target] = []
            for i in choice.options.indices {
                if let r = bounds[LayerKey.choiceButton(i)] {
                    targets.append(TapRecognizer.Target(key: LayerKey.choiceButton(i), rect: r, appearedAt: choice.openedAt))
                }
            }
            let screen = IntRect(x: 0, y: 0, width: engine.screenWidth, height: engine.screenHeight)
            targets.append(TapRecognizer.Target(key: LayerKey.choiceElsewhere, rect: screen, appearedAt: choice.openedAt))
            return targets
        }
        var targets: [TapRecognizer.Target] = []
        let drawn = engine.activities.filter { $0.isVisible(at: now) && bounds[LayerKey.activity($0.serial)] != nil }
        for a in drawn.sorted(by: { ($0.layer, $0.serial) > ($1.layer, $1.serial) }) {
            if a.outcome == nil && a.removeAt == nil {
                if a.showsActionIcon, let (key, icon) = iconTarget(a, bounds) {
                    targets.append(TapRecognizer.Target(key: key, rect: icon, appearedAt: a.visibleFrom))
                }
                if a.pausable || a.cancellable {
                    targets.append(
                        TapRecognizer.Target(key: LayerKey.activity(a.serial), rect: picture(a, bounds), appearedAt: a.visibleFrom))
                }
            }
            if a.dimsAsModal { break }
        }
        return targets
    }

    /// The icon's key and its target: the stop icon's part, after the picture's own parts or
    /// those of the indicator inside its box or toast, with a play icon's other two strokes.
    static func iconTarget(_ a: Activity, _ bounds: [UInt32: IntRect]) -> (UInt32, IntRect)? {
        let base = LayerKey.activity(a.serial)
        let group = bounds[base + .inner + .stop] != nil ? base + .inner : base
        guard var rect = bounds[group + .stop] else { return nil }
        if a.pausedAt != nil {
            for part in [LayerKey.Part.second, .third] { if let r = bounds[group + part] { rect = rect.union(r) } }
        }
        return (group + .stop, grown(rect))
    }

    /// Everything `a` draws but its label.
    static func picture(_ a: Activity, _ bounds: [UInt32: IntRect]) -> IntRect {
        let base = LayerKey.activity(a.serial)
        var rect = IntRect.empty
        for part in 0..<LayerKey.Part.label.rawValue {
            if let r = bounds[base &+ part] { rect = rect.isEmpty ? r : rect.union(r) }
        }
        return grown(rect)
    }

    /// `r` grown about its centre to at least `smallest` each way.
    static func grown(_ r: IntRect) -> IntRect {
        let w = max(r.width, smallest), h = max(r.height, smallest)
        return IntRect(x: r.x - (w - r.width) / 2, y: r.y - (h - r.height) / 2, width: w, height: h)
    }
}
