// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloMock
import HaloRender
import HaloTestSupport
import Testing

/// PNG files as a board may name them: cut short, damaged, lying about their size, or
/// inflating without end. Each is refused with a reason; none crashes or grows unbounded.
@Suite("PNG files that are damaged or hostile")
struct PNGHostileTests {
    static let rgb: [UInt8] = (0..<24).flatMap { (i: Int) -> [UInt8] in
        let v = UInt8(i * 10)
        return [v, 255 - v, i % 2 == 0 ? 0 : 255]
    }
    static func valid() throws -> [UInt8] { try PNGEncoder.encode(width: 6, height: 4, rgb: rgb) }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { TestPNG.chunk(type, data) }
    static func bigEndian(_ v: UInt32) -> [UInt8] { TestPNG.bigEndian(v) }

    static func header(width: UInt32, height: UInt32, depth: UInt8 = 8, colour: UInt8 = 2, interlace: UInt8 = 0) -> [UInt8] {
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [depth, colour, 0, 0, interlace])
    }

    static let signature = TestPNG.signature

    @Test("the encoder's own file decodes to its pixels")
    func roundTrip() throws {
        let bitmap = try PNGDecoder.decode(try Self.valid())
        #expect(bitmap.pixels.flatMap { [$0.r, $0.g, $0.b] } == Self.rgb && bitmap.pixels.allSatisfy { $0.a == 255 })
    }

    @Test("a file cut at any length is refused, never read past its end")
    func cutShort() throws {
        let file = try Self.valid()
        for n in 0..<file.count {
            #expect(throws: PictureError.self, "cut to \(n) bytes") { try PNGDecoder.decode(Array(file[0..<n])) }
        }
    }

    @Test("a byte changed anywhere after the signature is caught (by the CRC, or as a broken stream)")
    func damaged() throws {
        let file = try Self.valid()
        for i in 8..<file.count {
            var bad = file
            bad[i] ^= 0x41
            #expect(throws: PictureError.self, "byte \(i) changed") { try PNGDecoder.decode(bad) }
        }
    }

    @Test(
        "the zlib header is checked (deflate, window, check bits, no dictionary); the Adler-32 of the pixels is not, the CRCs having covered the bytes"
    )
    func zlibHeader() throws {
        let picture = try #require(Bitmap(width: 3, height: 2, pixels: (0..<6).map { Color(r: UInt8($0 * 40), g: 9, b: 200, a: 128) }))
        #expect(try PNGDecoder.decode(TestPNG.rgba(picture)) == picture)
        // Not deflate; a 64 KiB window; check bits wrong; a preset dictionary (check bits right).
        for header: [UInt8] in [[0x79, 0x01], [0x88, 0x01], [0x78, 0x02], [0x78, 0x20]] {
            let file = TestPNG.rgba(picture) { Array(header) + TestPNG.stored($0).dropFirst(2) }
            #expect(throws: PictureError.self, "header \(header)") { try PNGDecoder.decode(file) }
        }
        let wrongSum = TestPNG.rgba(picture) { raw in
            var stream = TestPNG.stored(raw)
            stream[stream.count - 1] ^= 0xFF
            return stream
        }
        #expect(try PNGDecoder.decode(wrongSum) == picture)
    }

    @Test("sizes past 4096×4096 pixels, or of zero, are refused before anything that large is made")
    func hugeSizes() {
        for (w, h) in [(UInt32(100_000), UInt32(100_000)), (0x7FFF_FFFF, 1), (4097, 4096), (0, 10), (0xFFFF_FFFF, 0xFFFF_FFFF)] {
            let data = Self.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0, 0, 0, 1])
            let file = Self.signature + Self.header(width: w, height: h) + data + Self.chunk("IEND", [])
            #expect(throws: PictureError.self, "\(w)×\(h)") { try PNGDecoder.decode(file) }
        }
    }

    @Test("image data that inflates past the picture's size is cut off at that size and refused")
    func inflatesTooFar() throws {
        // 1×1 RGB needs 4 bytes; a stored deflate block of 65 535 zeros claims far more.
        var stored: [UInt8] = [0x78, 0x01, 0x01, 0xFF, 0xFF, 0x00, 0x00]
        stored += [UInt8](repeating: 0, count: 65535)
        let file = Self.signature + Self.header(width: 1, height: 1) + Self.chunk("IDAT", stored) + Self.chunk("IEND", [])
        #expect(throws: PictureError.self) { try PNGDecoder.decode(file) }
    }

    @Test(
        "what the specification forbids is named: a bad depth for the colour type, a palette index past the palette, a missing palette, an unknown critical chunk"
    )
    func forbidden() throws {
        let file = try Self.valid()
        let idat = Array(file[33..<(file.count - 12)])
        let end = Self.chunk("IEND", [])
        let cases: [([UInt8], String)] = [
            (Self.signature + Self.header(width: 6, height: 4, depth: 4, colour: 2) + idat + end, "colour type 2 at bit depth 4"),
            (Self.signature + Self.header(width: 6, height: 4, colour: 3) + idat + end, "palette image without a PLTE chunk"),
            (
                Self.signature + Self.header(width: 18, height: 4, colour: 3) + Self.chunk("PLTE", [1, 2, 3]) + idat + end,
                "palette entry"
            ),
            (Self.signature + Self.header(width: 6, height: 4) + Self.chunk("ABCD", [1]) + idat + end, "critical chunk ABCD"),
            (Self.signature + Self.header(width: 6, height: 4, interlace: 1) + idat + end, "interlaced"),
            (Self.signature + Self.chunk("IDAT", [1]) + end, "first chunk is IDAT"),
        ]
        for (bytes, reason) in cases {
            do {
                _ = try PNGDecoder.decode(bytes)
                Issue.record("decoded: \(reason)")
            } catch {
                #expect(error.description.contains(reason), "\(error)")
            }
        }
    }
}
