// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What in a board's theme and policy makes its indicators hard to see or hard to bear: colours
/// too close together (an indicator needs 3:1 against its track and the background, WCAG's
/// non-text contrast; a label needs 4.5:1), and timings that would let something flash more
/// than 3 times a second.
public enum BoardLint {
    public struct Finding: Equatable, CustomStringConvertible, Sendable {
        public var rule: Rule
        public var detail: String
        public var description: String { "\(rule.rawValue): \(rule.sentence) (\(detail))" }
    }

    public enum Rule: String, CaseIterable, Sendable {
        case lowContrast = "low-contrast"
        case lowTextContrast = "low-text-contrast"
        case fastFlash = "fast-flash"
        case fontLacksCharacters = "font-lacks-characters"

        public var sentence: String {
            switch self {
            case .fontLacksCharacters:
                return
                    "the font has no glyphs for characters the labels write, which show as empty boxes; give theme.font.file a font that has them"
            case .lowContrast: return "an indicator needs at least 3:1 contrast against its track and the background to be seen"
            case .lowTextContrast: return "label text needs at least 4.5:1 contrast against what it is drawn on"
            case .fastFlash: return "nothing may flash more than 3 times a second; lengthen the times"
            }
        }
    }

    /// The shortest time an indicator or toast may be on or off the screen, so that it cannot
    /// flash more than 3 times a second.
    public static let shortestFlashMilliseconds: Int64 = 334

    /// The characters the board's locale writes values with (its digits, percent sign and
    /// count phrase) that the font lacks, by `has`; nil when it has them all.
    public static func fontFinding(theme t: Theme, fontName: String, has: (Unicode.Scalar) -> Bool) -> Finding? {
        let missing = t.valueWriting.characters(count: t.countPhrase).filter { !has($0) }
        guard !missing.isEmpty else { return nil }
        let listed = missing.prefix(12).map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
        let language = t.valueWriting.code.isEmpty ? "the values" : "locale \(t.valueWriting.code)"
        return Finding(
            rule: .fontLacksCharacters,
            detail:
                "\(language) writes \(listed)\(missing.count > 12 ? " and \(missing.count - 12) more" : ""), which neither \(fontName) nor its fallbacks have glyphs for; Debian's fonts-noto-core has a font for each script: install it, or name one in theme.font.fallbacks"
        )
    }

    public static func findings(theme t: Theme, policy p: Policy) -> [Finding] {
        var found: [Finding] = []
        func check(_ rule: Rule, _ what: String, _ a: Color, _ b: Color, least tenths: Int64) {
            let ratio = Contrast.ratioTenths(a, b)
            if ratio < tenths {
                found.append(Finding(rule: rule, detail: "\(what): \(ratio / 10).\(ratio % 10):1, \(hex(a)) on \(hex(b))"))
            }
        }
        let background = t.background
        let track = Contrast.over(t.track, background)
        check(.lowContrast, "indicator on the background", t.indicator, background, least: 30)
        check(.lowContrast, "indicator on its track", t.indicator, track, least: 30)
        check(.lowContrast, "success on the background", t.success, background, least: 30)
        check(.lowContrast, "error on the background", t.error, background, least: 30)
        check(.lowTextContrast, "label text on the background", t.text, background, least: 45)
        let toast = Contrast.over(t.toastBackground.withOpacity(t.toastOpacity), background)
        check(.lowTextContrast, "toast text on its box", t.toastText, toast, least: 45)
        check(.lowTextContrast, "checkout text on its box", t.boxText, t.box, least: 45)
        let shown = p.showDelay.value + p.minimumVisible.value
        if shown < shortestFlashMilliseconds {
            found.append(
                Finding(
                    rule: .fastFlash,
                    detail:
                        "show-delay-ms + min-visible-ms is \(shown) ms, so an indicator can come and go more than 3 times a second; make them at least \(shortestFlashMilliseconds) ms together"
                ))
        }
        if min(p.toastShort.value, p.toastLong.value) < shortestFlashMilliseconds {
            found.append(
                Finding(
                    rule: .fastFlash, detail: "a toast shows for less than \(shortestFlashMilliseconds) ms; toast-ms should be 2000 or so"))
        }
        return found
    }

    static func hex(_ c: Color) -> String {
        let digits = Array("0123456789ABCDEF")
        return "#" + String([c.r, c.g, c.b].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
