// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A small circular indicator at the top or bottom middle of the screen or of a region
/// (`place=top`, `place=bottom`): content refreshed by pulling it down, or more of a list
/// loading below it. All sizes are logical pixels.
///
/// The indicator is a spinner's size (less in a smaller region). On the screen it keeps the
/// centre's margin from the edge, clear of the network spinner's corner; in a region it keeps
/// up to the label gap. Its label takes one line, cut with an ellipsis, on the inner side (below
/// at the top, above at the bottom), or is left out when the area has no room for it.
enum EdgeLayout {
    /// `onScreen`: the area is the whole screen, not an app's region.
    static func place(
        atTop: Bool, hasLabel: Bool, in area: IntRect, onScreen: Bool, theme: Theme, lineHeight: Int32, lines: (Int32, Int) -> [String]
    ) -> PlacedIndicator {
        // A region too small for the padding gets a ring a pixel clear of its edges (a ring may
        // touch one pixel beyond its diameter); one under 3 px gets none.
        var size = min(theme.spinnerDiameter, area.width - 8, area.height - 8)
        if size < 1 { size = min(area.width, area.height) - 2 }
        if size < 1 { return PlacedIndicator(indicator: .empty, labelLeftOut: hasLabel) }
        let inset = onScreen ? CentreArrangement.margin(theme) : min(theme.labelGap, max(0, (area.height - size) / 2))
        let gap = theme.labelGap / 2
        let y = atTop ? area.y + inset : area.maxY - inset - size
        var placed = PlacedIndicator(indicator: IntRect(x: area.x + (area.width - size) / 2, y: y, width: size, height: size))
        guard hasLabel else { return placed }
        let width = onScreen ? TextRoom.width(.label, theme, screenWidth: area.width) : area.width - 2 * InlineLayout.padding
        // The label keeps the inset from the far edge too (in a region, the inline padding).
        let room = area.height - inset - size - gap - (onScreen ? inset : InlineLayout.padding)
        if room < lineHeight || width < 2 * theme.fontSize {
            placed.labelLeftOut = true
            return placed
        }
        placed.lines = lines(width, 1)
        let top = atTop ? placed.indicator.maxY + gap : placed.indicator.y - gap - lineHeight
        placed.text = IntRect(x: area.x + (area.width - width) / 2, y: top, width: width, height: placed.lines.isEmpty ? 0 : lineHeight)
        return placed
    }

    /// The part of the screen an edge indicator takes from the top (`atTop`) or bottom, kept
    /// free by the centre's arrangement.
    static func reach(_ placed: PlacedIndicator, atTop: Bool) -> Int32 {
        let whole = placed.text.isEmpty ? placed.indicator : placed.indicator.union(placed.text)
        return atTop ? whole.maxY : whole.y
    }
}
