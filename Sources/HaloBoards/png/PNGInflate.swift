// SPDX-License-Identifier: Apache-2.0
import CZlib

/// Inflates a PNG's image data with zlib into exactly the size its header gives: data that
/// would inflate to more is refused as soon as the buffer is full (no zip bomb grows past the
/// picture's own size), data that ends early is named as cut short.
///
/// The zlib stream's two-byte header is checked here and its deflate data inflated raw, so
/// zlib skips the Adler-32 sum of the inflated bytes at the end: every chunk's CRC has
/// already covered the compressed bytes (libpng can skip it too), and summing a logo's
/// pixels was a fifth of reading the board before a splash's first frame.
enum PNGInflate {
    static func inflate(_ compressed: [UInt8], size: Int) throws(PictureError) -> [UInt8] {
        try checkHeader(compressed)
        // One extra byte of room: filling it means the data holds more than the picture.
        var out = [UInt8](repeating: 0, count: size + 1)
        var z = z_stream()
        guard inflateInit2_(&z, -MAX_WBITS, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw PictureError("zlib could not start inflating")
        }
        defer { inflateEnd(&z) }
        let status = compressed.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output -> Int32 in
                z.next_in = UnsafeMutablePointer(mutating: input.baseAddress! + 2)
                z.avail_in = UInt32(input.count - 2)
                z.next_out = output.baseAddress
                z.avail_out = UInt32(output.count)
                return CZlib.inflate(&z, Z_FINISH)
            }
        }
        let produced = Int(z.total_out)
        if produced > size { throw PictureError("its image data inflates to more than its size says; the file is damaged") }
        guard status == Z_STREAM_END else {
            if status == Z_DATA_ERROR || status == Z_NEED_DICT {
                throw PictureError("its image data is not valid deflate data; the file is damaged")
            }
            throw PictureError("its image data ends after \(produced) of \(size) bytes; the file is cut short")
        }
        guard produced == size else { throw PictureError("its image data holds \(produced) bytes, not the \(size) its size needs") }
        out.removeLast()
        return out
    }

    /// A zlib header as PNG allows it: deflate with a window of at most 32 KiB, its check
    /// bits right, no preset dictionary.
    static func checkHeader(_ data: [UInt8]) throws(PictureError) {
        guard data.count >= 2 else { throw PictureError("its image data ends before its zlib header; the file is cut short") }
        let method = data[0], flags = data[1]
        guard method & 0x0F == 8, method >> 4 <= 7, (UInt16(method) << 8 | UInt16(flags)) % 31 == 0, flags & 0x20 == 0 else {
            throw PictureError("its image data does not start with a zlib header for deflate; the file is damaged")
        }
    }
}
