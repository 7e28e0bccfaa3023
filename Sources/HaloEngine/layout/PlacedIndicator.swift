import HaloRender

/// Where one indicator and its label go in a placement other than the centre, in logical
/// pixels: worked out by `InlineLayout`, `EdgeLayout` and `ProgressDialogLayout`, drawn by
/// `SceneBuilder`.
struct PlacedIndicator: Equatable {
    /// The indicator's square (circular, spinner) or the bar's rectangle (linear), its stop
    /// icon not included.
    var indicator: IntRect
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
}

extension IntRect {
    /// The rectangle with `d` pixels taken off every side, never narrower or lower than 1 pixel.
    func inset(by d: Int32) -> IntRect {
        IntRect(x: x + d, y: y + d, width: Swift.max(1, width - 2 * d), height: Swift.max(1, height - 2 * d))
    }
}
