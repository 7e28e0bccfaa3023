/// Fills whole pixels of `rect ∩ clip` with `color` (blended when it is translucent).
public func fillRect<Layout>(_ canvas: Canvas<Layout>, _ rect: IntRect, _ color: Color, clip: IntRect) {
    let r = rect.intersection(clip).intersection(canvas.bounds)
    if r.isEmpty || color.a == 0 { return }
    let paint = Paint<Layout>(color)
    var row = canvas.address(r.x, r.y)
    for _ in 0..<r.height {
        paint.run(row, count: Int(r.width), step: canvas.xStep)
        row += canvas.yStep
    }
}
