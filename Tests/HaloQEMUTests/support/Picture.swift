// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloMock

/// A picture as 8-bit RGB rows: QEMU's screendump (PPM) or a mock frame (PNG).
struct Picture: Equatable {
    var width: Int
    var height: Int
    var rgb: [UInt8]

    /// A binary PPM (P6, maxval 255), as QMP's screendump writes it.
    init(ppm url: URL) throws {
        let data = Array(try Data(contentsOf: url))
        var fields: [String] = []
        var i = 0
        while fields.count < 4 && i < data.count {
            while i < data.count, data[i] == 32 || data[i] == 10 || data[i] == 13 || data[i] == 9 { i += 1 }
            var word: [UInt8] = []
            while i < data.count, !(data[i] == 32 || data[i] == 10 || data[i] == 13 || data[i] == 9) {
                word.append(data[i])
                i += 1
            }
            fields.append(String(decoding: word, as: UTF8.self))
        }
        i += 1
        guard fields.count == 4, fields[0] == "P6", let w = Int(fields[1]), let h = Int(fields[2]), fields[3] == "255",
            data.count - i == w * h * 3
        else {
            throw Host.Failure(description: "\(url.lastPathComponent) is not an 8-bit binary PPM")
        }
        width = w
        height = h
        rgb = Array(data[i...])
    }

    init(png url: URL) throws {
        let image = try PNGImage.decode(Array(try Data(contentsOf: url)))
        width = Int(image.width)
        height = Int(image.height)
        rgb = image.rgb
    }

    /// Pixels that differ from `other`, and where the first one is.
    /// Pixels of Halo's logo's blue arc (#0A84FF, or nearly) in the rows `rows`: the shipped
    /// boards' boot logo, which sits above the indicators.
    func logoBlue(inRows rows: Range<Int>) -> Int {
        var n = 0
        for y in rows.clamped(to: 0..<height) {
            for x in 0..<width {
                let at = (y * width + x) * 3
                if rgb[at] < 40 && rgb[at + 1] > 110 && rgb[at + 1] < 150 && rgb[at + 2] > 230 { n += 1 }
            }
        }
        return n
    }

    func differences(from other: Picture) -> (count: Int, first: (x: Int, y: Int)?) {
        guard width == other.width, height == other.height else { return (width * height, nil) }
        var count = 0
        var first: (Int, Int)?
        for p in 0..<(width * height) {
            let at = p * 3
            guard rgb[at..<at + 3].elementsEqual(other.rgb[at..<at + 3]) == false else { continue }
            count += 1
            if first == nil { first = (p % width, p / width) }
        }
        return (count, first)
    }
}
