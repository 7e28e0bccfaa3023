// SPDX-License-Identifier: Apache-2.0
/// Running sums of a text's advances by UTF-8 offset, so the width of any stretch of it (as
/// shaped within the whole text) is one subtraction. A line shaped alone can differ by a
/// kerning pair at its ends, which is why `LabelLayout` measures the line it settles on.
struct AdvanceSums {
    /// sums[k]: the advances of the scalars that start before UTF-8 offset k, in 64ths.
    private var sums: [Int64]

    /// Nil when `advances` is not one per scalar of `text` (a text longer than the rasteriser
    /// shapes at once).
    init?(_ text: String, advances: [Int32]) {
        var sums = [Int64](repeating: 0, count: text.utf8.count + 1)
        var scalar = 0
        var offset = 0
        var total: Int64 = 0
        for s in text.unicodeScalars {
            guard scalar < advances.count else { return nil }
            // A font's negative advance would make a longer line narrower; none counts less than 0.
            total += Int64(max(0, advances[scalar]))
            let length = UTF8.width(s)
            for k in 1...length { sums[offset + k] = k == length ? total : sums[offset] }
            offset += length
            scalar += 1
        }
        guard scalar == advances.count else { return nil }
        self.sums = sums
    }

    /// The width in whole pixels of `text[from..<end]`.
    func width(_ text: String, _ from: String.Index, _ end: String.Index) -> Int32 {
        let a = text.utf8.distance(from: text.startIndex, to: from)
        let b = text.utf8.distance(from: text.startIndex, to: end)
        guard 0 <= a, a <= b, b < sums.count else { return Int32.max }
        return Int32(clamping: (sums[b] - sums[a] + 32) >> 6)
    }
}
