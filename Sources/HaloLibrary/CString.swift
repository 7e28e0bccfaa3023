// SPDX-License-Identifier: Apache-2.0
/// Strings across the C boundary, each read and written within a bound.
enum CString {
    /// The longest path the library reads from a caller, in bytes (Linux's PATH_MAX).
    static let maximumPath = 4096

    /// The bytes of the zero-terminated string at `p`, or nil when no zero comes within
    /// `limit` bytes: what a caller passed is read no further than that.
    static func read(_ p: UnsafePointer<CChar>, limit: Int) -> String? {
        var n = 0
        while n <= limit {
            if p[n] == 0 {
                let bytes = UnsafeRawBufferPointer(start: p, count: n)
                return String(decoding: bytes, as: UTF8.self)
            }
            n += 1
        }
        return nil
    }

    /// Writes `text` and a zero into `out`'s `size` bytes, cut before a character that does not
    /// fit whole (and at a zero byte); nothing when `out` is NULL or `size` is 0.
    static func write(_ text: String, to out: UnsafeMutablePointer<CChar>?, size: Int) {
        guard let out, size > 0 else { return }
        let bytes = Array(text.utf8.prefix { $0 != 0 })
        var n = min(bytes.count, size - 1)
        // Cut inside a character: its lead byte and continuation bytes go together.
        if n < bytes.count {
            while n > 0 && bytes[n] & 0xC0 == 0x80 { n -= 1 }
        }
        for i in 0..<n { out[i] = CChar(bitPattern: bytes[i]) }
        out[n] = 0
    }
}
