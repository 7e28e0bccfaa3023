// SPDX-License-Identifier: Apache-2.0
/// Bitmaps made to fit a place on screen. Done once per screen size, never per frame.
extension Bitmap {
    /// The size that fits inside `width`×`height` keeping the picture's proportions: never
    /// larger than the picture (a logo is not blown up into blur), never smaller than 1×1.
    public func fittedSize(width: Int32, height: Int32) -> (width: Int32, height: Int32) {
        guard self.width > width || self.height > height else { return (self.width, self.height) }
        let w = Int64(max(1, width)), h = Int64(max(1, height))
        // Scale by whichever side is tighter: compare w/W with h/H without dividing.
        if w * Int64(self.height) <= h * Int64(self.width) {
            return (Int32(w), Int32(max(1, Int64(self.height) * w / Int64(self.width))))
        }
        return (Int32(max(1, Int64(self.width) * h / Int64(self.height))), Int32(h))
    }

    /// The smallest size that covers `width`×`height` keeping the picture's proportions (a
    /// background that fills the screen, its overflow cut off evenly on both sides).
    public func coveringSize(width: Int32, height: Int32) -> (width: Int32, height: Int32) {
        let w = Int64(max(1, width)), h = Int64(max(1, height)), bw = Int64(self.width), bh = Int64(self.height)
        // Rounded up, so the cover never falls a pixel short of the screen.
        if w * bh >= h * bw { return (Int32(w), Int32(min(Int64(Int32.max), (bh * w + bw - 1) / bw))) }
        return (Int32(min(Int64(Int32.max), (bw * h + bh - 1) / bh)), Int32(h))
    }

    /// The picture shrunk to `width`×`height` by averaging the source pixels each new pixel
    /// covers, in premultiplied alpha so transparent pixels lend no colour to their
    /// neighbours. The same size gives the picture back unchanged.
    public func scaled(width: Int32, height: Int32) -> Bitmap {
        if width == self.width && height == self.height { return self }
        let w = Int(max(1, width)), h = Int(max(1, height))
        let sw = Int(self.width), sh = Int(self.height)
        // Each new column's source columns, worked out once rather than per row.
        var columns = [Range<Int>]()
        columns.reserveCapacity(w)
        for x in 0..<w {
            let x0 = x * sw / w
            columns.append(x0..<max(x0 + 1, (x + 1) * sw / w))
        }
        // Premultiplied sums of one band of source rows, four per new column (r, g, b, a).
        var sums = [Int](repeating: 0, count: w * 4)
        let out = pixels.withUnsafeBufferPointer { source in
            sums.withUnsafeMutableBufferPointer { sums in
                [Color](unsafeUninitializedCapacity: w * h) { out, made in
                    for y in 0..<h {
                        let y0 = y * sh / h, y1 = max(y0 + 1, (y + 1) * sh / h)
                        sums.update(repeating: 0)
                        for row in y0..<y1 { Self.addRow(source, from: row * sw, columns: columns, into: sums) }
                        for x in 0..<w {
                            let count = columns[x].count * (y1 - y0)
                            let colour = Self.average(
                                r: sums[x * 4], g: sums[x * 4 + 1], b: sums[x * 4 + 2], a: sums[x * 4 + 3], count: count)
                            (out.baseAddress! + y * w + x).initialize(to: colour)
                        }
                    }
                    made = w * h
                }
            }
        }
        return Bitmap(width: Int32(w), height: Int32(h), pixels: out) ?? self
    }

    /// Adds one source row's pixels, premultiplied, to the sums of the new columns they fall in.
    /// Wrapping arithmetic: a sum is at most 255 × 255 × 4096 × 4096, far inside an Int.
    private static func addRow(
        _ source: UnsafeBufferPointer<Color>, from start: Int, columns: [Range<Int>], into sums: UnsafeMutableBufferPointer<Int>
    ) {
        columns.withUnsafeBufferPointer { columns in
            var out = sums.baseAddress!
            for span in columns {
                var r = 0, g = 0, b = 0, a = 0
                var pixel = source.baseAddress! + start + span.lowerBound
                for _ in span {
                    let c = pixel.pointee, alpha = Int(c.a)
                    r &+= Int(c.r) &* alpha
                    g &+= Int(c.g) &* alpha
                    b &+= Int(c.b) &* alpha
                    a &+= alpha
                    pixel += 1
                }
                out[0] &+= r
                out[1] &+= g
                out[2] &+= b
                out[3] &+= a
                out += 4
            }
        }
    }

    /// `count` pixels' premultiplied sums as one colour, back in straight alpha, rounded to nearest.
    private static func average(r: Int, g: Int, b: Int, a: Int, count: Int) -> Color {
        guard a > 0 else { return .clear }
        return Color(
            r: UInt8((r + a / 2) / a), g: UInt8((g + a / 2) / a), b: UInt8((b + a / 2) / a), a: UInt8((a + count / 2) / count))
    }
}
