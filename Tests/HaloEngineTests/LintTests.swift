// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

@Suite("halo lint rules")
struct LintTests {
    func findings(_ source: String) -> [ScriptLint.Finding] {
        let engine = makeEngine()
        return ScriptLint.findings(Script(parsing: source)) { engine.lineCount(of: $0, toast: $1) }
    }

    @Test("every line the engine refuses is a lint finding, with the engine's own reason; a script it runs cleanly has none")
    func engineRefusals() {
        let script = Script(
            parsing: """
                @0 show s spinner
                @100 succeed s "Done"
                @200 show t spinner
                @300 progress t 50%
                @400 progress nope 10%
                @500 show up circular value=10%
                @600 progress up 20%
                """)
        let found = ScriptLint.engineFindings(script, on: makeEngine())
        #expect(found.map(\.line) == [2, 4, 5], "\(found)")
        #expect(found.allSatisfy { $0.rule == .refused })
        #expect(found[0].detail.hasPrefix("error refused: a spinner indicator has no success state"))
        #expect(found[1].detail.hasPrefix("error refused: t is a spinner, which shows no amount"))
        #expect(found[2].detail.hasPrefix("error unknown-id: no activity 'nope'"))
        let clean = Script(parsing: "@0 show up circular value=10%\n@600 progress up 20%\n@9000 succeed up \"Photos uploaded\"")
        #expect(ScriptLint.engineFindings(clean, on: makeEngine()).isEmpty)
    }

    @Test("a clean script has no findings")
    func clean() {
        #expect(
            findings(
                """
                @0 show up circular label="Uploading 24 photos" value=0%
                @5000 progress up 40%
                @15000 succeed up "Photos uploaded"
                @16000 toast "Settings saved"
                """
            ).isEmpty)
    }

    @Test("progress going back is told in the app's own values; the same value in another form is not a step back")
    func backwardsInTheAppsWords() {
        let back = findings("@0 show a circular value=60%\n@100 progress a 30/100")
        #expect(back.contains { $0.rule == .progressBackwards && $0.description.contains("from 60% to 30/100") }, "\(back)")
        #expect(
            !findings("@0 show a circular value=0.3\n@100 progress a 30/100\n@200 progress a 30%").contains {
                $0.rule == .progressBackwards
            })
    }

    /// Each rule's case: the script, the rule, the line it is found on. Kept out of the @Test
    /// attribute, where Swift 6.0's compiler fails on interpolated strings.
    static let ruleCases: [(String, ScriptLint.Rule, Int)] = [
        ("@0 show a circular label=\"Copying\"\n@3000 dismiss a", ScriptLint.Rule.labelOnShortTask, 1),
        ("@0 show a circular label=\"\(String(repeating: "Copying the files ", count: 5))\"\n@20000 dismiss a", .labelOverOneLine, 1),
        ("@0 show a spinner label=\"Loading\"\n@20000 dismiss a", .vagueLabel, 1),
        ("@0 show a circular\n@1 label a \"Please wait\"\n@20000 dismiss a", .vagueLabel, 2),
        ("@0 show a circular label=\"Uploading Your Holiday Photos\"\n@20000 dismiss a", .titleCase, 1),
        ("@0 show a spinner\n@100 progress a 10%", .spinnerWithProgress, 1),
        ("@0 show a circular value=50%\n@100 progress a 40%", .progressBackwards, 2),
        ("@0 toast \"\(String(repeating: "Your receipt is on its way ", count: 6))\"", .longToast, 1),
    ]

    @Test("each rule is found on its line", arguments: LintTests.ruleCases)
    func rule(source: String, rule: ScriptLint.Rule, line: Int) {
        let found = findings(source)
        #expect(found.contains { $0.rule == rule && $0.line == line }, "\(found)")
        #expect(found.allSatisfy { !$0.description.isEmpty })
    }

    @Test("replay's default frame times: each moment's commands once they show, or just before the next moment")
    func settledFrameTimes() {
        let script = Script(
            parsing: """
                @0 show up circular value=0%
                @2000 progress up 25%
                @2100 progress up 30%
                @9000 toast "Saved"
                @9000 dismiss up
                """)
        #expect(script.settledFrameTimes(on: makeEngine()) == [750, 2099, 2400, 9150])
        #expect(Script(parsing: "").settledFrameTimes(on: makeEngine()) == [0])
    }
}
