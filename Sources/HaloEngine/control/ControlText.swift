// SPDX-License-Identifier: Apache-2.0
/// Writing text into a line of the control language, for the daemon's translators (psplash,
/// Plymouth) that turn what their clients say into commands.
public enum ControlText {
    /// `text` in the language's quotes, its quotes and backslashes escaped: what `Tokenizer`
    /// reads back as exactly `text`.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
