// SPDX-License-Identifier: Apache-2.0
/// A timed script: every command line starts with `@<milliseconds>`; `#` starts a comment.
public struct Script: Sendable {
    public struct Step: Sendable {
        public var line: Int
        public var text: String
        public var time: Instant
        public var command: Command
    }

    public struct LineError: Error, Sendable, CustomStringConvertible {
        public var line: Int
        public var text: String
        public var error: ControlError
        public var description: String { "line \(line): `\(text)`: \(error.message)" }
    }

    public var steps: [Step] = []
    public var errors: [LineError] = []
    /// The latest time a script may name: a day.
    public static let maximumMilliseconds = 86_400_000

    public init(parsing source: String) {
        var lastTime: Int64 = 0
        var number = 0
        for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var text = String(raw)
            if text.hasSuffix("\r") { text.removeLast() }
            let shown = text.utf8.count > 120 ? String(text.prefix(80)) + "…" : text
            if text.utf8.count > CommandParser.maximumLineBytes {
                errors.append(
                    LineError(
                        line: number, text: shown,
                        error: ControlError(
                            "line is \(text.utf8.count) bytes, over the \(CommandParser.maximumLineBytes)-byte limit; shorten it")))
                continue
            }
            let trimmed = Script.trim(text)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard trimmed.hasPrefix("@") else {
                errors.append(
                    LineError(
                        line: number, text: shown,
                        error: ControlError("a script line starts with @<milliseconds>, e.g. @1500 progress upload 60%")))
                continue
            }
            let afterAt = trimmed.dropFirst()
            let digits = afterAt.prefix { $0 >= "0" && $0 <= "9" }
            guard !digits.isEmpty, digits.count <= 9, let ms = Int64(digits), ms <= Script.maximumMilliseconds else {
                errors.append(
                    LineError(
                        line: number, text: shown,
                        error: ControlError("'@' must be followed by a time in whole milliseconds (at most a day), e.g. @1500")))
                continue
            }
            if ms < lastTime {
                errors.append(
                    LineError(
                        line: number, text: shown,
                        error: ControlError("time @\(ms) is before the previous line's @\(lastTime); times must not decrease")))
                continue
            }
            lastTime = ms
            let rest = String(afterAt.dropFirst(digits.count))
            switch CommandParser.parse(rest) {
            case .success(let command):
                steps.append(Step(line: number, text: shown, time: .milliseconds(ms), command: command))
            case .failure(let e):
                errors.append(LineError(line: number, text: shown, error: e))
            }
        }
    }

    static func trim(_ s: String) -> String {
        var sub = Substring(s)
        while let f = sub.first, f == " " || f == "\t" { sub = sub.dropFirst() }
        while let l = sub.last, l == " " || l == "\t" { sub = sub.dropLast() }
        return String(sub)
    }
}
