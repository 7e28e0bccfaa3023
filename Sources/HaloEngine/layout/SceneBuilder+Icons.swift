// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The small icons: the success check, the error cross, the stop square and the play triangle.
extension SceneBuilder {
    mutating func addCheck(cx: Int32, cy: Int32, size: Int32, stroke: Int32, color: Color, _ base: UInt32) {
        // A tick in a box 0.44 of the inner diameter: a short stroke down-right, a long one up-right.
        let s = size * 256 * 44 / 100
        let r = max(256, min(stroke << 7, s / 8))
        let p0 = (cx - s * 35 / 100, cy + s * 2 / 100)
        let p1 = (cx - s * 10 / 100, cy + s * 27 / 100)
        let p2 = (cx + s * 38 / 100, cy - s * 24 / 100)
        layers.append(Layer(key: base + .second, .capsule(CapsuleShape(x0: p0.0, y0: p0.1, x1: p1.0, y1: p1.1, radius: r, color: color))))
        layers.append(Layer(key: base + .third, .capsule(CapsuleShape(x0: p1.0, y0: p1.1, x1: p2.0, y1: p2.1, radius: r, color: color))))
    }

    mutating func addCross(cx: Int32, cy: Int32, size: Int32, stroke: Int32, color: Color, _ base: UInt32) {
        let s = size * 256 * 15 / 100
        let r = max(256, min(stroke << 7, s / 4))
        layers.append(
            Layer(key: base + .second, .capsule(CapsuleShape(x0: cx - s, y0: cy - s, x1: cx + s, y1: cy + s, radius: r, color: color))))
        layers.append(
            Layer(key: base + .third, .capsule(CapsuleShape(x0: cx + s, y0: cy - s, x1: cx - s, y1: cy + s, radius: r, color: color))))
    }

    mutating func addStop(cx: Int32, cy: Int32, size: Int32, color: Color, _ base: UInt32) {
        let half = size << 7
        let shape = RoundedRectShape(
            x: cx - half, y: cy - half, width: size << 8, height: size << 8, radius: max(256, size << 5), color: color)
        layers.append(Layer(key: base + .stop, .roundedRect(shape)))
    }

    /// The play icon of a paused indicator, in the `size`-pixel square centred at (`cx`, `cy`)
    /// (Q8) where its stop icon goes: a triangle pointing right with rounded corners, drawn as
    /// three capsules along its sides whose radius reaches its middle, at `.second` to `.stop`.
    mutating func addPlay(cx: Int32, cy: Int32, size: Int32, color c: Color, _ base: UInt32) {
        // An equilateral triangle of side L grown by its inradius (L / 2√3) is 1.444 L wide and
        // 1.577 L tall: L = 0.634 × size keeps it inside the square.
        let side = Int64(max(1, size)) * 256 * 634 / 1000
        let radius = Int32(side * 289 / 1000) + 32
        let h = side * 866 / 1000
        // Its centroid on the square's centre: the flat side a third of the height left of it.
        let left = cx - Int32(h / 3), tip = cx + Int32(2 * h / 3)
        let top = cy - Int32(side / 2), bottom = cy + Int32(side / 2)
        layers.append(Layer(key: base + .second, .capsule(CapsuleShape(x0: left, y0: top, x1: left, y1: bottom, radius: radius, color: c))))
        layers.append(Layer(key: base + .third, .capsule(CapsuleShape(x0: left, y0: bottom, x1: tip, y1: cy, radius: radius, color: c))))
        layers.append(Layer(key: base + .stop, .capsule(CapsuleShape(x0: tip, y0: cy, x1: left, y1: top, radius: radius, color: c))))
    }

    /// The stop icon, or the play icon while paused, in the pixel square `square`.
    mutating func addActionIcon(_ a: Activity, in square: IntRect, _ base: UInt32) {
        if a.pausedAt != nil {
            addPlay(
                cx: (square.x * 2 + square.width) << 7, cy: (square.y * 2 + square.height) << 7, size: square.width,
                color: indicatorColor(a),
                base)
        } else {
            layers.append(Layer(key: base + .stop, .roundedRect(RoundedRectShape(pixels: square, radius: 2, color: indicatorColor(a)))))
        }
    }
}
