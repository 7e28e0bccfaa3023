// SPDX-License-Identifier: Apache-2.0
/// Splits a control line into words, quoted strings and `key=value` pairs.
///
/// Quoted strings use double quotes; inside them `\"` is a quote and `\\` a backslash. A value
/// may be quoted (`label="Saving photos"`) or bare (`value=60%`).
enum Token: Equatable {
    case word(String)
    case quoted(String)
    case pair(key: String, value: String)

    var text: String {
        switch self {
        case .word(let s), .quoted(let s): return s
        case .pair(let k, let v): return "\(k)=\(v)"
        }
    }
}

enum Tokenizer {
    static func tokens(_ line: String) -> Result<[Token], ControlError> {
        var result: [Token] = []
        let bytes = Array(line.utf8)
        var i = 0
        func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 13 }
        while i < bytes.count {
            if isSpace(bytes[i]) {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "\"") {
                switch quoted(bytes, from: i) {
                case .failure(let e): return .failure(e)
                case .success(let (text, next)):
                    result.append(.quoted(text))
                    i = next
                }
                continue
            }
            var j = i
            while j < bytes.count && !isSpace(bytes[j]) && bytes[j] != UInt8(ascii: "=") { j += 1 }
            let word = String(decoding: bytes[i..<j], as: UTF8.self)
            if j < bytes.count && bytes[j] == UInt8(ascii: "=") {
                j += 1
                if j < bytes.count && bytes[j] == UInt8(ascii: "\"") {
                    switch quoted(bytes, from: j) {
                    case .failure(let e): return .failure(e)
                    case .success(let (text, next)):
                        result.append(.pair(key: word, value: text))
                        i = next
                    }
                } else {
                    var k = j
                    while k < bytes.count && !isSpace(bytes[k]) { k += 1 }
                    result.append(.pair(key: word, value: String(decoding: bytes[j..<k], as: UTF8.self)))
                    i = k
                }
                continue
            }
            result.append(.word(word))
            i = j
        }
        return .success(result)
    }

    /// A quoted string starting at `start`; returns its text and the index after the closing quote.
    static func quoted(_ bytes: [UInt8], from start: Int) -> Result<(String, Int), ControlError> {
        var out: [UInt8] = []
        var i = start + 1
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\\") && i + 1 < bytes.count {
                out.append(bytes[i + 1])
                i += 2
                continue
            }
            if b == UInt8(ascii: "\"") {
                if i + 1 < bytes.count && !(bytes[i + 1] == 32 || bytes[i + 1] == 9 || bytes[i + 1] == 13) {
                    return .failure(ControlError("text after a closing quote; put a space after the quoted string"))
                }
                return .success((String(decoding: out, as: UTF8.self), i + 1))
            }
            out.append(b)
            i += 1
        }
        return .failure(ControlError("unterminated quote; close the text with \" (write \\\" for a quote inside it)"))
    }
}
