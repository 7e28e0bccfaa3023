// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Turns a PNG's inflated scanlines into colours: undoes each row's filter, then reads its
/// samples at their bit depth and colour type. 16-bit samples keep their high byte (the
/// screen has 8 bits a channel); grey and palette pixels become RGB; tRNS makes its one
/// colour, or its palette entries, transparent.
enum PNGScanlines {
    static func colours(_ raw: inout [UInt8], _ chunks: PNGChunks) throws(PictureError) -> [Color] {
        let h = chunks.header
        try unfilter(&raw, h)
        if h.depth == 8 && chunks.transparentKey == nil && (h.colour == .rgba || h.colour == .rgb) {
            return eightBitColours(raw, h, alpha: h.colour == .rgba)
        }
        var colours: [Color] = []
        colours.reserveCapacity(Int(h.width) * Int(h.height))
        let stride = h.rowBytes + 1
        for y in 0..<Int(h.height) {
            let row = raw[(y * stride + 1)..<((y + 1) * stride)]
            try appendRow(row, h, chunks, to: &colours)
        }
        return colours
    }

    /// Undoes the five filters in place, row by row (each row predicts from the one above); the
    /// filter is chosen once a row, so each byte costs an add or two.
    static func unfilter(_ raw: inout [UInt8], _ h: PNGHeader) throws(PictureError) {
        let n = h.rowBytes, bpp = h.pixelBytes, stride = n + 1
        // Checked first, so the pass below throws nothing (Swift 6.0's buffer closures would
        // turn a typed error into `any Error`).
        for y in 0..<Int(h.height) where raw[y * stride] > 4 {
            throw PictureError("row \(y) has filter \(raw[y * stride]), which PNG does not have; the file is damaged")
        }
        raw.withUnsafeMutableBufferPointer { b in
            for y in 0..<Int(h.height) {
                let start = y * stride + 1
                // The first row has a row of zeros above it: Up adds nothing, Avg and Paeth
                // reduce to halving and to Sub.
                undo(b[start - 1], in: b, at: start, count: n, above: y > 0 ? start - stride : -1, bpp: bpp)
            }
        }
    }

    @inline(__always)
    static func undo(_ filter: UInt8, in b: UnsafeMutableBufferPointer<UInt8>, at start: Int, count n: Int, above: Int, bpp: Int) {
        switch (filter, above >= 0) {
        case (1, _), (4, false):
            for x in bpp..<max(bpp, n) { b[start + x] &+= b[start + x - bpp] }
        case (2, true):
            for x in 0..<n { b[start + x] &+= b[above + x] }
        case (3, _):
            for x in 0..<n {
                let left = x >= bpp ? Int(b[start + x - bpp]) : 0
                let up = above >= 0 ? Int(b[above + x]) : 0
                b[start + x] &+= UInt8(truncatingIfNeeded: (left + up) >> 1)
            }
        case (4, true):
            for x in 0..<n {
                let a = x >= bpp ? Int(b[start + x - bpp]) : 0
                let c = x >= bpp ? Int(b[above + x - bpp]) : 0
                b[start + x] &+= UInt8(truncatingIfNeeded: paeth(a, Int(b[above + x]), c))
            }
        default: break  // None, or Up on the first row
        }
    }

