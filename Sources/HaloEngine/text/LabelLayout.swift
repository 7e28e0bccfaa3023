// SPDX-License-Identifier: Apache-2.0
/// Breaks a label into at most two lines where the Unicode Line Breaking Algorithm allows
/// (`LineBreaks`: at spaces, between Chinese and Japanese characters, never before closing
/// punctuation), ending in an ellipsis if it does not fit. Two lines is the guidelines' hard
/// limit; one is what they recommend.
public enum LabelLayout {
    public static let maximumLines = 2
    public static let ellipsis = "…"

    public struct Result: Equatable {
        public var lines: [String]
        /// True when text was cut to fit.
        public var truncated: Bool
        /// The label reads right to left: a line is aligned from the right, and the ellipsis
        /// (at the text's logical end) shows at the left.
        public var rightToLeft = false
    }

    /// Terminates for every width: a line narrower than one character (even zero or negative)
    /// holds one character. Each line costs a number of measurements that grows with the
    /// logarithm of the text's length, not the length, so a 4 KiB label of narrow characters
    /// is laid out as quickly as a short one. With `advances` (each scalar's advance in 64ths
    /// of a pixel from one shaping of the whole text, `TextRasterizer.scalarAdvances`) a line's
    /// end is found by adding them up, and measuring the line found only confirms it.
    public static func lines(
        _ text: String, maxWidth: Int32, maxLines: Int = maximumLines, measure: (String) -> Int32, advances: [Int32]? = nil
    ) -> Result {
        // A tab is a space here: fonts draw it as a missing glyph. The advances were of the tab,
        // so such a text is measured line by line.
        let tabbed = text.contains("\t")
        let text = tabbed ? String(text.map { $0 == "\t" ? " " : $0 }) : text
        let breaks = LineEnds(text)
        let sums = tabbed ? nil : advances.flatMap { AdvanceSums(text, advances: $0) }
        var lines: [String] = []
        var from = text.startIndex
        while true {
            from = text[from...].firstIndex { !isSpace($0) } ?? text.endIndex
            if from == text.endIndex || lines.count >= maxLines { break }
            func fits(_ end: String.Index) -> Bool { measure(String(trimmed(text[from..<end]))) <= maxWidth }
            let candidates = breaks.candidates(after: from)
            var found: String.Index? = nil
            if let sums {
                let estimate = { (end: String.Index) in sums.width(text, from, trimmed(text[from..<end]).endIndex) }
                if let guess = furthest(candidates, fitting: { estimate($0) <= maxWidth }), fits(guess) {
                    found = guess
                    // A kerned pair across the cut can make the sums a pixel or two wider than
                    // the line: on the last line, where a word put off would be cut off, an end
                    // they put just over the room is measured too.
                    if lines.count + 1 >= maxLines, let k = candidates.firstIndex(of: guess), k + 1 < candidates.endIndex,
                        estimate(candidates[k + 1]) <= maxWidth &+ 2, fits(candidates[k + 1])
                    {
                        found = furthest(candidates[(k + 1)...], fitting: fits)
                    }
                }
            }
            if let end = found ?? furthest(candidates, fitting: fits) {
                lines.append(String(trimmed(text[from..<end])))
                from = end
            } else {
                let end = emergencyEnd(text[from..<candidates[candidates.startIndex]], fitting: fits)
                lines.append(String(trimmed(text[from..<end])))
                from = end
            }
        }
        let truncated = from != text.endIndex
        if truncated, let last = lines.popLast() {
            lines.append(withEllipsis(last, maxWidth: maxWidth, measure: measure))
        }
        return Result(lines: lines, truncated: truncated)
    }

    /// The last of `ends` whose line fits, or nil when not even the first does. Galloping then
    /// halving keeps the measurements few however many break opportunities a line has.
    static func furthest(_ ends: ArraySlice<String.Index>, fitting fits: (String.Index) -> Bool) -> String.Index? {
        guard let first = ends.first, fits(first) else { return nil }
        var good = ends.startIndex
        var bad = ends.endIndex
        var step = 1
        var galloping = true
        while good + 1 < bad {
            let probe = galloping ? min(good + step, bad - 1) : (good + bad) / 2
            if fits(ends[probe]) {
                good = probe
                step *= 2
            } else {
                bad = probe
                galloping = false
            }
        }
        return ends[good]
    }

    /// Where to cut a piece with no break opportunity that fits on a line (a long word or
    /// number): after the most whole characters that fit, at least one, and never just before
    /// a character that may not start a line.
    static func emergencyEnd(_ piece: Substring, fitting fits: (String.Index) -> Bool) -> String.Index {
        let ends = Array(piece.indices.dropFirst()) + [piece.endIndex]
        var count = 1
        var bad = ends.count + 1
        while count + 1 < bad {
            let probe = (count + bad) / 2
            if fits(ends[probe - 1]) { count = probe } else { bad = probe }
        }
        while count > 1 && count < ends.count && startsClosing(piece[ends[count - 1]...]) { count -= 1 }
        while count < ends.count && startsClosing(piece[ends[count - 1]...]) { count += 1 }
        return ends[count - 1]
    }

    static func startsClosing(_ text: Substring) -> Bool {
        guard let scalar = text.unicodeScalars.first else { return false }
        switch LineBreakProperty(of: scalar).lineClass {
        case .closePunctuation, .closeParenthesis, .exclamation, .infixSeparator, .symbol, .nonStarter: return true
        default: return false
        }
    }

    /// The most whole characters of `line` that fit with the ellipsis after them.
    static func withEllipsis(_ line: String, maxWidth: Int32, measure: (String) -> Int32) -> String {
        let ends = [line.startIndex] + Array(line.indices.dropFirst()) + [line.endIndex]
        let candidate = { (end: String.Index) in String(trimmed(line[..<end])) + ellipsis }
        var good = 0
        var bad = ends.count
        while good + 1 < bad {
            let probe = (good + bad) / 2
            if measure(candidate(ends[probe])) <= maxWidth { good = probe } else { bad = probe }
        }
        return candidate(ends[good])
    }

    static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let last = text.last, isSpace(last) { text.removeLast() }
        return text
    }

    /// Whether `c` is white space. ASCII is answered here: the standard library's property
    /// tables are code and data a boot splash otherwise never touches.
    static func isSpace(_ c: Character) -> Bool {
        if let ascii = c.asciiValue { return ascii == 0x20 || (0x09...0x0D).contains(ascii) }
        return c.isWhitespace
    }
}
