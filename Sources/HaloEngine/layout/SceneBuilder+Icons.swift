// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The small icons: the success check, the error cross and the stop square.
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

    mutating func addStop(cx: Int32, cy: Int32, size: Int32, _ base: UInt32) {
        let half = size << 7
        let shape = RoundedRectShape(
            x: cx - half, y: cy - half, width: size << 8, height: size << 8, radius: max(256, size << 5), color: theme.indicator)
        layers.append(Layer(key: base + .stop, .roundedRect(shape)))
    }
}
