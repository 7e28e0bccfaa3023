// SPDX-License-Identifier: Apache-2.0
/// A command that cannot be carried out, with a sentence that names the problem and the fix.
public struct ControlError: Error, Equatable, CustomStringConvertible, Sendable {
    /// Every class of error a reply can carry, the engine's and the daemon's: the one list
    /// that the code, `halo help control` and the README's table all use.
    public enum Code: String, CaseIterable, Sendable {
        case invalid
        case unknownCommand = "unknown-command"
        case labelRequired = "label-required"
        case outOfRange = "out-of-range"
        case unknownID = "unknown-id"
        case ended
        case refused
        case limit
        case tooLong = "too-long"
        case unsupported
        case display
        case file
        case timeout
        case idle
        case busy

        /// What the code means, in a few words.
        public var meaning: String {
            switch self {
            case .invalid: return "a line that does not parse, or a value that is not one"
            case .unknownCommand: return "a first word that is no command"
            case .labelRequired: return "succeed or fail without the label that says what happened"
            case .outOfRange: return "a value or region past what can be shown"
            case .unknownID: return "no activity has this id"
            case .ended: return "the activity has finished; show it again to start a new run"
            case .refused: return "a change the guidelines forbid (a spinner with a value, a second kind for one id)"
            case .limit: return "too many activities for the daemon, this user or this connection"
            case .tooLong: return "a line over 4096 bytes"
            case .unsupported: return "a command this screen cannot carry out (a handoff on fbdev, a snapshot of a real screen)"
            case .display: return "the display failed to carry out a handoff"
            case .file: return "a snapshot could not be written"
            case .timeout: return "half a line and then silence: the connection is closed"
            case .idle: return "the connection was quiet and its place was needed: it is closed"
            case .busy: return "no place for the connection: it is closed"
            }
        }

        /// `error CODE: MESSAGE`, a reply line.
        public func reply(_ message: String) -> String { "error \(rawValue): \(message)" }
    }

    public var message: String
    /// The class of the error, for the daemon's `error <code>: <message>` replies.
    public var kind: Code
    /// `kind` as the reply spells it.
    public var code: String { kind.rawValue }

    public init(_ message: String, code: Code = .invalid) {
        self.message = message
        self.kind = code
    }

    public var description: String { message }
}

/// Something the engine did but wants the app's author to know (a toast cut short, say).
public struct ControlWarning: Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
