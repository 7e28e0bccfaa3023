// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// psplash's FIFO language in terms of Halo's: `MSG <text>`, `PROGRESS <0-100>` and `QUIT`,
/// each ended by a NUL byte (psplash-write sends the terminator) or a newline. The boot
/// progress becomes one linear indicator with the id `psplash`. As psplash draws its message
/// and its bar as two things, the bar shows no percentage beside the message.
///
/// The translator keeps no record of whether the bar exists: a client may dismiss it, and the
/// next message must bring it back. Each message therefore says what to run while the bar is
/// there and what to run to start it again when it is not.
public struct PsplashTranslator {
    public enum Action: Equatable {
        /// A line of the control language to run; when it fails because the bar is gone
        /// (`unknown-id` or `ended`), `orStart` is run instead.
        case command(String, orStart: String?)
        /// psplash exits on QUIT; so does `halo run` (after dismissing the bar).
        case quit
        /// A message psplash would not understand either, with why.
        case ignored(String)
    }

    public static let id = "psplash"
    /// A longer message is dropped whole, not cut: psplash's own buffer is 512 bytes, and half
    /// a message could say something else.
    public static let maximumMessage = 512
    var pending: [UInt8] = []
    /// Bytes of the current message past the limit; nonzero while dropping it.
    var overflow = 0
    /// When the last byte of an unfinished message came.
    var lastByte: Instant?
    /// An unfinished message with no byte for this long is dropped: psplash-write sends each
    /// message whole, in one write, so its writer stalled or is gone, and its bytes must not
    /// glue onto the next writer's message.
    public static let stallMicroseconds: Int64 = 1_000_000

    public init() {}

    /// When an unfinished message is due to be dropped, if there is one.
    public var deadline: Instant? {
        guard let lastByte, !pending.isEmpty || overflow > 0 else { return nil }
        return Instant(microseconds: lastByte.microseconds + Self.stallMicroseconds)
    }

    /// Drops an unfinished message whose writer has stalled by `now`, saying so.
    public mutating func expire(at now: Instant) -> [Action] {
        guard let due = deadline, now >= due else { return [] }
        let text = String(decoding: pending.prefix(40), as: UTF8.self)
        let size = pending.count + overflow
        pending.removeAll(keepingCapacity: true)
        overflow = 0
        lastByte = nil
        return [
            .ignored(
                "an unfinished message of \(size) bytes ('\(text)') had no NUL or newline after it for \(Self.stallMicroseconds / 1_000_000) s and was dropped; end each message with a NUL byte, as psplash-write does"
            )
        ]
    }

    /// Feeds bytes read from the FIFO at `now`; returns the actions of every message they
    /// complete, after dropping one left unfinished by a writer that stalled.
    public mutating func feed(_ bytes: some Sequence<UInt8>, at now: Instant = .zero) -> [Action] {
        var actions = expire(at: now)
        for b in bytes {
            if b == 0 || b == UInt8(ascii: "\n") {
                if overflow > 0 {
                    actions.append(
                        .ignored(
                            "a message of \(pending.count + overflow) bytes is longer than psplash's \(Self.maximumMessage) and was dropped"
                        ))
                } else if !pending.isEmpty {
                    actions += translate(String(decoding: pending, as: UTF8.self))
                }
                pending.removeAll(keepingCapacity: true)
                overflow = 0
            } else if pending.count < Self.maximumMessage {
                pending.append(b)
            } else {
                overflow += 1
            }
        }
        lastByte = pending.isEmpty && overflow == 0 ? nil : now
        return actions
    }

    func translate(_ message: String) -> [Action] {
        let id = Self.id
        if message == "QUIT" { return [.quit] }
        if message.hasPrefix("PROGRESS ") {
            let text = message.dropFirst("PROGRESS ".count)
            guard text.utf8.count <= 12, let n = Int(text) else {
                return [.ignored("PROGRESS takes a whole number from 0 to 100, not '\(text.prefix(40))'")]
            }
            let percent = max(0, min(100, n))
            let command = Action.command("progress \(id) \(percent)%", orStart: "show \(id) linear value=\(percent)% show-value=no")
            if percent != n { return [.ignored("PROGRESS \(n) is outside 0 to 100 and was shown as \(percent)"), command] }
            return [command]
        }
        if message.hasPrefix("MSG ") {
            let label = ControlText.quoted(String(message.dropFirst("MSG ".count)))
            return [.command("label \(id) \(label)", orStart: "show \(id) linear label=\(label) show-value=no")]
        }
        return [.ignored("unknown psplash message '\(message.prefix(40))' (psplash knows MSG, PROGRESS and QUIT)")]
    }
}
