// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloRender
import Testing

/// The value a label ends with, in the board's language: the percent sign's place and space,
/// the digits, a count's phrase; the number itself as the app gave it.
@Suite("values written the way the board's language writes them")
struct ValueWritingTests {
    static func value(_ text: String) throws -> ProgressValue { try ProgressValue.parse(text).get() }

    @Test("0.4 is 40 in every language, each with its own percent sign, space and digits")
    func percentages() throws {
        let forty = try Self.value("0.4")
        let want: [String: String] = [
            "en": "40%", "de": "40\u{A0}%", "fr": "40\u{202F}%", "es": "40\u{A0}%", "tr": "%40", "ar": "\u{664}\u{660}\u{66A}",
            "mr": "\u{96A}\u{966}%", "bn": "\u{9EA}\u{9E6}%", "hi": "40%", "ja": "40%",
        ]
        for (code, text) in want {
            let writing = try #require(ValueWriting.named(code))
            #expect(writing.write(forty) == text, "\(code)")
        }
        #expect(ValueWriting.neutral.write(forty) == "40%")
        // Binary rounding would make 0.29 read 28: every language keeps the app's 29.
        let fraction = try Self.value("0.29"), percent = try Self.value("29%")
        for code in ValueWriting.known {
            let writing = try #require(ValueWriting.named(code))
            let written = writing.write(fraction)
            #expect(written == writing.write(percent), "\(code)")
            #expect(written.unicodeScalars.filter { $0.properties.numericType != nil }.count == 2, "\(code)")
        }
    }

    @Test("a count in each language's phrase and digits, or the board's own phrase")
    func counts() throws {
        let three = try Self.value("3/12")
        #expect(ValueWriting.neutral.write(three) == "3/12")
        let want = ["en": "3 of 12", "de": "3 von 12", "ar": "\u{663} من \u{661}\u{662}", "hi": "12 में से 3"]
        for (code, text) in want {
            let writing = try #require(ValueWriting.named(code))
            #expect(writing.write(three) == text, "\(code)")
        }
        let french = try #require(ValueWriting.named("fr"))
        #expect(french.write(three, count: "{done} fichiers sur {total}") == "3 fichiers sur 12")
    }

    @Test("a language is found with a region and in any case; an unknown one is not")
    func names() {
        #expect(ValueWriting.named("fr-CA")?.code == "fr")
        #expect(ValueWriting.named("PT_br")?.code == "pt")
        #expect(ValueWriting.named("xx") == nil && ValueWriting.named("") == nil)
        #expect(ValueWriting.isCountPhrase("{done} of {total}"))
        #expect(!ValueWriting.isCountPhrase("{done} of {done}") && !ValueWriting.isCountPhrase("{total}"))
        #expect(!ValueWriting.isCountPhrase("{done} " + String(repeating: "x", count: 60) + " {total}"))
    }

    @Test("halo lint --board's check: DejaVu Sans has Arabic-Indic digits but not Devanagari ones, and says which are missing")
    func fontCoverage() throws {
        let font = try FreeTypeText(fallbacks: [])
        var theme = Theme()
        for (code, lacks) in [("fr", false), ("ar", false), ("en", false), ("mr", true), ("bn", true)] {
            theme.valueWriting = try #require(ValueWriting.named(code))
            let finding = BoardLint.fontFinding(theme: theme, fontName: "DejaVuSans.ttf", has: font.hasGlyph)
            #expect((finding != nil) == lacks, "\(code): \(String(describing: finding))")
        }
        theme.valueWriting = try #require(ValueWriting.named("mr"))
        let finding = try #require(BoardLint.fontFinding(theme: theme, fontName: "DejaVuSans.ttf", has: font.hasGlyph))
        #expect(finding.rule == .fontLacksCharacters && finding.detail.contains("U+966") && finding.detail.contains("locale mr"))
        theme.valueWriting = .neutral
        theme.countPhrase = "{done} \u{10FFFD} {total}"
        #expect(BoardLint.fontFinding(theme: theme, fontName: "f", has: font.hasGlyph)?.detail.contains("U+10FFFD") == true)
    }

    @Test("a board's locale and count phrase reach the label drawn; a wrong one is refused with the languages known")
    func board() throws {
        func load(_ extra: String) throws -> Board {
            let path = NSTemporaryDirectory() + "halo-locale-\(UUID().uuidString).yaml"
            try "name: locale\ndisplay: mock\n\(extra)\n".write(toFile: path, atomically: true, encoding: .utf8)
            return try BoardLoader.load(path)
        }
        let french = try load("locale: fr\ntheme:\n  count-phrase: \"{done} fichiers sur {total}\"")
        let text = RecordingText()
        let engine = Engine(screenWidth: 480, screenHeight: 480, theme: french.theme, policy: french.policy, text: text)
        _ = try engine.apply(try CommandParser.parse(#"show up circular label="Envoi" value=0.4"#).get(), at: .zero)
        _ = try engine.apply(try CommandParser.parse(#"show cp linear label="Copie" value=3/12 place=toast"#).get(), at: .zero)
        _ = engine.layers(at: .milliseconds(1000))
        #expect(text.drawn.contains("Envoi 40\u{202F}%"), "\(text.drawn)")
        #expect(text.drawn.contains("Copie 3 fichiers sur 12"), "\(text.drawn)")
        #expect(throws: BoardError.self) { try load("locale: klingon") }
        do {
            _ = try load("locale: klingon")
        } catch let error as BoardError {
            #expect(error.description.contains("'klingon' is not a language") && error.description.contains("fr"), "\(error)")
        }
        #expect(throws: BoardError.self) { try load("theme:\n  count-phrase: \"{done} only\"") }
    }
}
