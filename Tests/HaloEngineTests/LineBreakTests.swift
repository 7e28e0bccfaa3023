// SPDX-License-Identifier: Apache-2.0
import Foundation
import Testing

@testable import HaloEngine

private let breakTestFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"
private let breakPropertyFile = "/usr/share/unicode/LineBreak.txt"
/// Whether the installed Unicode data is the version the table was made from: another
/// version's classes and rules differ (Debian trixie's 15.1 adds five classes), and checking
/// against them would test nothing of ours. A constant, as Swift 6.0 cannot compile a closure
/// inside a test's traits.
private let unicodeDataMatches =
    (try? String(contentsOfFile: breakPropertyFile, encoding: .utf8))?.split(separator: "\n").first?.contains(lineBreakTableVersion) == true
    && FileManager.default.fileExists(atPath: breakTestFile)

/// The Unicode Line Breaking Algorithm (`LineBreaks`) and its generated class table, checked
/// against the Unicode Consortium's own files in Debian's unicode-data.
@Suite("Line break opportunities by UAX #14")
struct LineBreakTests {
    static func hex(_ field: Substring) -> Unicode.Scalar? { UInt32(field, radix: 16).flatMap(Unicode.Scalar.init) }

    @Test(
        "every line of Unicode's LineBreakTest.txt breaks where the file says (Debian's unicode-data, the real file)",
        .enabled(if: unicodeDataMatches, "needs unicode-data of the table's Unicode version (Debian bookworm's unicode-data)"))
    func conformanceFile() throws {
        let text = try String(contentsOfFile: breakTestFile, encoding: .utf8)
        var checked = 0
        var wrong: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.prefix { $0 != "#" }.split(separator: " ")
            var scalars: [Unicode.Scalar] = []
            var expected: [LineBreaks.Opportunity] = []
            for (i, field) in fields.enumerated() where i % 2 == 1 {
                guard let scalar = Self.hex(field) else { continue }
                scalars.append(scalar)
                expected.append(i == 1 || fields[i - 1] == "×" ? .prohibited : .allowed)
            }
            guard !scalars.isEmpty else { continue }
            // The file marks hard breaks as any other; its interior breaks are what it checks.
            let got = LineBreaks.opportunities(scalars).map { $0 == .mandatory ? .allowed : $0 }
            checked += 1
            if got != expected && wrong.count < 8 { wrong.append("\(line)\n  got \(got.map { $0 == .allowed ? "÷" : "×" })") }
        }
        #expect(checked > 7_000, "lines checked: \(checked)")
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test(
        "the generated table gives every code point LineBreak.txt lists its class, after rule LB1 (Debian's unicode-data)",
        .enabled(if: unicodeDataMatches, "needs unicode-data of the table's Unicode version (Debian bookworm's unicode-data)"))
    func tableMatchesProperties() throws {
        let names = [
            "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL", "BA", "HY", "BB", "B2", "CB", "CL", "CP", "EX", "IS", "SY",
            "OP", "QU", "NS", "IN", "NU", "PR", "PO", "AL", "HL", "ID", "EB", "EM", "JL", "JV", "JT", "H2", "H3", "RI",
        ]
        let text = try String(contentsOfFile: breakPropertyFile, encoding: .utf8)
        var checked = 0
        var wrong: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "#", maxSplits: 1)
            let entry = fields[0].split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard entry.count == 2 else { continue }
            let bounds = entry[0].split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
            let category = fields.count > 1 ? fields[1].split(separator: " ").first.map(String.init) : nil
            var name = ["AI": "AL", "SG": "AL", "XX": "AL", "CJ": "NS"][entry[1]] ?? entry[1]
            if name == "SA" { name = category == "Mn" || category == "Mc" ? "CM" : "AL" }
            for value in bounds[0]...bounds[bounds.count - 1] {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let got = LineBreakProperty(of: scalar).lineClass
                checked += 1
                if names[Int(got.rawValue)] != name && wrong.count < 8 { wrong.append("\(entry[0]) \(name): \(got)") }
            }
        }
        #expect(checked > 250_000, "code points checked: \(checked)")
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("an unlisted code point is a letter, wide brackets and unassigned pictographs carry their flags")
    func defaultsAndFlags() throws {
        #expect(LineBreakProperty(of: "\u{E0080}").lineClass == .alphabetic, "an unassigned code point in a plane of tags")
        #expect(LineBreakProperty(of: "\u{10FFFF}").lineClass == .alphabetic)
        #expect(LineBreakProperty(of: "(").eastAsianWide == false)
        #expect(LineBreakProperty(of: "（").eastAsianWide, "the fullwidth left parenthesis")
        #expect(LineBreakProperty(of: "「").lineClass == .openPunctuation)
        #expect(LineBreakProperty(of: "\u{1F02C}").unassignedPictographic, "a reserved mahjong tile")
        #expect(!LineBreakProperty(of: "\u{1F600}").unassignedPictographic, "an assigned emoji")
        #expect(LineBreakProperty(of: "ก").lineClass == .alphabetic, "Thai is alphabetic: it breaks only at spaces")
        #expect(LineBreakProperty(of: "\u{0E31}").lineClass == .combiningMark, "a Thai vowel sign stays with its letter")
    }

    @Test("Chinese and Japanese may break between characters but never before closing punctuation or small kana")
    func eastAsian() {
        let text = Array("東京へ行きます。「はい」".unicodeScalars)
        let got = LineBreaks.opportunities(text)
        let allowed = got.indices.filter { got[$0] == .allowed }
        // Not before 。(CL), 」(CL) nor after 「 (OP).
        #expect(allowed == [1, 2, 3, 4, 5, 6, 8, 10], "\(allowed)")
        #expect(LineBreaks.opportunities(Array("ちょっと".unicodeScalars))[1] == .prohibited, "small ょ is a non-starter")
        let mixed = LineBreaks.opportunities(Array("Halo 2.0 は(β)".unicodeScalars))
        #expect(mixed.indices.filter { mixed[$0] == .allowed } == [5, 9, 10], "a number keeps its point, a word its brackets")
    }

    @Test("a new line is a mandatory break, a carriage return and line feed one break, and nothing breaks before spaces")
    func hardBreaks() {
        let got = LineBreaks.opportunities(Array("a\r\nb  c\u{2028}d".unicodeScalars))
        #expect(got == [.prohibited, .prohibited, .prohibited, .mandatory, .prohibited, .prohibited, .allowed, .prohibited, .mandatory])
        #expect(LineBreaks.opportunities([]).isEmpty)
    }
}
