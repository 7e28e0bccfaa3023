// SPDX-License-Identifier: Apache-2.0
/// An opaque paint's anti-aliased blends over one stored value (a flat part of the screen the
/// compositor knows of), remembered by coverage the first time each is needed.
///
/// A shape's edge is mostly drawn over one colour (the background, a box), and its pixels take
/// a few dozen distinct coverages: a ring's rim crosses 2,000 pixels with at most 255 of them.
/// In 16- and 24-bit layouts a blend unpacks, mixes and repacks three channels, about fifty
/// instructions; a remembered one is a load and a compare. The value remembered is exactly
/// what `PixelLayout.cover` gives, so frames are the same byte for byte. 32-bit layouts mix two
/// channels per multiply, as cheaply as the lookup, and do not use one.
///
/// The memory is the caller's: `slots` entries (the 255 partial coverages, the value they lie
/// over, and one spare to keep the count even), set up by `init`.
struct CoverMemo {
    static let slots = 258
    /// Pixels of a shape below which a memo costs more to set up than it saves.
    static let worthwhileArea: Int64 = 4096
    /// No pixel value of a 16- or 24-bit layout has its top byte set.
    static let empty: UInt32 = 0xFFFF_FFFF

    let entries: UnsafeMutablePointer<UInt32>

    init(_ entries: UnsafeMutablePointer<UInt32>, over under: UInt32) {
        self.entries = entries
        entries.initialize(repeating: CoverMemo.empty, count: CoverMemo.slots)
        entries[256] = under
    }

    /// `paint` over the pixel at `p` with `weight` (1...255), remembered when the pixel holds
    /// the value the memo is for.
    @inline(__always)
    func cover<Layout: PixelLayout>(_ paint: Paint<Layout>, _ p: UnsafeMutableRawPointer, weight: UInt32) {
        let dst = Layout.load(p)
        if dst != entries[256] {
            Layout.store(Layout.cover(paint.color, packed: paint.packed, over: dst, weight: weight), p)
            return
        }
        var v = entries[Int(weight)]
        if v == CoverMemo.empty {
            v = Layout.cover(paint.color, packed: paint.packed, over: dst, weight: weight)
            entries[Int(weight)] = v
        }
        Layout.store(v, p)
    }
}
