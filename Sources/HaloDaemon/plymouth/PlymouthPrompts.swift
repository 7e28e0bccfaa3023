// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL

/// Plymouth's prompts and keystroke watches, as plymouthd keeps them: questions wait in a queue
/// and the first is on screen; what is typed goes to it, and Enter answers it with the text.
/// With no prompt waiting, a typed key answers the first watch that asked for it (systemd-fsckd
/// watches Ctrl+C to cancel its checks). Ctrl+C, Ctrl+D or Escape at a prompt answers `\u{3}`,
/// which Plymouth's clients read as "the person declined".
///
/// Passwords that were answered are kept, as plymouthd keeps them, for a client that asks for
/// the cached ones (`plymouth ask-for-password --command`, tried on each disk in turn) until
/// the splash quits. Bounds: `maximumTyped` bytes typed, `maximumCached` passwords, and one
/// entry and one watch per connection (connections are bounded by the server).
public struct PlymouthPrompts: Sendable {
    public init() {}
    public enum Kind: Equatable, Sendable { case password, question }

    public struct Entry: Equatable, Sendable {
        public var kind: Kind
        public var question: String
        public var connection: Int
    }

    public struct Watch: Equatable, Sendable {
        /// The keys that answer it; nil for any key.
        public var keys: String?
        public var connection: Int
    }

    /// An answer for a connection: the text, or nil for Plymouth's "no answer".
    public struct Answer: Equatable, Sendable {
        public var connection: Int
        public var text: String?
    }

    /// The longest answer, in bytes: cryptsetup's own limit for a typed passphrase.
    public static let maximumTyped = 512
    public static let maximumCached = 16
    /// What a cancelled prompt answers: Ctrl+C, as plymouthd answers it.
    static let declined = "\u{3}"

    public private(set) var entries: [Entry] = []
    public private(set) var watches: [Watch] = []
    public private(set) var typed = ""
    public private(set) var cached: [String] = []

    /// Queues a question from `connection`; false when that connection already waits for one.
    public mutating func ask(_ kind: Kind, question: String, connection: Int) -> Bool {
        guard !entries.contains(where: { $0.connection == connection }) else { return false }
        entries.append(Entry(kind: kind, question: question, connection: connection))
        return true
    }

    /// Watches for one of `keys` (any key when nil) for `connection`; false when it already watches.
    public mutating func watch(keys: String?, connection: Int) -> Bool {
        guard !watches.contains(where: { $0.connection == connection }) else { return false }
        watches.append(Watch(keys: keys.flatMap { $0.isEmpty ? nil : $0 }, connection: connection))
        return true
    }

    /// `ignore-keystroke`: the first watch for exactly `keys` ends with no answer.
    public mutating func ignore(keys: String?) -> [Answer] {
        let keys = keys.flatMap { $0.isEmpty ? nil : $0 }
        guard let i = watches.firstIndex(where: { $0.keys == keys }) else { return [] }
        return [Answer(connection: watches.remove(at: i).connection, text: nil)]
    }

    /// A connection closed: its entry and watch go, and what was typed for its entry with them.
    public mutating func forget(connection: Int) {
        if entries.first?.connection == connection { typed = "" }
        entries.removeAll { $0.connection == connection }
        watches.removeAll { $0.connection == connection }
    }

    /// The splash quits: every waiting client is told there is no answer and the cache is emptied.
    public mutating func end() -> [Answer] {
        let answers =
            entries.map { Answer(connection: $0.connection, text: nil) } + watches.map { Answer(connection: $0.connection, text: nil) }
        entries = []
        watches = []
        typed = ""
        cached = []
        return answers
    }

    /// What a person typed; the answers it completes.
    public mutating func type(_ key: TypedKey) -> [Answer] {
        guard let first = entries.first else { return keystroke(key) }
        switch key {
        case .text(let text):
            for c in text where typed.utf8.count + String(c).utf8.count <= Self.maximumTyped { typed.append(c) }
            return []
        case .erase:
            if !typed.isEmpty { typed.removeLast() }
            return []
        case .eraseAll:
            typed = ""
            return []
        case .enter:
            let answer = typed
            typed = ""
            entries.removeFirst()
            if first.kind == .password {
                if cached.count == Self.maximumCached { cached.removeFirst() }
                cached.append(answer)
            }
            return [Answer(connection: first.connection, text: answer)]
        case .cancel:
            typed = ""
            entries.removeFirst()
            return [Answer(connection: first.connection, text: Self.declined)]
        }
    }

    /// A key with no prompt waiting: the first watch for it is answered with it.
    mutating func keystroke(_ key: TypedKey) -> [Answer] {
        let characters: [Character]
        switch key {
        case .text(let text): characters = Array(text)
        case .enter: characters = ["\n"]
        case .cancel: characters = ["\u{3}"]
        case .erase, .eraseAll: return []
        }
        var answers: [Answer] = []
        for c in characters {
            guard let i = watches.firstIndex(where: { $0.keys.map { $0.contains(c) } ?? true }) else { continue }
            answers.append(Answer(connection: watches.remove(at: i).connection, text: String(c)))
        }
        return answers
    }

    /// The prompt to draw now: the first entry's question and what was typed for it.
    public var prompt: Prompt? {
        guard let first = entries.first else { return nil }
        let field: Prompt.Field = first.kind == .password ? .masked(count: typed.count) : .visible(typed)
        return Prompt(question: first.question, field: field)
    }
}
