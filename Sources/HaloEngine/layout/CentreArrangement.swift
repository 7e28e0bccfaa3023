// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// How the activities placed at the centre of the screen share it, so that no two of them, or
/// their labels, ever overlap.
///
/// One activity is drawn as it always was, centred. Several are arranged like a notification
/// shade or a file-copy window: the one that matters most (`Lead`: determinate
/// circular and linear indicators before spinners, the newest first) at full size, and the
/// others below it as compact rows, each a small indicator with its label on one line, in the
/// order they started so that rows do not jump. Progress toasts (`place=toast`) follow the
/// rows, in boxes of their own, placed under the middle where a timed toast appears when the
/// room allows. What does not fit is counted in a last row, "and N more". When the leading
/// indicator and two more items do not fit, every activity is a row. The group is centred
/// between margins that keep it clear of the network spinner's corner and of the indicators at
/// the screen's top and bottom edges. All sizes are logical pixels.
struct CentreArrangement {
    enum Slot: Equatable {
        /// Drawn at full size, the top of its picture (label included) at `top`.
        case full(top: Int32)
        /// A compact row filling `row`.
        case row(IntRect)
        /// Not drawn: counted in the "and N more" row.
        case hidden
    }

    /// Where each activity of the group goes, by serial; an activity not listed is drawn as
    /// a single one would be.
    var slots = SlotTable()
    /// The row that counts the activities left out, and how many.
    var more: (row: IntRect, count: Int)? = nil

    /// Space between rows, and between the full-size indicator and the first row.
    static let rowGap: Int32 = 4

    /// The height of a compact row for a theme: one line of label text with a little air.
    static func rowHeight(lineHeight: Int32) -> Int32 { max(lineHeight, 12) + 8 }

    /// Space kept free at the top and bottom: the network spinner's corner.
    static func margin(_ theme: Theme) -> Int32 { theme.networkMargin + theme.networkDiameter + 4 }

    /// The rows' width on a screen `width` wide.
    static func rowWidth(_ theme: Theme, screenWidth: Int32) -> Int32 { max(1, min(screenWidth - 32, max(theme.linearWidth, 240))) }

    /// The part of the screen's height the arrangement uses: between the margins, and clear of
    /// the edge indicators' `reach` (`EdgeLayout.reach`, nil without any).
    static func band(height: Int32, edges: (top: Int32, bottom: Int32)?, theme: Theme) -> (top: Int32, bottom: Int32) {
        let margin = margin(theme)
        // Half a label gap from an edge indicator: as much as a label keeps from its own.
        let gap = theme.labelGap / 2
        return (max(margin, (edges?.top ?? 0) + gap), min(height - margin, (edges?.bottom ?? height) - gap))
    }

    /// Arranges `group` (the centre's visible activities) and `toasts` (the visible progress
    /// toasts, `place=toast`) on a screen `width`×`height`. `fullHeight(a)` is the height of `a`
    /// drawn at full size with its label. `edges` are the top and bottom strips' reach when an
    /// indicator stands at the screen's top or bottom edge (`EdgeLayout.reach`), kept free.
    static func arrange(
        _ group: [Activity], toasts: [Activity] = [], width: Int32, height: Int32, edges: (top: Int32, bottom: Int32)? = nil, theme: Theme,
        lineHeight: Int32, fullHeight: (Activity) -> Int32
    ) -> CentreArrangement {
        var result = CentreArrangement()
        let lead = Lead.of(group)
        if lead == nil && toasts.isEmpty { return result }
        let (bandTop, bandBottom) = band(height: height, edges: edges, theme: theme)
        let available = max(0, bandBottom - bandTop)
        let leadHeight = lead.map(fullHeight) ?? 0
        if group.count == 1 && toasts.isEmpty && edges == nil && leadHeight <= height {
            return result  // as a single indicator always was: centred on the screen
        }
        let rowH = rowHeight(lineHeight: lineHeight), gap = rowGap
        let toastH = ProgressToastLayout.height(theme, lineHeight: lineHeight)
        let others = group.filter { $0.serial != lead?.serial }.sorted { $0.serial < $1.serial }
        // Rows first, in the order they started, then the progress toasts.
        let failedToastH = ProgressToastLayout.height(theme, lineHeight: lineHeight, lines: LabelLayout.maximumLines)
        let items =
            others.map { ($0, rowH) }
            + toasts.sorted { $0.serial < $1.serial }.map { ($0, ProgressToastLayout.labelLines($0) > 1 ? failedToastH : toastH) }
        // The leading indicator keeps its full size only if two more items (or all of them, if
        // fewer) still fit beside it: a big ring over a lone "and 6 more" tells less than rows.
        let beside = items.prefix(2).reduce(Int32(0)) { $0 + $1.1 + gap }
        let leadFull = lead != nil && leadHeight + (beside == 0 ? 0 : theme.labelGap + beside - gap) <= available
        // As a row, the leading activity comes first, so it is never the one left out.
        let listed = leadFull || lead == nil ? items : [(lead!, rowH)] + items
        let room = leadFull ? available - leadHeight - theme.labelGap : available
        // The longest run of items that fits, keeping room for the "and N more" row when some
        // are left out; at least one item (a lone row, or the count of them all).
        var shown = 0, used: Int32 = 0
        for (i, item) in listed.enumerated() {
            let next = used + (i == 0 ? 0 : gap) + item.1
            let counting: Int32 = i + 1 < listed.count ? gap + rowH : 0
            // A lone row is drawn even where it does not fit, as it always was; a lone toast that
            // does not fit is counted instead, in a row.
            guard next + counting <= room || (listed.count == 1 && item.1 == rowH) else { break }
            shown += 1
            used = next
        }
        let hidden = listed.count - shown
        let heights = listed.prefix(shown).map(\.1) + (hidden > 0 ? [rowH] : [])
        let stacked = heights.reduce(Int32(0), +) + Int32(max(0, heights.count - 1)) * gap
        let total = (leadFull ? leadHeight + (heights.isEmpty ? 0 : theme.labelGap) : 0) + stacked
        var y = bandTop + (available - total) / 2
        if total > available {
            y = max(0, (height - total) / 2)
        } else if let first = listed.prefix(shown).firstIndex(where: { $0.0.placement == .toast }) {
            // Progress toasts start below the place of a timed toast, as far as the band allows.
            let above = (leadFull ? leadHeight + theme.labelGap : 0) + listed.prefix(first).reduce(Int32(0)) { $0 + $1.1 + gap }
            let wanted = (height + ProgressToastLayout.timedToastHeight(theme, lineHeight: lineHeight)) / 2 + gap - above
            y = min(max(wanted, bandTop), bandTop + available - total)
        }
        if leadFull, let lead {
            result.slots[lead.serial] = .full(top: y)
            y += leadHeight + theme.labelGap
        }
        let rowWidth = rowWidth(theme, screenWidth: width), toastWidth = ProgressToastLayout.width(theme, screenWidth: width)
        for (a, h) in listed.prefix(shown) {
            let w = a.placement == .toast ? toastWidth : rowWidth
            result.slots[a.serial] = .row(IntRect(x: (width - w) / 2, y: y, width: w, height: h))
            y += h + gap
        }
        for (a, _) in listed.dropFirst(shown) { result.slots[a.serial] = .hidden }
        if hidden > 0 { result.more = (IntRect(x: (width - rowWidth) / 2, y: y, width: rowWidth, height: rowH), hidden) }
        return result
    }
}
