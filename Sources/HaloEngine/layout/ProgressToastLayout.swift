// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A progress toast (`place=toast`): a box styled as a toast, its label on one line at the top
/// and a bar across the bottom, staying until the work ends. The centre's arrangement stacks
/// them under the place where timed toasts appear, so a timed toast never hides one. All sizes
/// are logical pixels.
enum ProgressToastLayout {
    /// Space inside the box: above the label and below the bar, and at each side.
    static let padding: Int32 = 12
    static let sidePadding: Int32 = 16

    /// The box's height: the toast's, or enough for `lines` of text over a bar. A running
    /// task's label has one line; an error's has two, since its second half says what to do.
    static func height(_ theme: Theme, lineHeight: Int32, lines: Int = 1) -> Int32 {
        max(theme.toastHeight, 2 * padding + lineHeight * Int32(lines) + theme.labelGap / 2 + theme.linearHeight)
    }

    /// Lines of label a progress toast gives `a`.
    static func labelLines(_ a: Activity) -> Int { a.outcome == .failed ? LabelLayout.maximumLines : 1 }

    /// The box's width: the toast's.
    static func width(_ theme: Theme, screenWidth: Int32) -> Int32 { TextRoom.toastBoxWidth(theme, screenWidth: screenWidth) }

    /// The tallest a timed toast gets (two lines), which the stack keeps clear of below the middle.
    static func timedToastHeight(_ theme: Theme, lineHeight: Int32) -> Int32 {
        max(theme.toastHeight, lineHeight * Int32(LabelLayout.maximumLines) + 24)
    }

    static func place(
        actionIcon: Bool, hasLabel: Bool, maxLines: Int = 1, in box: IntRect, theme: Theme, lineHeight: Int32,
        lines: (Int32, Int) -> [String]
    ) -> PlacedIndicator {
        let barHeight = max(2, min(theme.linearHeight, box.height / 4))
        let inner = box.width - 2 * sidePadding
        let withStop = actionIcon && PlacedIndicator.stopFits(barHeight: barHeight, width: inner, height: box.height - 2 * padding)
        let barWidth = max(1, inner - (withStop ? PlacedIndicator.stopRoom(barHeight: barHeight) : 0))
        let labelled = hasLabel && inner >= 2 * theme.fontSize
        let barY = labelled ? box.maxY - padding - barHeight : box.y + (box.height - barHeight) / 2
        var placed = PlacedIndicator(
            indicator: IntRect(x: box.x + sidePadding, y: barY, width: barWidth, height: barHeight), labelLeftOut: hasLabel && !labelled)
        if withStop { placed.stop = PlacedIndicator.stop(after: placed.indicator) }
        if labelled {
            // As many lines as the box holds above its bar, up to `maxLines`.
            let room = (barY - theme.labelGap / 2 - box.y - padding) / max(1, lineHeight)
            placed.lines = lines(inner, max(1, min(maxLines, Int(room))))
            placed.text = IntRect(x: box.x + sidePadding, y: box.y + padding, width: inner, height: lineHeight * Int32(placed.lines.count))
        }
        return placed
    }
}
