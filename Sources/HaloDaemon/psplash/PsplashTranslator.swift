/// psplash's FIFO language in terms of Halo's: `MSG <text>`, `PROGRESS <0-100>` and `QUIT`,
/// each ended by a NUL byte (psplash-write sends the terminator) or a newline. The boot
/// progress becomes one linear indicator with the id `psplash`.
public struct PsplashTranslator {
    public enum Action: Equatable {
        /// A line of the control language to run.
        case command(String)
        /// psplash exits on QUIT; so does `halo run` (after dismissing the bar).
        case quit
        /// A message psplash would not understand either, with why.
        case ignored(String)
    }

    public static let id = "psplash"
    /// A message longer than this is cut: psplash's own buffer is 512 bytes.
    public static let maximumMessage = 512
    var pending: [UInt8] = []
    var started = false

    public init() {}

    /// Feeds bytes read from the FIFO; returns the actions of every message they complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Action] {
        var actions: [Action] = []
        for b in bytes {
            if b == 0 || b == UInt8(ascii: "\n") {
                if !pending.isEmpty { actions += translate(String(decoding: pending, as: UTF8.self)) }
                pending.removeAll(keepingCapacity: true)
            } else if pending.count < Self.maximumMessage {
                pending.append(b)
            }
        }
        return actions
    }

    mutating func translate(_ message: String) -> [Action] {
        let id = Self.id
        if message == "QUIT" {
            return started ? [.command("dismiss \(id)"), .quit] : [.quit]
        }
        if message.hasPrefix("PROGRESS ") {
            let text = message.dropFirst("PROGRESS ".count)
            guard let n = Int(text) else { return [.ignored("PROGRESS takes a whole number from 0 to 100, not '\(text)'")] }
            let percent = max(0, min(100, n))
            defer { started = true }
            return [.command(started ? "progress \(id) \(percent)%" : "show \(id) linear value=\(percent)%")]
        }
        if message.hasPrefix("MSG ") {
            let label = Self.quoted(String(message.dropFirst("MSG ".count)))
            defer { started = true }
            return [.command(started ? "label \(id) \(label)" : "show \(id) linear label=\(label)")]
        }
        return [.ignored("unknown psplash message '\(message.prefix(40))' (psplash knows MSG, PROGRESS and QUIT)")]
    }

    /// A control-language string: quotes and backslashes escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for ch in text {
            if ch == "\"" || ch == "\\" { out.append("\\") }
            out.append(ch)
        }
        return out + "\""
    }
}
