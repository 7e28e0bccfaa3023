// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Where a prompt goes: a box at the screen's centre, the question's lines at its top and the
/// field for the answer below them, as wide as the box allows up to 480 px. Always inside the
/// screen, however small it is.
struct PromptLayout: Equatable {
    var box: IntRect
    var questionTop: Int32
    var field: IntRect

    static let padding: Int32 = 16
    static let widest: Int32 = 480
    /// Room inside the field between its edge and what is typed.
    static let inset: Int32 = 12

    /// The box's width on a screen `screenWidth` wide; the field is this less two paddings.
    static func boxWidth(screenWidth: Int32) -> Int32 { max(1, min(widest, screenWidth - 2 * padding)) }

    static func place(questionLines: Int, lineHeight: Int32, screenWidth: Int32, screenHeight: Int32) -> PromptLayout {
        let lineHeight = max(1, min(lineHeight, 512))
        let width = boxWidth(screenWidth: screenWidth)
        let fieldHeight = lineHeight + 16
        let questionHeight = lineHeight * Int32(max(0, min(questionLines, 8)))
        let height = min(max(1, screenHeight), padding + questionHeight + padding + fieldHeight + padding)
        let box = IntRect(x: (screenWidth - width) / 2, y: max(0, (screenHeight - height) / 2), width: width, height: height)
        let field = IntRect(
            x: box.x + padding, y: max(box.y, box.y + height - padding - fieldHeight), width: max(1, width - 2 * padding),
            height: fieldHeight)
        return PromptLayout(box: box, questionTop: box.y + padding, field: field)
    }

    /// The diameter of a masked field's dots, and the step from one to the next.
    static func dot(lineHeight: Int32) -> (diameter: Int32, step: Int32) {
        let d = max(6, min(lineHeight, 512) / 3)
        return (d, d + d / 2)
    }

    /// How many dots fit in `field` for `count` characters typed.
    static func dotsShown(_ count: Int, field: IntRect, lineHeight: Int32) -> Int {
        let (d, step) = dot(lineHeight: lineHeight)
        let room = field.width - 2 * inset - d - 4
        let fit = room < 0 ? 0 : Int(room / step) + 1
        return max(0, min(count, Prompt.maximumDots, fit))
    }
}
