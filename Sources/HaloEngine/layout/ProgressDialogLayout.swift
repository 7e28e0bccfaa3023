// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A modal progress dialog (`place=dialog`): the checkout's message box, the indicator at a
/// spinner's size (a bar across the box) and the label below it in up to two lines. All sizes
/// are logical pixels.
enum ProgressDialogLayout {
    /// The message box, as the checkout's.
    static func box(_ theme: Theme, screenWidth: Int32, screenHeight: Int32) -> IntRect {
        let width = TextRoom.checkoutBoxWidth(theme, screenWidth: screenWidth), height = min(theme.boxHeight, screenHeight - 16)
        return IntRect(x: (screenWidth - width) / 2, y: (screenHeight - height) / 2, width: width, height: height)
    }

    static func place(
        _ kind: IndicatorKind, actionIcon: Bool, in box: IntRect, theme: Theme, lineHeight: Int32, lines: [String]
    ) -> PlacedIndicator {
        let bar = kind == .linear
        let size = bar ? theme.linearHeight : theme.spinnerDiameter
        let textHeight = Int32(lines.count) * lineHeight
        let withText = lines.isEmpty ? 0 : theme.labelGap + textHeight
        let top = box.y + (box.height - size - withText) / 2
        var placed = PlacedIndicator(indicator: .empty, lines: lines)
        if bar {
            let withStop = actionIcon && PlacedIndicator.stopFits(barHeight: size, width: box.width - 32, height: box.height)
            let stop = withStop ? PlacedIndicator.stopRoom(barHeight: size) : 0
            placed.indicator = IntRect(x: box.x + 16, y: top, width: max(1, box.width - 32 - stop), height: size)
            if withStop { placed.stop = PlacedIndicator.stop(after: placed.indicator) }
        } else {
            placed.indicator = IntRect(x: box.x + (box.width - size) / 2, y: top, width: size, height: size)
        }
        if !lines.isEmpty {
            placed.text = IntRect(x: box.x + 16, y: top + size + theme.labelGap, width: box.width - 32, height: textHeight)
        }
        return placed
    }
}
