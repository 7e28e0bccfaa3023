// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Reads a PNG file into a `Bitmap`: every colour type and bit depth of the specification,
/// palettes and tRNS transparency, not interlaced. The file comes from a board, so it is
/// treated as hostile: sizes are bounded before anything is made, chunks are CRC-checked,
/// inflating stops at the picture's own size, and every refusal says what is wrong.
public enum PNGDecoder {
    public static func decode(_ bytes: [UInt8]) throws(PictureError) -> Bitmap {
        let chunks = try PNGChunks(bytes)
        var raw = try PNGInflate.inflate(chunks.compressed, size: chunks.header.inflatedSize)
        let colours = try PNGScanlines.colours(&raw, chunks)
        guard let bitmap = Bitmap(width: chunks.header.width, height: chunks.header.height, pixels: colours) else {
            throw PictureError("its pixels do not fill its size")
        }
        return bitmap
    }
}
