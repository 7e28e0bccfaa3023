// SPDX-License-Identifier: Apache-2.0
/// A problem in a board file: where it is, what is wrong, and how to fix it.
public struct BoardError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var line: Int?
    public var key: String?
    public var message: String
    public var fix: String

    public var description: String {
        var s = path
        if let line { s += ":\(line)" }
        s += ": "
        if let key { s += "\(key): " }
        return s + message + "; " + fix
    }
}
