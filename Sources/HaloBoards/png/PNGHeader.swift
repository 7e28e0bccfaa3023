// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// What a PNG file's IHDR chunk says, checked: only what the PNG specification allows, and
/// only sizes Halo will hold (`Bitmap.maximumPixels`).
struct PNGHeader: Equatable {
    enum ColourType: UInt8 {
        case grey = 0
        case rgb = 2
        case palette = 3
        case greyAlpha = 4
        case rgba = 6

        /// Samples per pixel.
        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }

        /// The bit depths the specification allows for this colour type.
        var depths: Set<UInt8> {
            switch self {
            case .grey: return [1, 2, 4, 8, 16]
            case .palette: return [1, 2, 4, 8]
            case .rgb, .greyAlpha, .rgba: return [8, 16]
            }
        }
    }

    var width: Int32
    var height: Int32
    var depth: UInt8
    var colour: ColourType

    /// Bytes in one scanline after its filter byte.
    var rowBytes: Int { (Int(width) * colour.channels * Int(depth) + 7) / 8 }
    /// Bytes to the left of a byte that the filters predict from: one whole pixel, at least 1.
    var pixelBytes: Int { max(1, colour.channels * Int(depth) / 8) }
    /// The inflated image data's exact size: each scanline with its filter byte.
    var inflatedSize: Int { (rowBytes + 1) * Int(height) }

    /// Reads the 13 bytes of IHDR.
    init(_ d: ArraySlice<UInt8>) throws(PictureError) {
        guard d.count == 13 else { throw PictureError("its IHDR chunk is \(d.count) bytes, not 13") }
        let b = Array(d)
        let w = PNGChunks.bigEndian(b, 0), h = PNGChunks.bigEndian(b, 4)
        guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else { throw PictureError("its size \(w)×\(h) is not a picture's") }
        guard UInt64(w) * UInt64(h) <= UInt64(Bitmap.maximumPixels) else {
            throw PictureError("it is \(w)×\(h) pixels, more than Halo holds (4096×4096); scale it to the screen first")
        }
        guard let colour = ColourType(rawValue: b[9]), colour.depths.contains(b[8]) else {
            throw PictureError("colour type \(b[9]) at bit depth \(b[8]) is not a PNG format; save it again as 8-bit RGBA")
        }
        guard b[10] == 0, b[11] == 0 else { throw PictureError("its compression or filter method (\(b[10]), \(b[11])) is not PNG's") }
        guard b[12] == 0 else {
            throw PictureError("it is interlaced (Adam7), which Halo does not read; save it again without interlacing")
        }
        width = Int32(w)
        height = Int32(h)
        depth = b[8]
        self.colour = colour
    }
}
