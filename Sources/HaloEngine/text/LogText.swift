// SPDX-License-Identifier: Apache-2.0
/// Text from outside (a client's line, a FIFO's bytes, a script, a program's name) made safe to
/// write to a log or a terminal: control characters become visible escapes, so bytes such as
/// ESC or a carriage return cannot rewrite what a person reads, forge a log line or upset a
/// terminal.
public enum LogText {
    /// `text` with every C0 and C1 control character (tab included, newline included) and DEL
    /// written as `\xNN` or `\u{NN}`; everything else as it is.
    public static func escaped(_ text: String) -> String {
        if !text.unicodeScalars.contains(where: isControl) { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if !isControl(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar.value < 0x80 {
                out += "\\x" + hex(scalar.value)
            } else {
                out += "\\u{" + hex(scalar.value) + "}"
            }
        }
        return out
    }

    static func isControl(_ s: Unicode.Scalar) -> Bool { s.value < 0x20 || (s.value >= 0x7F && s.value < 0xA0) }

    static func hex(_ v: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(v >> 4 & 0xF)], digits[Int(v & 0xF)]])
    }
}
