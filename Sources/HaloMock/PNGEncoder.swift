// SPDX-License-Identifier: Apache-2.0
import CZlib

/// A PNG that could not be written or read.
public struct PNGError: Error, CustomStringConvertible {
    public var description: String
}

/// Writes 8-bit RGB PNG files, and APNG animations, with zlib's deflate.
public enum PNGEncoder {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public static func encode(width: Int32, height: Int32, rgb: [UInt8]) throws(PNGError) -> [UInt8] {
        var out: [UInt8] = []
        let rowBytes = Int(width) * 3
        try stream(
            width: width, height: height,
            row: { y, row in
                row.withUnsafeMutableBufferPointer { r in
                    rgb.withUnsafeBufferPointer { src in
                        _ = r.initialize(from: src[(y * rowBytes)..<((y + 1) * rowBytes)])
                    }
                }
            },
            sink: { (piece: ArraySlice<UInt8>) throws(PNGError) in out += piece })
        return out
    }

    /// Bytes of compressed image data gathered before they are written out as one IDAT chunk.
    static let idatBytes = 64 * 1024

    /// Writes a PNG a row at a time: `row(y, &rgb)` fills row `y` (8-bit RGB, `width * 3`
    /// bytes) and `sink` takes the file's bytes in pieces as they are ready. The memory it
    /// needs is two rows and zlib's state, whatever the picture's size, so saving a large
    /// screen does not double the process's peak. `level` is zlib's (1 fastest, 9 smallest).
    public static func stream(
        width: Int32, height: Int32, level: Int32 = 6, row: (Int, inout [UInt8]) -> Void,
        sink: (ArraySlice<UInt8>) throws(PNGError) -> Void
    ) throws(PNGError) {
        var head = signature
        chunk(&head, "IHDR", header(width, height))
        try sink(head[...])
        var z = z_stream()
        guard deflateInit_(&z, max(1, min(level, 9)), ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PNGError(description: "zlib could not start compressing")
        }
        defer { deflateEnd(&z) }
        let rowBytes = Int(width) * 3
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        var pending = [UInt8](repeating: 0, count: idatBytes)
        var pendingCount = 0

        /// Runs deflate over `input` (all of it), moving output into IDAT chunks as they fill.
        func compress(_ input: inout [UInt8], finish: Bool) throws(PNGError) {
            var status: Int32 = Z_OK
            // The buffer's body keeps its error in a Result: Swift 6.0's withUnsafeMutableBufferPointer
            // rethrows as `any Error`, where 6.1 and later keep the body's type.
            var outcome: Result<Void, PNGError> = .success(())
            input.withUnsafeMutableBufferPointer { i in outcome = Result { () throws(PNGError) in try deflateAll(i) } }
            try outcome.get()

            func deflateAll(_ i: UnsafeMutableBufferPointer<UInt8>) throws(PNGError) {
                z.next_in = i.baseAddress
                z.avail_in = uInt(i.count)
                repeat {
                    status = pending.withUnsafeMutableBufferPointer { o in
                        z.next_out = o.baseAddress! + pendingCount
                        z.avail_out = uInt(o.count - pendingCount)
                        let r = CZlib.deflate(&z, finish ? Z_FINISH : Z_NO_FLUSH)
                        pendingCount = o.count - Int(z.avail_out)
                        return r
                    }
                    guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                        throw PNGError(description: "zlib failed to compress the image (status \(status))")
                    }
                    if pendingCount == pending.count || (finish && status == Z_STREAM_END && pendingCount > 0) {
                        var c: [UInt8] = []
                        chunk(&c, "IDAT", Array(pending[0..<pendingCount]))
                        try sink(c[...])
                        pendingCount = 0
                    }
                } while z.avail_in > 0 || (finish && status != Z_STREAM_END)
            }
        }

        for y in 0..<Int(height) {
            row(y, &current)
            // The "Up" filter: flat indicator pictures then compress to almost nothing.
            filtered[0] = y == 0 ? 0 : 2
            for i in 0..<rowBytes { filtered[i + 1] = y == 0 ? current[i] : current[i] &- previous[i] }
            try compress(&filtered, finish: false)
            swap(&previous, &current)
        }
        var none: [UInt8] = []
        try compress(&none, finish: true)
        var tail: [UInt8] = []
        chunk(&tail, "IEND", [])
        try sink(tail[...])
    }

    /// An animated PNG that loops forever; `delayMs` is each frame's duration.
    public static func encodeAnimation(width: Int32, height: Int32, frames: [[UInt8]], delayMs: UInt16) throws(PNGError) -> [UInt8] {
        guard !frames.isEmpty else { throw PNGError(description: "an animation needs at least one frame") }
        var out = signature
        chunk(&out, "IHDR", header(width, height))
        var actl: [UInt8] = []
        be32(&actl, UInt32(frames.count))
        be32(&actl, 0)
        chunk(&out, "acTL", actl)
        var sequence: UInt32 = 0
        for (i, frame) in frames.enumerated() {
            var fctl: [UInt8] = []
            be32(&fctl, sequence)
            sequence += 1
            be32(&fctl, UInt32(width))
            be32(&fctl, UInt32(height))
            be32(&fctl, 0)
            be32(&fctl, 0)
            fctl += [UInt8(delayMs >> 8), UInt8(delayMs & 0xFF), 0x03, 0xE8]  // delay / 1000 s
            fctl += [0, 0]  // dispose none, blend source
            chunk(&out, "fcTL", fctl)
            let data = try deflate(filtered(width, height, frame))
            if i == 0 {
                chunk(&out, "IDAT", data)
            } else {
                var fdat: [UInt8] = []
                be32(&fdat, sequence)
                sequence += 1
                chunk(&out, "fdAT", fdat + data)
            }
        }
        chunk(&out, "IEND", [])
        return out
    }

    static func header(_ width: Int32, _ height: Int32) -> [UInt8] {
        var h: [UInt8] = []
        be32(&h, UInt32(width))
        be32(&h, UInt32(height))
        h += [8, 2, 0, 0, 0]  // 8 bits, truecolour, deflate, adaptive filtering, no interlace
        return h
    }

    /// Each row with the "Up" filter: flat indicator pictures then compress to almost nothing.
    static func filtered(_ width: Int32, _ height: Int32, _ rgb: [UInt8]) -> [UInt8] {
        let rowBytes = Int(width) * 3
        var out = [UInt8](repeating: 0, count: (rowBytes + 1) * Int(height))
        var o = 0
        for y in 0..<Int(height) {
            out[o] = y == 0 ? 0 : 2
            o += 1
            let row = y * rowBytes
            for i in 0..<rowBytes {
                out[o] = y == 0 ? rgb[row + i] : rgb[row + i] &- rgb[row - rowBytes + i]
                o += 1
            }
        }
        return out
    }

    static func deflate(_ data: [UInt8]) throws(PNGError) -> [UInt8] {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = out.withUnsafeMutableBufferPointer { o in
            data.withUnsafeBufferPointer { i in compress2(o.baseAddress, &size, i.baseAddress, uLong(data.count), 6) }
        }
        guard status == Z_OK else { throw PNGError(description: "zlib failed to compress the image (status \(status))") }
        out.removeLast(out.count - Int(size))
        return out
    }

    static func chunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        be32(&out, UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        let crc = body.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        be32(&out, UInt32(crc))
    }

    static func be32(_ out: inout [UInt8], _ v: UInt32) {
        out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
}
