// SPDX-License-Identifier: Apache-2.0
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A picture of an LED ring, for people to see what each state looks like on one: each LED a
/// disc on a circle, LED 0 at 12 o'clock and the rest clockwise (or, `inRow`, in a line from
/// the left, as a board's status LEDs stand), an unlit LED drawn dim so the shape shows.
/// 160×160 pixels unless asked otherwise, 8-bit RGB.
public enum LedRingPicture {
    public static let size: Int32 = 160
    static let unlit = Color(rgb: 0x2A2A2A)
    static let background = Color(rgb: 0x101010)

    /// The picture's pixels, as `PNGEncoder` takes them: `size`×`size`.
    public static func rgb(_ colors: [Color], size: Int32 = size, inRow: Bool = false) -> [UInt8] {
        let display = MemoryDisplay(width: size, height: size, format: .xrgb8888)
        var compositor = Compositor(background: background)
        let n = max(1, colors.count)
        let middle = Double(size) / 2
        let orbit = Double(size) * 0.375
        // Discs a little apart, never over 15 % of the picture across.
        // A row spans the middle three quarters, so rows side by side in a strip stay apart.
        let span = Double(size) * 0.75
        let apart = inRow ? span / Double(n) / 2 - 2 : orbit * .pi / Double(n) - 2
        let radius = Int32(max(1, min(Double(size) * 0.075, apart)) * 256)
        var layers: [Layer] = []
        for (i, color) in colors.enumerated() {
            let angle = Double(i) / Double(n) * 2 * .pi
            let cx = inRow ? middle - span / 2 + (Double(i) + 0.5) * span / Double(n) : middle + orbit * sin(angle)
            let cy = inRow ? middle : middle - orbit * cos(angle)
            let x = Int32(cx * 256), y = Int32(cy * 256)
            let shown = color == .black ? unlit : color
            layers.append(Layer(key: UInt32(i), .capsule(CapsuleShape(x0: x, y0: y, x1: x, y1: y, radius: radius, color: shown))))
        }
        display.drawFrame { target in _ = compositor.render(layers, into: target) }
        return display.rgb()
    }

    public static func png(_ colors: [Color], inRow: Bool = false) throws(PNGError) -> [UInt8] {
        try PNGEncoder.encode(width: size, height: size, rgb: rgb(colors, inRow: inRow))
    }

    /// The colours a ring of single-colour on/off LEDs shows for `colors`: white where a GPIO
    /// ring switches the LED on, off elsewhere.
    public static func onOff(_ colors: [Color]) -> [Color] {
        colors.map { max($0.r, $0.g, $0.b) >= 128 ? .white : .black }
    }

    /// Rings side by side, a row for each of `rows`, each ring `size`×`size`: moments of a motion
    /// left to right. The picture's width and height, and its pixels.
    public static func strip(_ rows: [[[Color]]], size: Int32 = 64, inRow: Bool = false) -> (width: Int32, height: Int32, rgb: [UInt8]) {
        let columns = rows.map(\.count).max() ?? 0
        let width = Int(size) * columns, height = Int(size) * rows.count
        var out = [UInt8](repeating: background.r, count: width * height * 3)
        let side = Int(size)
        for (r, row) in rows.enumerated() {
            for (c, colors) in row.enumerated() {
                let ring = rgb(colors, size: size, inRow: inRow)
                for y in 0..<side {
                    let to = ((r * side + y) * width + c * side) * 3
                    out[to..<(to + side * 3)] = ring[(y * side * 3)..<((y + 1) * side * 3)]
                }
            }
        }
        return (Int32(width), Int32(height), out)
    }
}