    /// Paeth's predictor: whichever neighbour is nearest to a + b - c, ties to a, then b.
    @inline(__always)
    static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
        return pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
    }

    /// Appends one unfiltered row's pixels.
    static func appendRow(_ row: ArraySlice<UInt8>, _ h: PNGHeader, _ chunks: PNGChunks, to out: inout [Color]) throws(PictureError) {
        let channels = h.colour.channels
        for x in 0..<Int(h.width) {
            let at = x * channels
            func s(_ k: Int) -> UInt16 { k < channels ? sample(row, index: at + k, depth: h.depth) : 0 }
            out.append(try colour(Samples(s(0), s(1), s(2), s(3)), h, chunks))
        }
    }

    /// The commonest pictures, 8-bit RGB and RGBA (what image editors save a logo as), written
    /// straight into the colours' storage: a logo is decoded before the splash's first frame.
    /// An RGBA row is already laid out as `Color`s are, so it is copied whole.
    static func eightBitColours(_ raw: [UInt8], _ h: PNGHeader, alpha: Bool) -> [Color] {
        let width = Int(h.width), height = Int(h.height), stride = h.rowBytes + 1
        return raw.withUnsafeBytes { b in
            [Color](unsafeUninitializedCapacity: width * height) { out, made in
                for y in 0..<height {
                    let from = b.baseAddress! + y * stride + 1, to = out.baseAddress! + y * width
                    if alpha && colourIsRGBABytes {
                        UnsafeMutableRawPointer(to).copyMemory(from: from, byteCount: width * 4)
                        continue
                    }
                    let step = alpha ? 4 : 3
                    for x in 0..<width {
                        let p = from + x * step
                        (to + x).initialize(
                            to: Color(
                                r: p.load(as: UInt8.self), g: p.load(fromByteOffset: 1, as: UInt8.self),
                                b: p.load(fromByteOffset: 2, as: UInt8.self), a: alpha ? p.load(fromByteOffset: 3, as: UInt8.self) : 255))
                    }
                }
                made = width * height
            }
        }
    }

    /// Whether a `Color` is its four bytes r, g, b, a in that order, as Swift lays out a struct
    /// of four bytes today; checked rather than assumed, the pixel loop being the fallback.
    static let colourIsRGBABytes =
        MemoryLayout<Color>.size == 4 && MemoryLayout<Color>.offset(of: \Color.r) == 0 && MemoryLayout<Color>.offset(of: \Color.g) == 1
        && MemoryLayout<Color>.offset(of: \Color.b) == 2 && MemoryLayout<Color>.offset(of: \Color.a) == 3

    /// Sample `index` of a row, at its depth, as stored (not scaled).
    @inline(__always)
    static func sample(_ row: ArraySlice<UInt8>, index: Int, depth: UInt8) -> UInt16 {
        let base = row.startIndex
        switch depth {
        case 16: return UInt16(row[base + 2 * index]) << 8 | UInt16(row[base + 2 * index + 1])
        case 8: return UInt16(row[base + index])
        default:
            let bits = Int(depth), perByte = 8 / bits
            let byte = row[base + index / perByte]
            let shift = 8 - bits * (index % perByte + 1)
            return UInt16(byte >> UInt8(shift)) & UInt16((1 << bits) - 1)
        }
    }

    /// One pixel's samples as stored, unused ones 0.
    struct Samples {
        var s0, s1, s2, s3: UInt16
        init(_ s0: UInt16, _ s1: UInt16, _ s2: UInt16, _ s3: UInt16) { (self.s0, self.s1, self.s2, self.s3) = (s0, s1, s2, s3) }
    }

    static func colour(_ s: Samples, _ h: PNGHeader, _ chunks: PNGChunks) throws(PictureError) -> Color {
        let d = h.depth
        switch h.colour {
        case .palette:
            guard Int(s.s0) < chunks.palette.count else {
                throw PictureError("a pixel names palette entry \(s.s0) of \(chunks.palette.count); the file is damaged")
            }
            return chunks.palette[Int(s.s0)]
        case .grey:
            let v = eight(s.s0, d)
            return Color(r: v, g: v, b: v, a: chunks.transparentKey.map { $0[0] == s.s0 } ?? false ? 0 : 255)
        case .greyAlpha:
            let v = eight(s.s0, d)
            return Color(r: v, g: v, b: v, a: eight(s.s1, d))
        case .rgb:
            let keyed = chunks.transparentKey.map { $0[0] == s.s0 && $0[1] == s.s1 && $0[2] == s.s2 } ?? false
            return Color(r: eight(s.s0, d), g: eight(s.s1, d), b: eight(s.s2, d), a: keyed ? 0 : 255)
        case .rgba:
            return Color(r: eight(s.s0, d), g: eight(s.s1, d), b: eight(s.s2, d), a: eight(s.s3, d))
        }
    }

    /// A sample of `depth` bits as 8 bits: the high byte of 16, low depths stretched so their
    /// largest value is 255 (1 bit: 0 or 255; 4 bits: 0x0F is 0xFF).
    @inline(__always)
    static func eight(_ v: UInt16, _ depth: UInt8) -> UInt8 {
        switch depth {
        case 16: return UInt8(v >> 8)
        case 8: return UInt8(v)
        default: return UInt8(Int(v) * 255 / ((1 << Int(depth)) - 1))
        }
    }
}
