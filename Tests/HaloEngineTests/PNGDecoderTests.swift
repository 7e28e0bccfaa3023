// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloRender
import HaloTestSupport
import Testing

/// Halo's PNG decoder against libpng: pictures in every colour type, bit depth, filter and
/// transparency, written by netpbm's `pnmtopng` and read back by its `pngtopam` (both libpng,
/// from Debian's netpbm package), must decode to the same pixels.
@Suite(
    "PNG files compared with libpng's reading (netpbm)",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pnmtopng"), "netpbm is not installed (Debian: netpbm)"))
struct PNGPeerTests {
    static let width = 37, height = 23

    /// A scratch folder with the source pictures: colour, grey and an alpha ramp, as plain PAM
    /// and PGM/PPM files at `maxval`.
    static func sources(maxval: Int, in dir: URL) throws {
        var rgb = "P3\n\(width) \(height)\n\(maxval)\n", grey = "P2\n\(width) \(height)\n\(maxval)\n",
            alpha = "P2\n\(width) \(height)\n255\n"
        for y in 0..<height {
            for x in 0..<width {
                let r = (x * 7 + y * 3) * maxval / (width * 7 + height * 3), g = y * maxval / (height - 1), b = (x ^ y) % 2 * maxval
                rgb += "\(r) \(g) \(b)\n"
                grey += "\((x + y) * maxval / (width + height - 2))\n"
                alpha += "\(x * 255 / (width - 1))\n"
            }
        }
        try rgb.write(to: dir.appendingPathComponent("rgb.ppm"), atomically: true, encoding: .ascii)
        try grey.write(to: dir.appendingPathComponent("grey.pgm"), atomically: true, encoding: .ascii)
        try alpha.write(to: dir.appendingPathComponent("alpha.pgm"), atomically: true, encoding: .ascii)
    }

    static func shell(_ command: String, in dir: URL) throws {
        let r = try ChildProcess.run(["/bin/sh", "-c", command], directory: dir.path)
        guard r.status == 0 else { throw PeerFailure(description: "\(command): \(r)") }
    }

    struct PeerFailure: Error, CustomStringConvertible { var description: String }

    /// What libpng reads from `png`: pngtopam's PAM with alpha, each sample brought to 8 bits
    /// as Halo does (the high byte of 16, low depths stretched to 255).
    static func libpng(_ png: String, in dir: URL) throws -> [Color] {
        try shell("pngtopam -alphapam \(png) > \(png).pam", in: dir)
        let data = Array(try Data(contentsOf: dir.appendingPathComponent("\(png).pam")))
        let end = data.indices.first { Array(data[$0..<min(data.count, $0 + 7)]) == Array("ENDHDR\n".utf8) }!
        let header = String(decoding: data[0..<end], as: UTF8.self).split(separator: "\n")
        func field(_ name: String) -> Int { Int(header.first { $0.hasPrefix(name + " ") }!.split(separator: " ")[1])! }
        let depth = field("DEPTH"), maxval = field("MAXVAL"), wide = maxval > 255
        var at = end + 7
        func sample() -> Int {
            defer { at += wide ? 2 : 1 }
            return wide ? Int(data[at]) : Int(data[at]) * 255 / maxval
        }
        var out: [Color] = []
        for _ in 0..<(field("WIDTH") * field("HEIGHT")) {
            let s = (0..<depth).map { _ in sample() }.map { UInt8($0) }
            switch depth {
            case 1: out.append(Color(r: s[0], g: s[0], b: s[0]))
            case 2: out.append(Color(r: s[0], g: s[0], b: s[0], a: s[1]))
            case 3: out.append(Color(r: s[0], g: s[1], b: s[2]))
            default: out.append(Color(r: s[0], g: s[1], b: s[2], a: s[3]))
            }
        }
        return out
    }

    @Test(
        "every colour type and bit depth, each filter, palettes and tRNS decode as libpng reads them",
        arguments: [
            ("grey1", 1, "pnmtopng grey.pgm"), ("grey2", 3, "pnmtopng grey.pgm"), ("grey4", 15, "pnmtopng grey.pgm"),
            ("grey8", 255, "pnmtopng grey.pgm"), ("grey16", 65535, "pnmtopng grey.pgm"),
            ("grey-alpha8", 255, "pnmtopng -alpha=alpha.pgm grey.pgm"), ("grey-alpha16", 65535, "pnmtopng -alpha=alpha.pgm grey.pgm"),
            ("rgb8", 255, "pnmtopng -force rgb.ppm"), ("rgb16", 65535, "pnmtopng rgb.ppm"),
            ("rgba8", 255, "pnmtopng -force -alpha=alpha.pgm rgb.ppm"), ("rgba16", 65535, "pnmtopng -alpha=alpha.pgm rgb.ppm"),
            ("palette", 3, "pnmtopng rgb.ppm"), ("palette4", 1, "pnmtopng rgb.ppm"),
            ("palette-trns", 3, "pnmtopng -transparent=rgb:0/0/0 rgb.ppm"),
            ("rgb-trns", 255, "pnmtopng -force -transparent=rgb:0/0/0 rgb.ppm"),
            ("grey-trns", 255, "pnmtopng -transparent=rgb:0/0/0 grey.pgm"),
            ("sub", 255, "pnmtopng -force -sub rgb.ppm"), ("up", 255, "pnmtopng -force -up rgb.ppm"),
            ("avg", 255, "pnmtopng -force -avg rgb.ppm"), ("paeth", 255, "pnmtopng -force -paeth -alpha=alpha.pgm rgb.ppm"),
            ("none", 255, "pnmtopng -force -nofilter rgb.ppm"),
        ])
    func againstLibpng(_ name: String, _ maxval: Int, _ command: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-png-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sources(maxval: maxval, in: dir)
        try Self.shell("\(command) > \(name).png", in: dir)
        let bitmap = try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("\(name).png"))))
        #expect(bitmap.width == Int32(Self.width) && bitmap.height == Int32(Self.height))
        let expected = try Self.libpng("\(name).png", in: dir)
        // A transparent pixel's colour is nobody's business: compare alpha there, not colour.
        let ours = bitmap.pixels.map { $0.a == 0 ? Color.clear : $0 }, theirs = expected.map { $0.a == 0 ? Color.clear : $0 }
        let firstDifference = zip(ours, theirs).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(firstDifference == nil, "\(name): first different pixel \(String(describing: firstDifference))")
    }

    @Test("an interlaced file is refused with the fix, not drawn scrambled")
    func interlaced() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-png-adam7-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.sources(maxval: 255, in: dir)
        try Self.shell("pnmtopng -interlace rgb.ppm > i.png", in: dir)
        #expect(throws: PictureError("it is interlaced (Adam7), which Halo does not read; save it again without interlacing")) {
            try PNGDecoder.decode(Array(try Data(contentsOf: dir.appendingPathComponent("i.png"))))
        }
    }
}
