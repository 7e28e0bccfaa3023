// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

@Suite("Control language parsing")
struct ControlLanguageTests {
    @Test("show with every option")
    func showOptions() throws {
        let c = parse(#"show up circular label="Uploading \"big\" photos" value=30/100 show-value=no region=10,20,300,200 cancellable=yes"#)
        guard case .show(let id, let kind, let o) = c else {
            Issue.record("not a show")
            return
        }
        #expect(id == "up")
        #expect(kind == .circular)
        #expect(o.label == #"Uploading "big" photos"#)
        #expect(o.value?.text == "30/100")
        #expect(o.showValue == false)
        #expect(o.region == Region(x: 10, y: 20, width: 300, height: 200))
        #expect(o.cancellable)
    }

    @Test(
        "progress accepts a fraction, a percentage and a count",
        arguments: [
            ("0.6", 39322), ("60%", 39322), ("30/100", 19660), ("1", 65536), ("0", 0), ("100%", 65536),
            // Byte counts of big files: done × 65536 needs more than 64 bits.
            ("200000000000000/400000000000000", 32768), ("9223372036854775807/9223372036854775807", 65536),
            ("0.99999999999999999999", 65536), ("59.99999999999%", 39321),
        ])
    func progressForms(text: String, q16: Int32) {
        guard case .progress(_, let v) = parse("progress a \(text)") else {
            Issue.record("not progress")
            return
        }
        #expect(abs(v.fractionQ16 - q16) <= 1)
    }

    @Test(
        "every bad line is refused with a reason",
        arguments: [
            ("frobnicate a", "unknown command"),
            ("show a donut", "unknown kind"),
            ("progress a 1.5", "out of range"),
            ("progress a 101%", "out of range"),
            // Found by the fuzzer: huge numbers once overflowed while being scaled.
            ("progress a 6000000000000.000000000000%", "out of range"),
            ("progress a 99999999999999999999999999.9999999999999999", "out of range"),
            ("progress a nan", "not a number"),
            ("progress a -0.1", "not a number"),
            ("progress a 3/0", "out of range"),
            ("progress a 5/3", "out of range"),
            ("succeed a", "needs a label"),
            ("fail a \"\"", "needs a label"),
            ("label a \"unterminated", "unterminated quote"),
            ("show a circular color=red", "unknown option"),
            ("show a circular region=1,2,3", "x,y,w,h"),
            ("show a circular show-value=maybe", "yes or no"),
            ("toast", "toast needs its text"),
            ("dismiss", "needs an activity id"),
            ("show bad/id circular", "not a valid id"),
        ])
    func badLines(line: String, reason: String) {
        switch CommandParser.parse(line) {
        case .success(let c): Issue.record("`\(line)` parsed as \(c)")
        case .failure(let e): #expect(e.message.contains(reason), "`\(line)`: \(e.message)")
        }
    }

    @Test("a line over 4 KiB is refused")
    func longLine() {
        let line = "label a \"" + String(repeating: "x", count: 5000) + "\""
        guard case .failure(let e) = CommandParser.parse(line) else {
            Issue.record("accepted")
            return
        }
        #expect(e.message.contains("4096-byte"))
    }

    @Test("scripts report each bad line by number and keep the rest")
    func scriptErrors() {
        let script = Script(
            parsing: """
                # a comment

                @0 show up circular
                @100 progress up 2
                progress up 0.5
                @50 progress up 0.5
                @200 progress up 0.5
                @300 dismiss up
                """)
        #expect(script.steps.map(\.line) == [3, 7, 8])
        #expect(script.errors.map(\.line) == [4, 5, 6])
        #expect(script.errors[0].description.contains("line 4"))
        #expect(script.errors[1].error.message.contains("@<milliseconds>"))
        #expect(script.errors[2].error.message.contains("must not decrease"))
    }

    @Test("labels wrap at words into two lines and end in an ellipsis")
    func labelLayout() {
        let measure: (String) -> Int32 = { Int32($0.count) * 10 }
        let one = LabelLayout.lines("Copying files", maxWidth: 200, measure: measure)
        #expect(one.lines == ["Copying files"] && !one.truncated)
        let two = LabelLayout.lines("Copying the holiday photos to the card", maxWidth: 200, measure: measure)
        #expect(two.lines == ["Copying the holiday", "photos to the card"] && !two.truncated)
        let cut = LabelLayout.lines("Copying the holiday photos to the memory card now", maxWidth: 200, measure: measure)
        #expect(cut.truncated)
        #expect(cut.lines.count == 2)
        #expect(cut.lines[1].hasSuffix("…"))
        #expect(cut.lines.allSatisfy { measure($0) <= 200 })
    }
}
