// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Where one indicator and its label go in a placement other than the centre, in logical
/// pixels: worked out by `InlineLayout`, `EdgeLayout` and `ProgressDialogLayout`, drawn by
/// `SceneBuilder`.
struct PlacedIndicator: Equatable {
    /// The indicator's square (circular, spinner) or the bar's rectangle (linear), its stop
    /// icon not included.
    var indicator: IntRect
    /// A running cancellable bar's stop icon, or a paused bar's play icon, when there is room
    /// for it after the bar.
    var stop: IntRect? = nil
    /// The label's lines, each centred in `text`; empty when there is no label or no room.
    var lines: [String] = []
    /// The rectangle the lines fill (only its top, middle and height matter when empty).
    var text: IntRect = .empty
    /// True when a label was given and there was no room to draw it.
    var labelLeftOut = false

    /// The stop icon of a cancellable bar, at the bar's right end: a square as tall as twice
    /// the bar, 12 px after it. Its width plus the space before it is what the bar gives up.
    static func stopSize(barHeight: Int32) -> Int32 { max(8, barHeight * 2) }
    static func stopRoom(barHeight: Int32) -> Int32 { stopSize(barHeight: barHeight) + 12 }

    /// Whether a bar `barHeight` high with a stop icon fits in `width`×`height`, leaving the
    /// bar at least 16 px.
    static func stopFits(barHeight: Int32, width: Int32, height: Int32) -> Bool {
        width >= stopRoom(barHeight: barHeight) + 16 && height >= stopSize(barHeight: barHeight)
    }

    /// The stop icon after a bar at `bar`.
    static func stop(after bar: IntRect) -> IntRect {
        let size = stopSize(barHeight: bar.height)
        return IntRect(x: bar.maxX + 12, y: bar.y + (bar.height - size) / 2, width: size, height: size)
    }
}

extension IntRect {
    /// The rectangle with `d` pixels taken off every side; a side too short for that keeps its
    /// middle pixel (or two), so the result always lies inside.
    func inset(by d: Int32) -> IntRect {
        let dx = Swift.min(d, Swift.max(0, (width - 1) / 2)), dy = Swift.min(d, Swift.max(0, (height - 1) / 2))
        return IntRect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
}
