// SPDX-License-Identifier: Apache-2.0
/// A command line split into positional words and `--option value` pairs.
struct Arguments {
    var positional: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// `valued` options take the next word as their value; `switches` take none.
    init(_ words: [String], valued: Set<String>, switches: Set<String>) throws(UsageError) {
        var i = 0
        while i < words.count {
            let w = words[i]
            if w.hasPrefix("--") {
                var name = String(w.dropFirst(2))
                var inline: String? = nil
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if valued.contains(name) {
                    if let inline {
                        options[name] = inline
                    } else {
                        guard i + 1 < words.count else { throw UsageError(description: "--\(name) needs a value") }
                        options[name] = words[i + 1]
                        i += 1
                    }
                } else if switches.contains(name) && inline == nil {
                    flags.insert(name)
                } else {
                    let known = (valued.union(switches)).sorted().map { "--" + $0 }.joined(separator: ", ")
                    throw UsageError(description: "unknown option --\(name); this command takes \(known.isEmpty ? "no options" : known)")
                }
            } else {
                positional.append(w)
            }
            i += 1
        }
    }

    /// The option's whole number, checked against `range` so nothing a person types can make
    /// later arithmetic on it overflow.
    func integer(_ name: String, default value: Int, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let s = options[name] else { return value }
        guard let v = Arguments.wholeNumber(s), range.contains(v) else {
            throw UsageError(description: "--\(name) needs a whole number from \(range.lowerBound) to \(range.upperBound), not '\(s)'")
        }
        return v
    }

    /// Plain decimal digits (no sign, no spaces) as a number; nil for anything else or past 18 digits.
    static func wholeNumber(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.utf8.count <= 18, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(s)
    }

    static func wholeNumber(_ s: String) -> Int? { wholeNumber(s[...]) }
}
