import CZlib
// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Walks a PNG file's chunks: the signature, IHDR first, then PLTE, tRNS and the IDAT
/// chunks' compressed data, up to IEND. Every length is checked against the bytes there are
/// and every chunk's CRC is checked, so a cut or damaged file is named as such, not drawn
/// as noise. Chunks Halo does not need (text, colour profiles, an animation's later frames)
/// are skipped; an unknown critical chunk is refused, as the specification asks.
struct PNGChunks {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    var header: PNGHeader
    /// RGBA entries of the palette, with tRNS's alphas applied.
    var palette: [Color] = []
    /// tRNS for grey and RGB: the one sample value (per channel) that is transparent.
    var transparentKey: [UInt16]?
    var compressed: [UInt8] = []

    init(_ bytes: [UInt8]) throws(PictureError) {
        guard bytes.count >= 8, Array(bytes[0..<8]) == Self.signature else {
            throw PictureError("it is not a PNG file (its first bytes are not PNG's signature)")
        }
        var at = 8
        let (firstType, first) = try Self.chunk(bytes, &at)
        guard firstType == "IHDR" else { throw PictureError("its first chunk is \(firstType), not IHDR") }
        header = try PNGHeader(first)
        while true {
            let (type, data) = try Self.chunk(bytes, &at)
            if type == "IHDR" { throw PictureError("it has a second IHDR chunk") }
            if try take(type, data, header) { break }
        }
        if header.colour == .palette && palette.isEmpty { throw PictureError("it is a palette image without a PLTE chunk") }
        guard !compressed.isEmpty else { throw PictureError("it has no image data (IDAT)") }
    }

    /// The chunk at `at`, checked against the bytes there are and its CRC; moves `at` past it.
    static func chunk(_ bytes: [UInt8], _ at: inout Int) throws(PictureError) -> (String, ArraySlice<UInt8>) {
        guard bytes.count - at >= 12 else { throw PictureError("it ends before its IEND chunk; the file is cut short") }
        let length = Int(bigEndian(bytes, at))
        let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
        guard length <= bytes.count - at - 12 else { throw PictureError("its \(type) chunk runs past the end; the file is cut short") }
        let data = bytes[(at + 8)..<(at + 8 + length)]
        let stored = bigEndian(bytes, at + 8 + length)
        let crc = bytes[(at + 4)..<(at + 8 + length)].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        guard crc == stored else { throw PictureError("its \(type) chunk fails its CRC; the file is damaged") }
        at += 12 + length
        return (type, data)
    }

    /// Takes one chunk after IHDR; true at IEND.
    mutating func take(_ type: String, _ data: ArraySlice<UInt8>, _ header: PNGHeader) throws(PictureError) -> Bool {
        switch type {
        case "IEND": return true
        case "IDAT":
            // The data never needs to be larger than the pixels stored raw (deflate's worst case
            // adds 5 bytes per 16 KiB block): a file that claims more is refused.
            guard compressed.count + data.count <= header.inflatedSize + header.inflatedSize / 1000 + 4096 else {
                throw PictureError("its image data is far larger than its \(header.width)×\(header.height) pixels need")
            }
            compressed += data
        case "PLTE":
            guard data.count % 3 == 0, data.count / 3 <= 256, !data.isEmpty else {
                throw PictureError("its palette holds \(data.count) bytes, not 1 to 256 colours of 3 bytes")
            }
            let d = Array(data)
            palette = stride(from: 0, to: d.count, by: 3).map { Color(r: d[$0], g: d[$0 + 1], b: d[$0 + 2]) }
        case "tRNS": try takeTransparency(Array(data), header)
        default:
            // Bit 5 of the first letter clear: a critical chunk, which must be understood.
            let first = type.utf8.first ?? 0
            if first & 0x20 == 0 { throw PictureError("it has a critical chunk \(type) that Halo does not know") }
        }
        return false
    }

    mutating func takeTransparency(_ d: [UInt8], _ header: PNGHeader) throws(PictureError) {
        switch header.colour {
        case .palette:
            guard d.count <= palette.count else { throw PictureError("its tRNS chunk has more alphas than its palette has colours") }
            for (i, a) in d.enumerated() { palette[i].a = a }
        case .grey:
            guard d.count == 2 else { throw PictureError("its tRNS chunk for a grey image is \(d.count) bytes, not 2") }
            transparentKey = [UInt16(d[0]) << 8 | UInt16(d[1])]
        case .rgb:
            guard d.count == 6 else { throw PictureError("its tRNS chunk for an RGB image is \(d.count) bytes, not 6") }
            transparentKey = (0..<3).map { UInt16(d[2 * $0]) << 8 | UInt16(d[2 * $0 + 1]) }
        case .greyAlpha, .rgba:
            throw PictureError("it has a tRNS chunk, which an image with an alpha channel must not")
        }
    }

    static func bigEndian(_ b: [UInt8], _ at: Int) -> UInt32 {
        UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3])
    }
}
