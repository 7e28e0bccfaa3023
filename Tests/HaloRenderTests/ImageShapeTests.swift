// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// Pictures drawn exactly: each pixel source-over by its own alpha, rounded to nearest, and
/// scaled down by averaging in premultiplied alpha.
@Suite("Images drawn and scaled exactly")
struct ImageShapeTests {
    @Test("every alpha over a grey background gives round((c·a + bg·(255 − a)) / 255) in XRGB8888; clear pixels leave it alone")
    func sourceOver() {
        let pixels = (0..<256).map { Color(r: 250, g: UInt8($0), b: 3, a: UInt8($0)) }
        let bitmap = Bitmap(width: 256, height: 1, pixels: pixels)!
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 256 * 4, alignment: 16)
        defer { memory.deallocate() }
        let canvas = Canvas<XRGB8888>(memory: memory, physicalWidth: 256, physicalHeight: 1, stride: 256 * 4, rotation: .none)
        let bg = Color(r: 40, g: 80, b: 120)
        fillRect(canvas, canvas.bounds, bg, clip: canvas.bounds)
        drawImage(canvas, ImageShape(bitmap: bitmap, x: 0, y: 0), clip: canvas.bounds)
        func over(_ c: UInt8, _ b: UInt8, _ a: Int) -> UInt32 { UInt32((Int(c) * a + Int(b) * (255 - a) + 127) / 255) }
        var wrong: [Int] = []
        for a in 0..<256 {
            let want = over(250, bg.r, a) << 16 | over(UInt8(a), bg.g, a) << 8 | over(3, bg.b, a)
            if XRGB8888.load(canvas.address(Int32(a), 0)) & 0xFF_FFFF != want { wrong.append(a) }
        }
        #expect(wrong.isEmpty, "alphas drawn wrong: \(wrong)")
    }

    @Test("a picture is clipped to the canvas and the clip, wherever it is placed")
    func clipped() {
        let bitmap = Bitmap(width: 4, height: 4, pixels: Array(repeating: Color(r: 255, g: 0, b: 0), count: 16))!
        let memory = UnsafeMutableRawPointer.allocate(byteCount: 8 * 8 * 4, alignment: 16)
        defer { memory.deallocate() }
        let canvas = Canvas<XRGB8888>(memory: memory, physicalWidth: 8, physicalHeight: 8, stride: 32, rotation: .none)
        fillRect(canvas, canvas.bounds, .black, clip: canvas.bounds)
        drawImage(canvas, ImageShape(bitmap: bitmap, x: -2, y: 6), clip: IntRect(x: 0, y: 0, width: 8, height: 7))
        var red: [String] = []
        for y in Int32(0)..<8 {
            for x in Int32(0)..<8 where XRGB8888.load(canvas.address(x, y)) & 0xFF_FFFF == 0xFF_0000 { red.append("\(x),\(y)") }
        }
        #expect(red == ["0,6", "1,6"])
    }

    @Test("fitting keeps the proportions and never enlarges; shrinking averages with alpha as weight")
    func scaling() {
        let half = Bitmap(
            width: 2, height: 1, pixels: [Color(r: 255, g: 0, b: 0, a: 255), Color(r: 0, g: 0, b: 255, a: 0)])!
        #expect(half.fittedSize(width: 100, height: 100) == (2, 1))
        let wide = Bitmap(width: 400, height: 100, pixels: Array(repeating: .white, count: 40_000))!
        #expect(wide.fittedSize(width: 200, height: 200) == (200, 50))
        #expect(wide.fittedSize(width: 1000, height: 20) == (80, 20))
        // The clear blue pixel lends no colour: the average is red at half alpha.
        #expect(half.scaled(width: 1, height: 1).pixels == [Color(r: 255, g: 0, b: 0, a: 128)])
        let checker = Bitmap(width: 2, height: 2, pixels: [.white, .black, .black, .white])!
        #expect(checker.scaled(width: 1, height: 1).pixels == [Color(r: 128, g: 128, b: 128)])
        #expect(checker.scaled(width: 2, height: 2) == checker)
        #expect(Bitmap(width: 0, height: 1, pixels: []) == nil && Bitmap(width: 2, height: 2, pixels: [.white]) == nil)
    }
}
