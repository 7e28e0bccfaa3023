// SPDX-License-Identifier: Apache-2.0
/// A bitmap drawn at its own size with its top-left corner at (`x`, `y`): a logo or a
/// background, already scaled for the screen when the layout placed it.
public struct ImageShape: Equatable {
    public var bitmap: Bitmap
    public var x: Int32
    public var y: Int32

    public init(bitmap: Bitmap, x: Int32, y: Int32) {
        self.bitmap = bitmap
        self.x = x
        self.y = y
    }

    public var bounds: IntRect { IntRect(x: x, y: y, width: bitmap.width, height: bitmap.height) }
}

/// Draws the part of the image inside `clip`, each pixel over what is there by its own alpha
/// (source-over, the same blend as every other shape): opaque pixels are stored, clear ones
/// skipped.
public func drawImage<Layout>(_ canvas: Canvas<Layout>, _ shape: ImageShape, clip: IntRect) {
    let r = shape.bounds.intersection(clip).intersection(canvas.bounds)
    if r.isEmpty { return }
    let width = Int(shape.bitmap.width)
    shape.bitmap.pixels.withUnsafeBufferPointer { pixels in
        for y in r.y..<r.maxY {
            var p = canvas.address(r.x, y)
            var i = Int(y - shape.y) * width + Int(r.x - shape.x)
            for _ in 0..<r.width {
                let c = pixels[i]
                if c.a == 255 {
                    Layout.store(Layout.pack(c), p)
                } else if c.a != 0 {
                    Layout.blend(p, c, alpha: UInt32(c.a))
                }
                p += canvas.xStep
                i += 1
            }
        }
    }
}
