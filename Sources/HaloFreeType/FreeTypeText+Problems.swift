// SPDX-License-Identifier: Apache-2.0

/// How many of FreeTypeText's problems have been given out already.
struct ReportedProblems {
    var missing = 0
    var fallbacks = 0
    var shaping = false
}

extension FreeTypeText {
    /// The problems met since the last call: characters no font has (named by code point:
    /// the log stays plain text whatever a client sent), fallback fonts that could not be
    /// read, and shaping that is unavailable, each once.
    public func newProblems() -> [String] {
        let why = shapingUnavailable
        guard missingCharacters.count > reported.missing || fallbackProblems.count > reported.fallbacks || (why != nil && !reported.shaping)
        else { return [] }
        var out: [String] = []
        if missingCharacters.count > reported.missing {
            let new = missingCharacters[reported.missing...]
            let names = new.map { "U+" + Self.hex($0.value) }.joined(separator: ", ")
            out.append(
                "no font has \(names): drawn as the missing box; add a font that has \(new.count == 1 ? "it" : "them") to theme.font.fallbacks"
            )
            reported.missing = missingCharacters.count
        }
        out += fallbackProblems[reported.fallbacks...]
        reported.fallbacks = fallbackProblems.count
        if let why, !reported.shaping {
            out.append(why)
            reported.shaping = true
        }
        return out
    }

    /// `value` in upper-case hexadecimal, at least four digits, as code points are written.
    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
