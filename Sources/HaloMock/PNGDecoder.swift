// SPDX-License-Identifier: Apache-2.0
import CZlib

/// Reads back the 8-bit RGB PNG files Halo writes (for golden-image comparisons).
public struct PNGImage: Equatable {
    public var width: Int32
    public var height: Int32
    public var rgb: [UInt8]

    public init(width: Int32, height: Int32, rgb: [UInt8]) {
        self.width = width
        self.height = height
        self.rgb = rgb
    }

    public static func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
        guard bytes.count > 8, Array(bytes[0..<8]) == PNGEncoder.signature else { throw PNGError(description: "not a PNG file") }
        var i = 8
        var width: Int32 = 0, height: Int32 = 0
        var idat: [UInt8] = []
        func be32(_ at: Int) -> UInt32 {
            UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
        }
        while i + 12 <= bytes.count {
            let length = Int(be32(i))
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= bytes.count else { throw PNGError(description: "truncated \(type) chunk") }
            let data = Array(bytes[(i + 8)..<(i + 8 + length)])
            if type == "IHDR" {
                width = Int32(be32(i + 8))
                height = Int32(be32(i + 12))
                guard data[8] == 8 && data[9] == 2 && data[12] == 0 else {
                    throw PNGError(description: "only 8-bit RGB non-interlaced PNG files are read")
                }
            } else if type == "IDAT" {
                idat += data
            } else if type == "fcTL" || type == "fdAT" {
                if type == "fdAT" { break }  // the first frame of an animation is enough
            } else if type == "IEND" {
                break
            }
            i += 12 + length
        }
        let rowBytes = Int(width) * 3
        var size = uLong((rowBytes + 1) * Int(height))
        var raw = [UInt8](repeating: 0, count: Int(size))
        let status = raw.withUnsafeMutableBufferPointer { o in
            idat.withUnsafeBufferPointer { inp in uncompress(o.baseAddress, &size, inp.baseAddress, uLong(idat.count)) }
        }
        guard status == Z_OK, Int(size) == raw.count else {
            throw PNGError(description: "the image data does not inflate (zlib status \(status))")
        }
        var rgb = [UInt8](repeating: 0, count: rowBytes * Int(height))
        for y in 0..<Int(height) {
            let filter = raw[y * (rowBytes + 1)]
            for x in 0..<rowBytes {
                let v = raw[y * (rowBytes + 1) + 1 + x]
                let a = x >= 3 ? rgb[y * rowBytes + x - 3] : 0
                let b = y > 0 ? rgb[(y - 1) * rowBytes + x] : 0
                let c = x >= 3 && y > 0 ? rgb[(y - 1) * rowBytes + x - 3] : 0
                let predicted: UInt8
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = UInt8((Int(a) + Int(b)) / 2)
                case 4:
                    let p = Int(a) + Int(b) - Int(c)
                    let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
                    predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw PNGError(description: "unknown PNG filter \(filter)")
                }
                rgb[y * rowBytes + x] = v &+ predicted
            }
        }
        return PNGImage(width: width, height: height, rgb: rgb)
    }
}
