// SPDX-License-Identifier: Apache-2.0
import HaloTestSupport
import Testing

@testable import HaloEngine

/// Labels broken into lines at UAX #14's opportunities, measured here by a fixed width per
/// character so that every line's content is known exactly.
@Suite("Label lines in every script")
struct LabelLayoutTests {
    static func measure(_ text: String) -> Int32 { Int32(text.count) * 10 }

    @Test("Japanese without spaces wraps between characters, and no line starts with a closing mark")
    func japanese() {
        let r = LabelLayout.lines("東京へ行きます。「はい」", maxWidth: 70, measure: Self.measure)
        // Seven characters fit, but the seventh line break would put 。 first on the next line.
        #expect(r == .init(lines: ["東京へ行きま", "す。「はい」"], truncated: false))
        let chinese = LabelLayout.lines("正在上传二十四张照片到家庭相册", maxWidth: 70, measure: Self.measure)
        #expect(chinese == .init(lines: ["正在上传二十四", "张照片到家庭…"], truncated: true))
    }

    @Test("a Latin word and a Japanese one in one label break at the space and between kana, never before a long-vowel mark")
    func mixed() {
        let r = LabelLayout.lines("Halo をインストールしています", maxWidth: 100, measure: Self.measure)
        // "Halo をインスト" fits in ten characters, but ー may not start a line.
        #expect(r == .init(lines: ["Halo をインス", "トールしています"], truncated: false), "\(r)")
    }

    @Test("Thai breaks only at its spaces (no dictionary), and a word too long for a line is cut whole characters at a time")
    func thai() {
        let r = LabelLayout.lines("กำลังดาวน์โหลด ไฟล์", maxWidth: 140, measure: Self.measure)
        #expect(r == .init(lines: ["กำลังดาวน์โหลด", "ไฟล์"], truncated: false), "\(r)")
        let narrow = LabelLayout.lines("กำลังดาวน์โหลด", maxWidth: 50, measure: Self.measure)
        #expect(narrow.lines.first == "กำลังดา", "\(narrow)")
        for line in narrow.lines { #expect(line.unicodeScalars.first?.properties.generalCategory != .nonspacingMark, "\(line)") }
    }

    @Test("a mark on a space stays with it: lines break between whole characters only")
    func marksStayOnTheirBase() {
        let r = LabelLayout.lines("ab \u{301}cd", maxWidth: 30, measure: Self.measure)
        #expect(r.lines.allSatisfy { $0.unicodeScalars.first != "\u{301}" }, "\(r)")
        #expect(r.lines.count == 2, "\(r)")
    }

    @Test("a word cut for want of room is never cut just before its closing bracket")
    func emergencyCutKeepsClosing() {
        let r = LabelLayout.lines("abcdefgh)ij", maxWidth: 80, measure: Self.measure)
        #expect(r == .init(lines: ["abcdefg", "h)ij"], truncated: false), "\(r)")
    }

    @Test("a new line in a label starts a new line, blank lines and tabs do not show")
    func newLines() {
        #expect(
            LabelLayout.lines("Copied\nRestart to finish", maxWidth: 400, measure: Self.measure).lines == ["Copied", "Restart to finish"])
        #expect(LabelLayout.lines("Copied\n\n\nDone", maxWidth: 400, measure: Self.measure).lines == ["Copied", "Done"])
        #expect(LabelLayout.lines("a\tb", maxWidth: 400, measure: Self.measure).lines == ["a b"])
        let three = LabelLayout.lines("one\ntwo\nthree", maxWidth: 400, measure: Self.measure)
        #expect(three == .init(lines: ["one", "two…"], truncated: true))
    }

    @Test("with the text's advances, each line is found by adding them up and measured once to confirm it")
    func advancesConfirmed() {
        let texts = [
            "東京へ行きます。「はい」", "Copying the holiday photos to the memory card now", "กำลังดาวน์โหลด ไฟล์", "abcdefgh)ij", "one\ntwo\nthree",
            "Halo をインストールしています", "ab \u{301}cd",
        ]
        for text in texts {
            for width: Int32 in [30, 70, 100, 200] {
                var calls = 0
                let counted = { (s: String) -> Int32 in
                    calls += 1
                    return Self.measure(s)
                }
                let advances = BlockText.advances(text).map { $0 / 8 * 10 }  // 10 px a character, as `measure`
                let summed = LabelLayout.lines(text, maxWidth: width, measure: counted, advances: advances)
                let measured = LabelLayout.lines(text, maxWidth: width, measure: Self.measure)
                #expect(summed == measured, "\(text) in \(width)")
                // Unless a word is cut for want of room, which is measured piece by piece.
                let words = text.split { $0 == " " || $0 == "\n" }
                if !summed.truncated && text.unicodeScalars.allSatisfy({ $0.value < 0x3000 })
                    && words.allSatisfy({ Self.measure(String($0)) <= width })
                {
                    #expect(calls == summed.lines.count, "\(calls) measurements for \(summed.lines.count) lines: \(text) in \(width)")
                }
            }
        }
        var calls = 0
        let japanese = "東京へ行きます。「はい」"
        let r0 = LabelLayout.lines(
            japanese, maxWidth: 70,
            measure: {
                calls += 1
                return Self.measure($0)
            }, advances: BlockText.advances(japanese).map { $0 / 8 * 10 })
        #expect(r0.lines == ["東京へ行きま", "す。「はい」"] && calls == 2, "\(r0), \(calls) measurements")
        // Sums a pixel wider than the last line (a kerned pair across the cut): the next end is
        // measured too, and taken when it fits, rather than cutting the label short.
        var over = [Int32](repeating: 640, count: 9)
        over[0] += 64
        let kerned = LabelLayout.lines("aaaa bbbb", maxWidth: 90, maxLines: 1, measure: Self.measure, advances: over)
        #expect(kerned == .init(lines: ["aaaa bbbb"], truncated: false), "\(kerned)")
        // A tab's advance is the missing glyph's; the text is measured line by line instead.
        var tabbed = [Int32](repeating: 640, count: 9)
        tabbed[4] = 64 * 400
        #expect(LabelLayout.lines("aaaa\tbbbb", maxWidth: 90, measure: Self.measure, advances: tabbed).lines == ["aaaa bbbb"])
        // Advances that disagree with the measure (a kerned pair across the cut) are caught by
        // the measurement: every line still fits.
        let wrong = [Int32](repeating: 0, count: 20)
        let r = LabelLayout.lines("aaaa bbbb cccc dddd", maxWidth: 50, measure: Self.measure, advances: wrong)
        #expect(r.lines == ["aaaa", "bbbb…"], "\(r)")
    }

    @Test("a 4 KiB label costs a few dozen measurements, not one per word or character")
    func measurementsStayFew() {
        for text in [
            String(repeating: "a ", count: 2_000), String(repeating: "字", count: 4_000), String(repeating: "\u{200B}x", count: 2_000),
        ] {
            for width: Int32 in [0, 35, 400, 1_000_000] {
                var calls = 0
                let r = LabelLayout.lines(text, maxWidth: width) { s in
                    calls += 1
                    return Self.measure(s)
                }
                #expect(calls <= 80, "\(calls) measurements at \(width) for \(text.prefix(4))")
                #expect(r.lines.count <= LabelLayout.maximumLines)
            }
        }
    }
}
