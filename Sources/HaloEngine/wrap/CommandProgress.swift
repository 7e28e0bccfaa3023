// SPDX-License-Identifier: Apache-2.0
/// Reads how far along a command is from what it prints, for `halo wrap`: a pure state
/// machine fed the command's output in pieces as they come, which answers a whole percentage
/// each time one larger than the last is seen.
///
/// Output is cut at carriage returns and newlines (progress lines rewrite themselves with
/// `\r`), each piece at most `longestPiece` bytes (the rest of a longer one is dropped, so a
/// command that prints no newline costs no memory). In each piece:
///
/// - the last number followed by `%`, 0 to 100, with no minus sign before it: `pv`,
///   `rsync --info=progress2`, `curl -#`, `wget`, and most progress bars;
/// - after curl's progress meter header (`% Total    % Received`), a piece's first number;
/// - with a total in bytes given, a piece that starts with a number followed by ` bytes`:
///   `dd status=progress`, which prints no percentage.
///
/// Progress only goes forward: a smaller percentage (a new file's own bar) is not reported.
public struct CommandProgress {
    public static let longestPiece = 512
    /// The bytes a `dd` copies, when known.
    public let totalBytes: UInt64?
    var piece: [UInt8] = []
    var pieceOverflowed = false
    var curlMeter = false
    /// The largest percentage reported so far.
    public private(set) var percent: Int?

    public init(totalBytes: UInt64? = nil) {
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Takes in more of the output; the new percentage, if it went up.
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var newest: Int?
        for byte in bytes {
            if byte == 0x0D || byte == 0x0A {
                if let p = finishPiece() { newest = p }
            } else if piece.count < Self.longestPiece {
                piece.append(byte)
            } else {
                pieceOverflowed = true
            }
        }
        return newest
    }

    /// The last piece, when the command has ended without a final newline.
    public mutating func finish() -> Int? { finishPiece() }

    mutating func finishPiece() -> Int? {
        defer {
            piece.removeAll(keepingCapacity: true)
            pieceOverflowed = false
        }
        if Self.contains(piece, "% Total") && Self.contains(piece, "% Received") {
            curlMeter = true
            return nil
        }
        guard let found = reading(piece), found > (percent ?? -1) else { return nil }
        percent = found
        return found
    }

    /// The percentage a piece says, by the rules above.
    func reading(_ p: [UInt8]) -> Int? {
        if let total = totalBytes, let bytes = Self.leadingNumber(p, before: " bytes") {
            let (scaled, overflow) = bytes.multipliedReportingOverflow(by: 100)
            return overflow ? 100 : Int(min(100, scaled / total))
        }
        if let percent = Self.lastPercent(p) { return percent }
        if curlMeter, let first = Self.leadingNumber(p, before: " "), first <= 100 { return Int(first) }
        return nil
    }

    /// The last `N%` or `N.N%` with N from 0 to 100, its fraction dropped.
    static func lastPercent(_ p: [UInt8]) -> Int? {
        var found: Int?
        var i = 0
        while i < p.count {
            guard isDigit(p[i]), i == 0 || !isDigit(p[i - 1]) && p[i - 1] != 0x2E else {
                i += 1
                continue
            }
            var value = 0, j = i
            while j < p.count, isDigit(p[j]), value <= 100 {
                value = value * 10 + Int(p[j] - 0x30)
                j += 1
            }
            if j < p.count, p[j] == 0x2E {
                j += 1
                while j < p.count, isDigit(p[j]) { j += 1 }
            }
            if j < p.count, p[j] == 0x25, value <= 100, !isNegative(p, at: i) { found = value }
            i = max(j, i + 1)
        }
        return found
    }

    /// Whether the number starting at `i` has a minus sign before it (`-5%` is no
    /// percentage): a hyphen that does not follow a digit (`10-20%` is a range), or U+2212.
    static func isNegative(_ p: [UInt8], at i: Int) -> Bool {
        if i >= 1, p[i - 1] == 0x2D { return i == 1 || !isDigit(p[i - 2]) }
        return i >= 3 && p[i - 3] == 0xE2 && p[i - 2] == 0x88 && p[i - 1] == 0x92
    }

    /// The number a piece starts with (after spaces), if `suffix` follows it.
    static func leadingNumber(_ p: [UInt8], before suffix: String) -> UInt64? {
        var i = 0
        while i < p.count, p[i] == 0x20 { i += 1 }
        var value: UInt64 = 0, digits = 0
        while i < p.count, isDigit(p[i]) {
            // 20 digits overflow 64 bits: such a number is no count of bytes.
            guard digits < 19 else { return nil }
            value = value * 10 + UInt64(p[i] - 0x30)
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        let tail = Array(suffix.utf8)
        guard p.count - i >= tail.count, Array(p[i..<i + tail.count]) == tail else { return nil }
        return value
    }

    static func contains(_ p: [UInt8], _ text: String) -> Bool {
        let t = Array(text.utf8)
        guard p.count >= t.count, !t.isEmpty else { return false }
        for start in 0...(p.count - t.count) where p[start] == t[0] && Array(p[start..<start + t.count]) == t { return true }
        return false
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
