// SPDX-License-Identifier: Apache-2.0
import CZlib
import Foundation
import HaloBoards
import HaloRender
import HaloTestSupport
import Testing

/// Halo's own logo, which the shipped boards' boot splash shows: a light disc inside a blue
/// halo, drawn by Halo's renderer, neutral enough for any maker to replace. It must not look
/// like a progress ring, which the splash draws below it. `Boards/halo-logo.png` must be
/// exactly what this draws; rewrite it with `HALO_UPDATE_GOLDEN=1 swift test --filter
/// LogoAssetTests` after changing the drawing.
@Suite("Halo's logo asset")
struct LogoAssetTests {
    static let size: Int32 = 192
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Boards/halo-logo.png")
        .standardized

    /// The disc and the halo twice on black: once all white, whose red channel is the
    /// coverage, once in their colours, premultiplied by that coverage; dividing gives
    /// straight-alpha RGBA.
    static func draw() -> Bitmap {
        func picture(disc: Color, halo: Color) -> [UInt32] {
            var pixels = [UInt32](repeating: 0, count: Int(size * size))
            pixels.withUnsafeMutableBytes { raw in
                let canvas = Canvas<XRGB8888>(
                    memory: raw.baseAddress!, physicalWidth: size, physicalHeight: size, stride: Int(size) * 4, rotation: .none)
                fillRect(canvas, canvas.bounds, .black, clip: canvas.bounds)
                for (outer, inner, colour) in [(Int32(56), Int32(0), disc), (88, 76, halo)] {
                    let shape = RingShape(
                        centerX: size << 7, centerY: size << 7, outerRadius: outer << 8, innerRadius: inner << 8, track: colour,
                        indicator: colour)
                    drawRing(canvas, shape, clip: canvas.bounds)
                }
            }
            return pixels
        }
        let cover = picture(disc: .white, halo: .white)
        let coloured = picture(disc: Color(rgb: 0xE5E5EA), halo: Color(rgb: 0x0A84FF))
        let pixels = zip(cover, coloured).map { c, p -> Color in
            let a = Int(c >> 16 & 0xFF)
            guard a > 0 else { return .clear }
            func straight(_ v: UInt32) -> UInt8 { UInt8(min(255, (Int(v & 0xFF) * 255 + a / 2) / a)) }
            return Color(r: straight(p >> 16), g: straight(p >> 8), b: straight(p), a: UInt8(a))
        }
        return Bitmap(width: size, height: size, pixels: pixels)!
    }

    /// An 8-bit RGBA PNG of `bitmap`, deflated by zlib at its best.
    static func png(_ bitmap: Bitmap) -> [UInt8] {
        TestPNG.rgba(bitmap) { raw in
            var size = compressBound(uLong(raw.count))
            var packed = [UInt8](repeating: 0, count: Int(size))
            _ = compress2(&packed, &size, raw, uLong(raw.count), 9)
            return Array(packed[0..<Int(size)])
        }
    }

    @Test("Boards/halo-logo.png is the logo Halo's renderer draws, pixel for pixel")
    func shippedLogo() throws {
        let drawn = Self.draw()
        if ProcessInfo.processInfo.environment["HALO_UPDATE_GOLDEN"] == "1" {
            try Data(Self.png(drawn)).write(to: Self.file)
        }
        let shipped = try PNGDecoder.decode(Array(try Data(contentsOf: Self.file)))
        #expect(shipped == drawn, "Boards/halo-logo.png differs from the drawing; rewrite it with HALO_UPDATE_GOLDEN=1")
        #expect(drawn.pixels.contains { $0.a == 0 } && drawn.pixels.contains { $0.a == 255 && $0.b == 0xFF }, "clear around, blue arc")
    }
}
