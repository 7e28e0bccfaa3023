// SPDX-License-Identifier: Apache-2.0
/// An 8-bit coverage bitmap, such as a line of rasterised text: 0 is empty, 255 is solid.
/// A class, so display lists can hold and compare one without copying its bytes.
public final class CoverageMask: Equatable {
    public let width: Int32
    public let height: Int32
    public let coverage: [UInt8]

    public init(width: Int32, height: Int32, coverage: [UInt8]) {
        precondition(coverage.count == Int(width) * Int(height), "mask size does not match its bytes")
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    public static func == (a: CoverageMask, b: CoverageMask) -> Bool {
        a === b || (a.width == b.width && a.height == b.height && a.coverage == b.coverage)
    }
}

/// Where a mask is drawn, and in which colour.
public struct MaskShape: Equatable {
    public var mask: CoverageMask
    public var x: Int32
    public var y: Int32
    public var color: Color

    public init(mask: CoverageMask, x: Int32, y: Int32, color: Color) {
        self.mask = mask
        self.x = x
        self.y = y
        self.color = color
    }

    public var bounds: IntRect { IntRect(x: x, y: y, width: mask.width, height: mask.height) }
}

/// Blends `color` through the mask's coverage.
public func drawMask<Layout>(_ canvas: Canvas<Layout>, _ shape: MaskShape, clip: IntRect) {
    let alpha = UInt32(shape.color.a)
    let packed = Layout.pack(shape.color)
    forEachCoveredPixel(canvas, shape, clip: clip) { p, c in
        Layout.blend(p, shape.color, packed: packed, alpha: Blend.mul255(UInt32(c), alpha))
    }
}

/// As `drawMask`, for a mask over pixels that all hold `value` (a flat part of the screen):
/// each coverage's result is worked out once (`Paint.blended`, the same blend on one scratch
/// pixel), and the mask's pixels are then plain stores from that table.
func drawMask<Layout>(_ canvas: Canvas<Layout>, _ shape: MaskShape, clip: IntRect, over value: UInt32) {
    if shape.color.a == 0 { return }
    let alpha = UInt32(shape.color.a)
    var table = [UInt32](repeating: value, count: 256)
    for c in 1..<256 {
        var weighted = shape.color
        weighted.a = UInt8(Blend.mul255(UInt32(c), alpha))
        table[c] = Paint<Layout>.blended(value, weighted)
    }
    table.withUnsafeBufferPointer { results in
        forEachCoveredPixel(canvas, shape, clip: clip) { p, c in Layout.store(results[Int(c)], p) }
    }
}

/// Calls `body` with the address and coverage of each pixel of the mask inside `clip` that it
/// covers at all.
@inline(__always)
func forEachCoveredPixel<Layout>(
    _ canvas: Canvas<Layout>, _ shape: MaskShape, clip: IntRect, _ body: (UnsafeMutableRawPointer, UInt8) -> Void
) {
    let r = shape.bounds.intersection(clip).intersection(canvas.bounds)
    if r.isEmpty || shape.color.a == 0 { return }
    let width = Int(shape.mask.width)
    shape.mask.coverage.withUnsafeBufferPointer { bytes in
        for y in r.y..<r.maxY {
            var p = canvas.address(r.x, y)
            var i = Int(y - shape.y) * width + Int(r.x - shape.x)
            for _ in 0..<r.width {
                let c = bytes[i]
                if c != 0 { body(p, c) }
                p += canvas.xStep
                i += 1
            }
        }
    }
}
