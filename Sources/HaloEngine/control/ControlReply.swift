// SPDX-License-Identifier: Apache-2.0
/// One line of the control language carried out on an engine, and the one-line answer to it:
/// `ok`, `ok; warning: ...` or `error <code>: <message>`, the message's control characters
/// escaped. The daemon sends it to the client; the psplash reader and the tests read it.
public struct ControlReply: Sendable {
    public var text: String
    /// The command, when it was carried out.
    public var applied: Command?
}

extension Engine {
    /// Parses `line` and carries it out at `now` for `owner` (see `apply`).
    public func reply(to line: String, at now: Instant, owner: Owner = .host) -> ControlReply {
        switch CommandParser.parse(line) {
        case .failure(let e):
            return ControlReply(text: "error \(e.code): \(LogText.escaped(e.message))", applied: nil)
        case .success(let command):
            do {
                let warnings = try apply(command, at: now, owner: owner)
                let text = warnings.isEmpty ? "ok" : "ok; warning: " + LogText.escaped(warnings.map(\.message).joined(separator: "; "))
                return ControlReply(text: text, applied: command)
            } catch {
                return ControlReply(text: "error \(error.code): \(LogText.escaped(error.message))", applied: nil)
            }
        }
    }
}
