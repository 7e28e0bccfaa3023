// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Where a choice goes: one row of buttons in a box just below the indicator it is about,
/// above it when there is no room below, over it when there is none above either; always
/// inside the screen. Each button is at least 44 px tall and 88 px wide, a finger's size.
struct ChoiceLayout: Equatable {
    var box: IntRect
    var buttons: [IntRect]

    static let padding: Int32 = 8
    static let gap: Int32 = 8
    static let smallestButton = (width: Int32(88), height: Int32(44))

    /// The layout for buttons whose words are `wordWidths` wide, beside `anchor`.
    static func place(anchor: IntRect, wordWidths: [Int32], lineHeight: Int32, screenWidth: Int32, screenHeight: Int32) -> ChoiceLayout {
        let n = Int32(max(1, wordWidths.count))
        let height = max(smallestButton.height, min(lineHeight, 512) + 16)
        var widths = wordWidths.map { max(smallestButton.width, min($0, 4096) + 32) }
        // Too wide for the screen: every button gives up the same share of its width.
        let room = max(n, screenWidth - 2 * padding - 2 * padding - gap * (n - 1))
        let total = widths.reduce(0, +)
        if total > room { widths = widths.map { max(1, $0 * room / total) } }
        let boxWidth = widths.reduce(0, +) + gap * (n - 1) + 2 * padding
        let boxHeight = height + 2 * padding
        var y = anchor.y + anchor.height + gap
        if y + boxHeight > screenHeight - padding { y = anchor.y - gap - boxHeight }
        if y < padding { y = anchor.y + (anchor.height - boxHeight) / 2 }
        y = max(0, min(y, screenHeight - boxHeight))
        let x = max(0, min(anchor.x + (anchor.width - boxWidth) / 2, screenWidth - boxWidth))
        var buttons: [IntRect] = []
        var left = x + padding
        for w in widths {
            buttons.append(IntRect(x: left, y: y + padding, width: w, height: height))
            left += w + gap
        }
        return ChoiceLayout(box: IntRect(x: x, y: y, width: boxWidth, height: boxHeight), buttons: buttons)
    }
}
