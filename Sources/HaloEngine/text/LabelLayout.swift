// SPDX-License-Identifier: Apache-2.0
/// Breaks a label into at most two lines at word boundaries, ending in an ellipsis if it does
/// not fit. Two lines is the guidelines' hard limit; one is what they recommend.
public enum LabelLayout {
    public static let maximumLines = 2
    public static let ellipsis = "…"

    public struct Result: Equatable {
        public var lines: [String]
        /// True when text was cut to fit.
        public var truncated: Bool
    }

    /// Terminates for every width: a line narrower than one character (even zero or negative)
    /// holds one character, and words are only cut while their pieces can still be shown.
    public static func lines(_ text: String, maxWidth: Int32, maxLines: Int = maximumLines, measure: (String) -> Int32) -> Result {
        // A word wider than a line is cut into pieces that each fill a line. Past `maxLines`
        // pieces of one word the rest cannot be shown, so it is left whole (cutting it would
        // cost a measurement per character of a 4 KiB word).
        var pieces: [String] = []
        // Words found in place rather than by `split`, whose array of substrings would be the
        // first of its type a daemon allocates, paid for inside the first label's frame.
        let gap: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\t" }
        var next = text.startIndex
        while let from = text[next...].firstIndex(where: { !gap($0) }) {
            next = text[from...].firstIndex(where: gap) ?? text.endIndex
            var rest = String(text[from..<next])
            var cuts = 0
            while !rest.isEmpty && cuts <= maxLines && measure(rest) > maxWidth {
                cuts += 1
                var head = ""
                for ch in rest {
                    if !head.isEmpty && measure(head + String(ch)) > maxWidth { break }
                    head.append(ch)
                }
                pieces.append(head)
                rest = String(rest.dropFirst(head.count))
            }
            if !rest.isEmpty { pieces.append(rest) }
        }
        var lines: [String] = []
        var current = ""
        var used = 0
        for piece in pieces {
            let candidate = current.isEmpty ? piece : current + " " + piece
            if current.isEmpty || measure(candidate) <= maxWidth {
                current = candidate
                used += 1
                continue
            }
            lines.append(current)
            if lines.count == maxLines { break }
            current = piece
            used += 1
        }
        if lines.count < maxLines && !current.isEmpty { lines.append(current) }
        let truncated = used < pieces.count
        if truncated, let last = lines.popLast() {
            var cut = last
            while !cut.isEmpty && measure(cut + ellipsis) > maxWidth { cut.removeLast() }
            while cut.hasSuffix(" ") { cut.removeLast() }
            lines.append(cut + ellipsis)
        }
        return Result(lines: lines, truncated: truncated)
    }
}
