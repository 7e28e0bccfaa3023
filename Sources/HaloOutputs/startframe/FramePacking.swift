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

    /// Unpacks `packed` into `destination`, which it must fill exactly: a packet that runs past
    /// the frame, a packet cut short, or bytes left over are errors, and nothing is read or
    /// written outside the two buffers whatever the bytes say.
    public static func unpack(
        _ packed: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, bytesPerPixel bpp: Int
    ) throws(StartFrameError) {
        guard bpp > 0, let to = destination.baseAddress, let from = packed.baseAddress else {
            if packed.isEmpty && destination.isEmpty { return }
            throw StartFrameError("the frame's pixels are missing")
        }
        let total = destination.count / bpp
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
            let start = to + filled * bpp
            if header & 0x8000 != 0 {
                guard packed.count - at >= bpp else { throw StartFrameError("the frame's last run has no pixel") }
                start.copyMemory(from: from + at, byteCount: bpp)
                // Doubling copies: a run of n pixels takes log2(n) block copies, not n.
                var done = 1
                while done < count {
                    let more = min(done, count - done)
                    (start + done * bpp).copyMemory(from: start, byteCount: more * bpp)
                    done += more
                }
                at += bpp
            } else {
                guard packed.count - at >= count * bpp else {
                    throw StartFrameError("the frame's last packet is cut short")
                }
                start.copyMemory(from: from + at, byteCount: count * bpp)
                at += count * bpp
            }
            filled += count
        }
        guard at == packed.count else { throw StartFrameError("\(packed.count - at) bytes follow the frame's last pixel") }
    }
}
