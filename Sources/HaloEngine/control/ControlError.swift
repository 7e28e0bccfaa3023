/// A command that cannot be carried out, with a sentence that names the problem and the fix.
public struct ControlError: Error, Equatable, CustomStringConvertible, Sendable {
    public var message: String
    /// A short machine-readable class for the daemon's `error <code>: <message>` replies.
    public var code: String

    public init(_ message: String, code: String = "invalid") {
        self.message = message
        self.code = code
    }

    public var description: String { message }
}

/// Something the engine did but wants the app's author to know (a toast cut short, say).
public struct ControlWarning: Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
