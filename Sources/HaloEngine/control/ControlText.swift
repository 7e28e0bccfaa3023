// SPDX-License-Identifier: Apache-2.0
/// Writing text into a line of the control language, for everything that turns what its own
/// clients say into commands (Plymouth, psplash, `halo wrap`). Every one of them quotes
/// through here, so there is one answer to what ends a quoted string.
public enum ControlText {
    /// `text` in the language's quotes, its quotes and backslashes escaped: what `Tokenizer`
    /// reads back as exactly `text`. The escaping looks at Unicode scalars, as the tokenizer
    /// looks at bytes: a quote joined into one `Character` with a combining mark after it or a
    /// prepended scalar before it is still a quote to the tokenizer, so it is escaped too.
    public static func quoted(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { out.append("\\") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }

    /// `quoted`, for a line sent over a socket: at most `maximumScalars` of `text`, and every
    /// line break made a space, since a line break would end the line and start another command.
    public static func quotedOnOneLine(_ text: String, maximumScalars: Int = 200) -> String {
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(max(0, maximumScalars)) {
            line.append(isLineBreak(scalar) ? " " : scalar)
        }
        return quoted(String(line))
    }

    /// The scalars Unicode counts as ending a line (`Character.isNewline`'s set).
    static func isLineBreak(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
