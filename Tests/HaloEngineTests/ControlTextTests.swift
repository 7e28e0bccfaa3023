// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

/// Quoting text into the control language, which every translator (Plymouth, psplash, `halo
/// wrap`) uses for what its own clients send: the tokenizer must read back exactly the text,
/// however its scalars join into characters.
@Suite("ControlText: quoted text reads back as itself")
struct ControlTextTests {
    /// The text a `label` line carries once quoted and parsed again; nil when it does not parse.
    func readBack(_ text: String) -> String? {
        guard case .success(.label(_, let back)) = CommandParser.parse("label boot \(ControlText.quoted(text))") else { return nil }
        return back
    }

    @Test("a quote inside one grapheme cluster: a Prepend scalar before it, a combining mark after it; the reported injection")
    func clusters() {
        for text in ["\u{600}\"", "\"\u{301}", "X\u{600}\" lease=1s label=\"\u{301}Y", "\\\u{301}", "\u{600}\\", "a\u{200D}\"\u{200D}b"] {
            #expect(readBack(text) == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        let show = "show boot circular label=\(ControlText.quoted("X\u{600}\" lease=1s label=\"\u{301}Y")) detached=yes"
        guard case .success(.show(_, _, let options)) = CommandParser.parse(show) else {
            Issue.record("\(show) did not parse")
            return
        }
        #expect(options.lease == nil && options.label == "X\u{600}\" lease=1s label=\"\u{301}Y", "the text set no lease of its own")
    }

    @Test("property: any mix of quotes, backslashes, Prepend, Extend, ZWJ, spacing marks, Hangul jamo, emoji and spaces")
    func property() {
        let pool: [Unicode.Scalar] = [
            "\"", "\\", "\u{600}", "\u{110BD}", "\u{301}", "\u{20E3}", "\u{200D}", "\u{E33}", "\u{1100}", "\u{1161}", "\u{11A8}",
            "\u{1F3FB}", "\u{1F469}", "a", " ", "=", "\t", "\r", "\u{FE0F}",
        ]
        var random = SplitMix(seed: 0x5EED)
        for _ in 0..<5000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<random.next(below: 14) { text.append(pool[random.next(below: pool.count)]) }
            let s = String(text)
            #expect(readBack(s) == s, "\(s.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("on one line: line breaks become spaces, a long text is cut by scalars, and it still reads back")
    func oneLine() {
        let line = ControlText.quotedOnOneLine("a\nb\u{2028}c\r\"\u{301}", maximumScalars: 200)
        #expect(!line.unicodeScalars.contains { $0 == "\n" || $0 == "\u{2028}" || $0 == "\r" })
        #expect(CommandParser.parse("label x \(line)") == .success(.label(id: "x", text: "a b c \"\u{301}")))
        #expect(ControlText.quotedOnOneLine(String(repeating: "\u{301}", count: 500), maximumScalars: 200).unicodeScalars.count == 202)
    }
}

/// A small seeded generator, so a failing case is found again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(below bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
