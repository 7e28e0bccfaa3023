import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A picture of an LED ring, for people to see what each state looks like on one: each LED a
/// disc on a circle, LED 0 at 12 o'clock and the rest clockwise, an unlit LED drawn dim so the
/// ring's shape shows. 160×160 pixels, 8-bit RGB.
public enum LedRingPicture {
    public static let size: Int32 = 160
    static let unlit = Color(rgb: 0x2A2A2A)

    /// The picture's pixels, as `PNGEncoder` takes them.
    public static func rgb(_ colors: [Color]) -> [UInt8] {
        let display = MemoryDisplay(width: size, height: size, format: .xrgb8888)
        var compositor = Compositor(background: Color(rgb: 0x101010))
        let n = max(1, colors.count)
        let orbit = 60.0
        // Discs a little apart, never over 12 px across.
        let radius = Int32(min(12.0, orbit * .pi / Double(n) - 2) * 256)
        var layers: [Layer] = []
        for (i, color) in colors.enumerated() {
            let angle = Double(i) / Double(n) * 2 * .pi
            let x = Int32((80 + orbit * sin(angle)) * 256), y = Int32((80 - orbit * cos(angle)) * 256)
            let shown = color == .black ? unlit : color
            layers.append(Layer(key: UInt32(i), .capsule(CapsuleShape(x0: x, y0: y, x1: x, y1: y, radius: radius, color: shown))))
        }
        display.drawFrame { target in _ = compositor.render(layers, into: target) }
        return display.rgb()
    }

    public static func png(_ colors: [Color]) throws(PNGError) -> [UInt8] {
        try PNGEncoder.encode(width: size, height: size, rgb: rgb(colors))
    }
}
