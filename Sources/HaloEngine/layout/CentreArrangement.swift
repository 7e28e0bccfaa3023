import HaloRender

/// How the activities placed at the centre of the screen share it, so that no two of them, or
/// their labels, ever overlap.
///
/// One activity is drawn as it always was, centred. Several are arranged like a notification
/// shade or a file-copy window: the one that matters most (the LED ring's rule: determinate
/// circular and linear indicators before spinners, the newest first) at full size, and the
/// others below it as compact rows, each a small indicator with its label on one line, in the
/// order they started so that rows do not jump. Rows that do not fit are counted in a last row,
/// "and N more". When the leading indicator and two rows do not fit, every activity is a row. The group is centred between margins that keep it clear of the network spinner's
/// corner. All sizes are logical pixels.
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
    var slots: [UInt32: Slot] = [:]
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

    /// Arranges `group` (the centre's visible activities) on a screen `width`×`height`.
    /// `fullHeight(a)` is the height of `a` drawn at full size with its label.
    static func arrange(
        _ group: [Activity], width: Int32, height: Int32, theme: Theme, lineHeight: Int32, fullHeight: (Activity) -> Int32
    ) -> CentreArrangement {
        var result = CentreArrangement()
        guard let lead = LedRingScene.leading(group) else { return result }
        let margin = margin(theme)
        let available = max(0, height - 2 * margin)
        let leadHeight = fullHeight(lead)
        if group.count == 1 && leadHeight <= height {
            return result  // as a single indicator always was: centred on the screen
        }
        let rowH = rowHeight(lineHeight: lineHeight), gap = rowGap
        let rowsIn = { (h: Int32) -> Int in h < rowH ? 0 : Int((h + gap) / (rowH + gap)) }
        let others = group.filter { $0.serial != lead.serial }.sorted { $0.serial < $1.serial }
        // The leading indicator keeps its full size only if two rows (or all the others, if
        // fewer) still fit beside it: a big ring over a lone "and 6 more" tells less than rows.
        let rowsBeside = Int32(min(others.count, 2))
        let leadFull = leadHeight + (rowsBeside == 0 ? 0 : theme.labelGap + rowsBeside * (rowH + gap) - gap) <= available
        // As rows, the leading activity comes first, so it is never the one left out.
        let rowed = leadFull ? others : [lead] + others
        let capacity = max(1, rowsIn(leadFull ? available - leadHeight - theme.labelGap : available))
        let shown = rowed.count <= capacity ? rowed : Array(rowed.prefix(capacity - 1))
        let hidden = rowed.count - shown.count
        let rows = Int32(shown.count + (hidden > 0 ? 1 : 0))
        let rowsHeight = rows == 0 ? 0 : rows * rowH + (rows - 1) * gap
        let total = (leadFull ? leadHeight + (rows > 0 ? theme.labelGap : 0) : 0) + rowsHeight
        var y = margin + (available - total) / 2
        if total > available { y = max(0, (height - total) / 2) }
        if leadFull {
            result.slots[lead.serial] = .full(top: y)
            y += leadHeight + theme.labelGap
        }
        let rowWidth = rowWidth(theme, screenWidth: width)
        let x = (width - rowWidth) / 2
        for a in shown {
            result.slots[a.serial] = .row(IntRect(x: x, y: y, width: rowWidth, height: rowH))
            y += rowH + gap
        }
        for a in rowed.dropFirst(shown.count) { result.slots[a.serial] = .hidden }
        if hidden > 0 { result.more = (IntRect(x: x, y: y, width: rowWidth, height: rowH), hidden) }
        return result
    }

}
