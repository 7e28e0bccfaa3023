// SPDX-License-Identifier: Apache-2.0
/// How a language writes the value that ends a label: its digits, where its percent sign goes
/// and how far from the number, and its "N of M". A board's `locale` picks one; with none, the
/// value is written as it always was (`40%`, `3/12`). The number itself is never changed:
/// 0.4 is 40 in every language (`ProgressValue.wholePercent`).
public struct ValueWriting: Equatable, Sendable {
    /// The language's code (`fr`), or "" for the neutral writing.
    public var code: String
    /// The digits zero to nine.
    var digits: [Unicode.Scalar]
    /// A percentage, `#` standing for the number (`# %` with the space the language uses).
    var percent: String
    /// A count, `{done}` and `{total}` standing for its numbers.
    public var count: String

    static let latin: [Unicode.Scalar] = (0x30...0x39).map { Unicode.Scalar($0)! }
    static func digits(from zero: UInt32) -> [Unicode.Scalar] { (zero...zero + 9).map { Unicode.Scalar($0)! } }

    /// `40%` and `3/12`, in the digits 0 to 9.
    public static let neutral = ValueWriting(code: "", digits: latin, percent: "#%", count: "{done}/{total}")

    /// The languages known, each as CLDR writes its percentages and digits by default, with the
    /// "N of M" of its everyday speech; a slash where a phrase would need grammar a table
    /// cannot hold. `theme.count-phrase` overrides the phrase.
    static let table: [ValueWriting] = [
        ValueWriting(code: "en", digits: latin, percent: "#%", count: "{done} of {total}"),
        ValueWriting(code: "de", digits: latin, percent: "#\u{A0}%", count: "{done} von {total}"),
        ValueWriting(code: "fr", digits: latin, percent: "#\u{202F}%", count: "{done} sur {total}"),
        ValueWriting(code: "es", digits: latin, percent: "#\u{A0}%", count: "{done} de {total}"),
        ValueWriting(code: "it", digits: latin, percent: "#%", count: "{done} di {total}"),
        ValueWriting(code: "pt", digits: latin, percent: "#%", count: "{done} de {total}"),
        ValueWriting(code: "nl", digits: latin, percent: "#%", count: "{done} van {total}"),
        ValueWriting(code: "sv", digits: latin, percent: "#\u{A0}%", count: "{done} av {total}"),
        ValueWriting(code: "pl", digits: latin, percent: "#%", count: "{done} z {total}"),
        ValueWriting(code: "ru", digits: latin, percent: "#\u{A0}%", count: "{done} из {total}"),
        ValueWriting(code: "tr", digits: latin, percent: "%#", count: "{done}/{total}"),
        ValueWriting(code: "ar", digits: digits(from: 0x660), percent: "#\u{66A}", count: "{done} من {total}"),
        ValueWriting(code: "he", digits: latin, percent: "#%", count: "{done} מתוך {total}"),
        ValueWriting(code: "hi", digits: latin, percent: "#%", count: "{total} में से {done}"),
        ValueWriting(code: "mr", digits: digits(from: 0x966), percent: "#%", count: "{done}/{total}"),
        ValueWriting(code: "ne", digits: digits(from: 0x966), percent: "#%", count: "{done}/{total}"),
        ValueWriting(code: "bn", digits: digits(from: 0x9E6), percent: "#%", count: "{done}/{total}"),
        ValueWriting(code: "th", digits: latin, percent: "#%", count: "{done} จาก {total}"),
        ValueWriting(code: "zh", digits: latin, percent: "#%", count: "{done}/{total}"),
        ValueWriting(code: "ja", digits: latin, percent: "#%", count: "{done}/{total}"),
        ValueWriting(code: "ko", digits: latin, percent: "#%", count: "{done}/{total}"),
    ]

    /// The codes a board may name.
    public static var known: [String] { table.map(\.code) }

    /// The writing of a language named by its code, with or without a region (`fr`, `fr-CA`,
    /// `pt_BR`), in any case; nil for a language not in the table.
    public static func named(_ name: String) -> ValueWriting? {
        let language = name.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? ""
        return table.first { $0.code == language }
    }

    /// The board's locale as a language tag for shaping: the language's code, and its region
    /// when that is two or three letters or digits (`fr-CA`, `pt-BR`); "" for none. HarfBuzz
    /// picks a font's forms for the language from it (Marathi's own letter forms, for one).
    public static func languageTag(_ name: String) -> String {
        guard let writing = named(name) else { return "" }
        let parts = name.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard parts.count == 2, (2...3).contains(parts[1].count),
            parts[1].unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) })
        else { return writing.code }
        return writing.code + "-" + parts[1].uppercased()
    }

    /// Whether a phrase for counts holds both numbers, once each, in at most 64 bytes.
    public static func isCountPhrase(_ phrase: String) -> Bool {
        phrase.utf8.count <= 64 && phrase.ranges(of: "{done}").count == 1 && phrase.ranges(of: "{total}").count == 1
    }

    /// `value` as a label ends with it; `count` in place of the language's phrase when given.
    public func write(_ value: ProgressValue, count phrase: String? = nil) -> String {
        switch value.form {
        case .count(let done, let total):
            return (phrase ?? count).replacing("{done}", with: number(done)).replacing("{total}", with: number(total))
        case .fraction, .percent:
            return percent.replacing("#", with: number(Int64(value.wholePercent)))
        }
    }

    /// Every character a value can be written with (the digits, the percent sign, the count's
    /// phrase, `count` in place of the language's), each once, the plain space left out (a
    /// no-break space is a glyph a font may lack).
    public func characters(count phrase: String? = nil) -> [Unicode.Scalar] {
        let text = percent.replacing("#", with: "") + (phrase ?? count).replacing("{done}", with: "").replacing("{total}", with: "")
        var seen = Set<UInt32>(), out: [Unicode.Scalar] = []
        for c in digits + Array(text.unicodeScalars) where c != " " && seen.insert(c.value).inserted { out.append(c) }
        return out
    }

    /// `n` in the language's digits.
    func number(_ n: Int64) -> String {
        if digits == ValueWriting.latin { return String(n) }
        var out = String.UnicodeScalarView()
        for c in String(n).unicodeScalars {
            out.append((0x30...0x39).contains(c.value) ? digits[Int(c.value - 0x30)] : c)
        }
        return String(out)
    }
}
