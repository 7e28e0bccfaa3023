// SPDX-License-Identifier: Apache-2.0
/// Finds what in a script goes against the indicator guidelines without being an error, and,
/// with `engineFindings`, what the engine refuses or warns about.
public struct ScriptLint {
    public struct Finding: Equatable, CustomStringConvertible, Sendable {
        public var line: Int
        public var rule: Rule
        public var detail: String
        public var description: String { "line \(line): \(rule.sentence) (\(detail))" }
    }

    public enum Rule: String, CaseIterable, Sendable {
        case labelOnShortTask = "label-on-short-task"
        case labelOverOneLine = "label-over-one-line"
        case vagueLabel = "vague-label"
        case titleCase = "title-case"
        case spinnerWithProgress = "spinner-with-progress"
        case progressBackwards = "progress-backwards"
        case longToast = "long-toast"
        /// The engine refuses the line: replay and the daemon would answer it with an error.
        case refused
        /// The engine carries the line out but warns (a label cut, a toast dropped).
        case engineWarning = "engine-warning"

        /// The rule, in one sentence.
        public var sentence: String {
            switch self {
            case .labelOnShortTask: return "a running label only helps when the task lasts 10 s or more; drop it for shorter ones"
            case .labelOverOneLine: return "a label should fit on one line; two is the most, and only for narrow screens"
            case .vagueLabel: return "say what is being processed instead of words like loading or please wait, which tell the user nothing"
            case .titleCase: return "labels use sentence case: capitalise the first word and proper nouns only"
            case .spinnerWithProgress:
                return "this activity reports progress, so show a determinate circular or linear indicator instead of a spinner"
            case .progressBackwards: return "progress must be reported accurately and never move backwards"
            case .longToast: return "a toast is a short confirmation; keep its text within two lines"
            case .refused: return "replay and the daemon refuse this line"
            case .engineWarning: return "replay and the daemon carry this line out with a warning"
            }
        }
    }

    /// Words that say nothing about what is happening.
    static let vagueWords = ["loading", "please wait", "authenticating", "working", "one moment", "wait"]
    static let shortTaskMicroseconds: Int64 = 10_000_000

    /// `lines(text, forToast)` gives how many lines the text takes on the target screen.
    public static func findings(_ script: Script, lines: (String, Bool) -> Int) -> [Finding] {
        var found: [Finding] = []
        struct Running {
            var line: Int
            var kind: IndicatorKind
            var start: Instant
            var labelLine: Int?
            var lastValue: ProgressValue?
        }
        var running: [String: Running] = [:]
        var spinnerFlagged: Set<String> = []

        func checkLabel(_ text: String, line: Int) {
            // Whole words only: "Uploading" is specific, "Loading" is not.
            let words = " " + String(text.lowercased().map { $0.isLetter ? $0 : " " }).split(separator: " ").joined(separator: " ") + " "
            if let word = vagueWords.first(where: { words.contains(" \($0) ") }) {
                found.append(Finding(line: line, rule: .vagueLabel, detail: "\"\(text)\" says \(word)"))
            }
            if isTitleCase(text) {
                found.append(Finding(line: line, rule: .titleCase, detail: "\"\(text)\""))
            }
            let n = lines(text, false)
            if n > 1 {
                found.append(Finding(line: line, rule: .labelOverOneLine, detail: "\"\(text)\" takes \(n) lines"))
            }
        }

        for step in script.steps {
            switch step.command {
            case .show(let id, let kind, let o):
                if running[id] == nil || o.value == nil && running[id]?.kind != kind {
                    running[id] = Running(line: step.line, kind: kind, start: step.time, labelLine: nil, lastValue: o.value)
                }
                if let label = o.label {
                    running[id]?.labelLine = step.line
                    checkLabel(label, line: step.line)
                }
                if let v = o.value { noteValue(id, v, step.line) }
            case .label(let id, let text):
                if running[id]?.labelLine == nil { running[id]?.labelLine = step.line }
                checkLabel(text, line: step.line)
            case .progress(let id, let value):
                if let r = running[id], r.kind == .spinner, !spinnerFlagged.contains(id) {
                    spinnerFlagged.insert(id)
                    found.append(Finding(line: r.line, rule: .spinnerWithProgress, detail: "\(id) reports progress on line \(step.line)"))
                }
                noteValue(id, value, step.line)
            case .succeed(let id, _, _), .fail(let id, _), .dismiss(let id), .cancel(let id):
                if let r = running[id], let labelLine = r.labelLine, step.time - r.start < shortTaskMicroseconds {
                    let seconds = (step.time - r.start) / 100_000
                    found.append(
                        Finding(
                            line: labelLine, rule: .labelOnShortTask,
                            detail: "\(id) ended after \(seconds / 10).\(seconds % 10) s on line \(step.line)"))
                }
                running[id] = nil
            case .pause, .resume: break
            case .toast(let text, _):
                let n = lines(text, true)
                if n > 2 { found.append(Finding(line: step.line, rule: .longToast, detail: "the text takes \(n) lines")) }
                if isTitleCase(text) { found.append(Finding(line: step.line, rule: .titleCase, detail: "\"\(text)\"")) }
            }
        }

        func noteValue(_ id: String, _ v: ProgressValue, _ line: Int) {
            // Values in the app's own words (60%, 30/100). One Q16 step of slack: 0.3 and 30/100
            // land a unit apart, and no real step back is that small.
            if let last = running[id]?.lastValue, v.fractionQ16 + 1 < last.fractionQ16 {
                found.append(Finding(line: line, rule: .progressBackwards, detail: "\(id) went from \(last.text) to \(v.text)"))
            }
            running[id]?.lastValue = v
        }
        return found.sorted { ($0.line, $0.rule.rawValue) < ($1.line, $1.rule.rawValue) }
    }

    /// Title case: at least two later words of four or more letters, and every one of them
    /// capitalised. Acronyms and words with inner capitals (USB, iPhone) are not judged.
    static func isTitleCase(_ text: String) -> Bool {
        let later = text.split(separator: " ").dropFirst().map { $0.filter { $0.isLetter } }.filter { w in
            w.count >= 4 && w.dropFirst().allSatisfy { $0.isLowercase }
        }
        return later.count >= 2 && later.allSatisfy { $0.first?.isUppercase ?? false }
    }
}
