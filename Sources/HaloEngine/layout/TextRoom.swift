// SPDX-License-Identifier: Apache-2.0
/// How wide a line of text may be in each place the layout puts text, in logical pixels. The
/// layout and the board schema both ask here, so a board the schema accepts always leaves
/// room for text, and the two can never disagree about where that room comes from.
public enum TextRoom {
    /// A place that holds text, with the board keys that decide its width.
    public enum Place: CaseIterable, Sendable {
        /// Labels of circular, linear and spinner indicators: the screen less a 16 px margin a side.
        case label
        /// Toast text: the toast's box less half its height (the rounded ends).
        case toast
        /// The checkout message: the message box less a 16 px margin a side.
        case checkout
    }

    public static func width(_ place: Place, _ theme: Theme, screenWidth: Int32) -> Int32 {
        switch place {
        case .label: return screenWidth - 32
        case .toast: return toastBoxWidth(theme, screenWidth: screenWidth) - theme.toastHeight / 2
        case .checkout: return checkoutBoxWidth(theme, screenWidth: screenWidth) - 32
        }
    }

    public static func toastBoxWidth(_ theme: Theme, screenWidth: Int32) -> Int32 { min(theme.toastWidth, screenWidth - 32) }
    public static func checkoutBoxWidth(_ theme: Theme, screenWidth: Int32) -> Int32 { min(theme.boxWidth, screenWidth - 16) }

    /// The font size of the text in `place`: a line narrower than this holds hardly a letter.
    public static func fontSize(_ place: Place, _ theme: Theme) -> Int32 {
        place == .toast ? theme.toastFontSize : theme.fontSize
    }

    /// A place whose lines would be narrower than their font size: the keys that decide it,
    /// what is wrong and what to change.
    public struct Shortfall: Sendable {
        public var place: Place
        public var keys: String
        public var problem: String
        public var fix: String
    }

    /// Places whose lines would be narrower than their font size on a screen `screenWidth` wide.
    public static func shortfalls(_ theme: Theme, screenWidth: Int32) -> [Shortfall] {
        var found: [Shortfall] = []
        for place in Place.allCases {
            let room = width(place, theme, screenWidth: screenWidth), size = fontSize(place, theme)
            if room >= size { continue }
            switch place {
            case .label:
                found.append(
                    Shortfall(
                        place: place, keys: "screen.width",
                        problem:
                            "a screen \(screenWidth) px wide leaves \(room) px for a label line (the width less 32 px), less than the font size \(size)",
                        fix: "use a screen at least \(size + 32) px wide (after rotation) or a smaller theme.font.size"))
            case .toast:
                found.append(
                    Shortfall(
                        place: place, keys: "theme.toast.width, theme.toast.height",
                        problem:
                            "toast text gets \(room) px (theme.toast.width \(theme.toastWidth), at most the screen's \(screenWidth) px less 32, less half of theme.toast.height \(theme.toastHeight)), less than theme.toast.font-size \(size)",
                        fix: "widen the toast or lower its height"))
            case .checkout:
                found.append(
                    Shortfall(
                        place: place, keys: "theme.checkout.width",
                        problem:
                            "the checkout message gets \(room) px (theme.checkout.width \(theme.boxWidth), at most the screen's \(screenWidth) px less 16, less 32), less than the font size \(size)",
                        fix: "widen the box, use a wider screen or a smaller theme.font.size"))
            }
        }
        return found
    }
}
