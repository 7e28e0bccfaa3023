// SPDX-License-Identifier: Apache-2.0
/// Fills whole pixels of `rect ∩ clip` with `color` (blended when it is translucent).
public func fillRect<Layout>(_ canvas: Canvas<Layout>, _ rect: IntRect, _ color: Color, clip: IntRect) {
    let r = rect.intersection(clip).intersection(canvas.bounds)
    if r.isEmpty || color.a == 0 { return }
    let paint = Paint<Layout>(color)
    let bpp = Layout.bytesPerPixel
    if r.x == 0 && r.width == canvas.width && canvas.xStep == bpp && canvas.yStep == bpp * Int(canvas.width) {
        // Whole rows of an unpadded, unrotated buffer lie end to end: one run fills them all,
        // so clearing a full frame is a single pass instead of one per row.
        paint.run(canvas.address(0, r.y), count: Int(r.width) * Int(r.height), step: bpp)
        return
    }
    var row = canvas.address(r.x, r.y)
    for _ in 0..<r.height {
        paint.run(row, count: Int(r.width), step: canvas.xStep)
        row += canvas.yStep
    }
}
