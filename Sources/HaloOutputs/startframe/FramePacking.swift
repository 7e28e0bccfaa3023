// SPDX-License-Identifier: Apache-2.0

/// A start frame's file could not be used; the sentence says what is wrong with it and how to
/// make a good one.
public struct StartFrameError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Run-length packing of whole pixels, as PackBits packs bytes: a splash is mostly one
/// background colour, so a 1.5 MB frame packs to a few tens of KiB and unpacks with a handful
/// of block copies. Each packet starts with a little-endian 16-bit header: with its top bit
/// set, the next pixel repeated `(header & 0x7fff) + 1` times; without, `header + 1` pixels
/// as they are.
public enum FramePacking {
    /// The most pixels one packet holds.
    static let longest = 0x8000

    /// `pixels` (whole pixels of `bytesPerPixel` bytes) packed.
    public static func pack(_ pixels: UnsafeRawBufferPointer, bytesPerPixel bpp: Int) -> [UInt8] {
        let count = bpp > 0 ? pixels.count / bpp : 0
        var out: [UInt8] = []
        func same(_ a: Int, _ b: Int) -> Bool {
            for k in 0..<bpp where pixels[a * bpp + k] != pixels[b * bpp + k] { return false }
            return true
        }
        func header(_ value: Int) {
            out.append(UInt8(truncatingIfNeeded: value))
            out.append(UInt8(truncatingIfNeeded: value >> 8))
        }
        var i = 0
        while i < count {
            var run = 1
            while i + run < count && run < longest && same(i, i + run) { run += 1 }
            if run >= 2 {
                header(0x8000 | (run - 1))
                out.append(contentsOf: pixels[(i * bpp)..<((i + 1) * bpp)])
                i += run
                continue
            }
            // Pixels as they are, up to where a run begins.
            var literal = 1
            while i + literal < count && literal < longest && !(i + literal + 1 < count && same(i + literal, i + literal + 1)) {
                literal += 1
            }
            header(literal - 1)
            out.append(contentsOf: pixels[(i * bpp)..<((i + literal) * bpp)])
            i += literal
        }
        return out
    }

    /// Where unpacked pixels go: `height` rows of `width` pixels, `stride` bytes apart from
    /// `base` (a scan-out buffer's rows are often padded past their pixels).
    public struct Rows {
        public var base: UnsafeMutableRawPointer
        public var width: Int
        public var height: Int
        public var stride: Int
        public var bytesPerPixel: Int

        public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, bytesPerPixel: Int) {
            (self.base, self.width, self.height, self.stride, self.bytesPerPixel) = (base, width, height, stride, bytesPerPixel)
        }
    }

    /// Unpacks `packed` into `destination`, which it must fill exactly: a packet that runs past
    /// the frame, a packet cut short, or bytes left over are errors, and nothing is read or
    /// written outside the two buffers whatever the bytes say.
    public static func unpack(
        _ packed: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, bytesPerPixel bpp: Int
    ) throws(StartFrameError) {
        guard bpp > 0, let to = destination.baseAddress else {
            if packed.isEmpty && destination.isEmpty { return }
            throw StartFrameError("the frame's pixels are missing")
        }
        let pixels = destination.count / bpp
        try unpack(packed, into: Rows(base: to, width: pixels, height: 1, stride: pixels * bpp, bytesPerPixel: bpp))
    }

    /// Unpacks `packed` into `rows`, which it must fill exactly, as above. The destination is
    /// only written, never read back: it may be uncached video memory.
    public static func unpack(_ packed: UnsafeRawBufferPointer, into rows: Rows) throws(StartFrameError) {
        let bpp = rows.bytesPerPixel
        guard bpp > 0, rows.width >= 0, rows.height >= 0, rows.stride >= rows.width * bpp else {
            throw StartFrameError("the frame's rows do not fit its memory")
        }
        let total = rows.width * rows.height
        if total == 0 && packed.isEmpty { return }
        guard let from = packed.baseAddress else { throw StartFrameError("the frame's pixels are missing") }
        // One pixel repeated, to copy a run from in blocks.
        let patternPixels = 64
        let pattern = UnsafeMutableRawPointer.allocate(byteCount: patternPixels * bpp, alignment: 8)
        defer { pattern.deallocate() }
        var at = 0, filled = 0
        while filled < total {
            guard packed.count - at >= 2 else {
                throw StartFrameError("the frame's pixels end after \(filled) of \(total) pixels")
            }
            let header = Int(packed[at]) | Int(packed[at + 1]) << 8
            at += 2
            let count = (header & 0x7fff) + 1
            guard count <= total - filled else {
                throw StartFrameError("a packet of \(count) pixels runs past the frame's \(total)")
            }
            let repeated = header & 0x8000 != 0
            let needed = repeated ? bpp : count * bpp
            guard packed.count - at >= needed else {
                throw StartFrameError(repeated ? "the frame's last run has no pixel" : "the frame's last packet is cut short")
            }
            if repeated { repeatPixel(from + at, into: pattern, count: min(count, patternPixels), bytesPerPixel: bpp) }
            // The packet, a row's piece at a time.
            var done = 0
            while done < count {
                let (row, column) = ((filled + done) / rows.width, (filled + done) % rows.width)
                let piece = min(count - done, rows.width - column)
                let to = rows.base + row * rows.stride + column * bpp
                if repeated {
                    var put = 0
                    while put < piece {
                        let block = min(piece - put, patternPixels)
                        (to + put * bpp).copyMemory(from: pattern, byteCount: block * bpp)
                        put += block
                    }
                } else {
                    to.copyMemory(from: from + at + done * bpp, byteCount: piece * bpp)
                }
                done += piece
            }
            at += needed
            filled += count
        }
        guard at == packed.count else { throw StartFrameError("\(packed.count - at) bytes follow the frame's last pixel") }
    }

    /// `count` copies of the pixel at `pixel` side by side in `pattern`, by doubling copies.
    static func repeatPixel(_ pixel: UnsafeRawPointer, into pattern: UnsafeMutableRawPointer, count: Int, bytesPerPixel bpp: Int) {
        pattern.copyMemory(from: pixel, byteCount: bpp)
        var done = 1
        while done < count {
            let more = min(done, count - done)
            (pattern + done * bpp).copyMemory(from: pattern, byteCount: more * bpp)
            done += more
        }
    }
}
