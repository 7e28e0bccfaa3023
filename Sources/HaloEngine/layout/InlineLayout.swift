// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// An indicator fitted into an app-given rectangle (`place=inline` with `region=`): a card, a
/// list row, a tile. All sizes are logical pixels.
///
/// The indicator keeps 4 px clear of the region's edges and takes the theme's size, or less
/// where the region is smaller. A label takes at most two lines of the region's inner width,
/// below the indicator (above a spinner, as at the centre); it gets as many lines as leave the
/// indicator at least `minimumCircle` (a bar: its own height), cut with an ellipsis, and is
/// left out when not even one line does, or when the region is narrower than two letters. A
/// stop (or play) icon needs room for itself and 16 px of bar, or is left out.
/// The guidelines drop labels where space is too constrained; the engine warns the app when
/// it does.
enum InlineLayout {
    static let padding: Int32 = 4
    /// The smallest a ring or spinner shrinks to so that its label can stay.
    static let minimumCircle: Int32 = 24

    /// `lines(width, maxLines)` lays out the label, if there is one, in that width.
    static func place(
        _ kind: IndicatorKind, actionIcon: Bool, hasLabel: Bool, in region: IntRect, theme: Theme, lineHeight: Int32,
        lines: (Int32, Int) -> [String]
    ) -> PlacedIndicator {
        let inner = region.inset(by: padding)
        let gap = theme.labelGap / 2
        let bar = kind == .linear
        // A ring may touch a pixel beyond its diameter (its edge is smoothed), so it keeps one
        // pixel clear of the region even where the padding does not fit.
        let natural =
            bar
            ? min(theme.linearHeight, inner.height)
            : min(
                inner.width, inner.height, region.width - 2, region.height - 2,
                kind == .circular ? theme.circularDiameter : theme.spinnerDiameter)
        let smallest = bar ? natural : min(natural, minimumCircle)
        var placed = PlacedIndicator(indicator: .empty)
        var textHeight: Int32 = 0
        if hasLabel {
            let fit = lineHeight > 0 ? min(Int32(LabelLayout.maximumLines), (inner.height - smallest - gap) / lineHeight) : 0
            if fit >= 1 && inner.width >= 2 * theme.fontSize {
                placed.lines = lines(inner.width, Int(fit))
                textHeight = Int32(placed.lines.count) * lineHeight
            } else {
                placed.labelLeftOut = true
            }
        }
        let withText = textHeight > 0 ? gap + textHeight : 0
        let size = bar ? natural : min(natural, inner.height - withText)
        let top = inner.y + (inner.height - size - withText) / 2
        if bar {
            let withStop = actionIcon && PlacedIndicator.stopFits(barHeight: size, width: inner.width, height: inner.height)
            let stop = withStop ? PlacedIndicator.stopRoom(barHeight: size) : 0
            let width = max(1, min(theme.linearWidth, inner.width - stop))
            placed.indicator = IntRect(x: inner.x + (inner.width - width - stop) / 2, y: top, width: width, height: size)
            if withStop { placed.stop = PlacedIndicator.stop(after: placed.indicator) }
        } else {
            let y = kind == .spinner ? top + withText : top
            // A region under 3 px has no room for any ring: `indicator` stays empty.
            if size >= 1 { placed.indicator = IntRect(x: inner.x + (inner.width - size) / 2, y: y, width: size, height: size) }
        }
        if textHeight > 0 {
            let y = kind == .spinner ? top : top + size + gap
            placed.text = IntRect(x: inner.x, y: y, width: inner.width, height: textHeight)
        }
        return placed
    }
}
