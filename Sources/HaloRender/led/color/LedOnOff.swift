/// From colours to LEDs that are only on or off (discrete LEDs on GPIO lines): a channel is on
/// when the colour pipeline makes it at least half bright, as an 8-bit value of 128 or more.
/// Worked out once into a table a channel, so a frame is a lookup an LED, or three for an LED
/// with red, green and blue each on its own line. Only a frame over the current budget takes
/// the pipeline's general path, which scales it down first.
public struct LedOnOff: Sendable {
    public let pipeline: LedColorPipeline
    /// Per channel (red, green, blue), whether each value lights it.
    let lit: [Bool]
    let writer: LedFrameWriter

    public init(pipeline: LedColorPipeline) {
        self.pipeline = pipeline
        writer = LedFrameWriter(pipeline: pipeline, order: .rgb)
        lit = writer.byte.map { $0 >= 128 }
    }

    /// Writes each LED's level (1 on, 0 off) into `levels`: one an LED, its brightest channel
    /// deciding, or with `colour` three an LED, red, green and blue in turn.
    public func write(_ colors: [Color], colour: Bool, into levels: UnsafeMutableBufferPointer<Int32>) {
        guard levels.count >= colors.count * (colour ? 3 : 1) else { return }
        if pipeline.budgetMilliamps > 0 && writer.overBudget(colors) {
            for (i, c) in pipeline.colors(colors).enumerated() {
                if colour {
                    levels[3 * i] = c.r >= 128 ? 1 : 0
                    levels[3 * i + 1] = c.g >= 128 ? 1 : 0
                    levels[3 * i + 2] = c.b >= 128 ? 1 : 0
                } else {
                    levels[i] = max(c.r, c.g, c.b) >= 128 ? 1 : 0
                }
            }
            return
        }
        lit.withUnsafeBufferPointer { table in
            colors.withUnsafeBufferPointer { picture in
                for i in 0..<picture.count {
                    let c = picture[i]
                    let r: Int32 = table[Int(c.r)] ? 1 : 0
                    let g: Int32 = table[256 &+ Int(c.g)] ? 1 : 0
                    let b: Int32 = table[512 &+ Int(c.b)] ? 1 : 0
                    if colour {
                        levels[3 &* i] = r
                        levels[3 &* i &+ 1] = g
                        levels[3 &* i &+ 2] = b
                    } else {
                        levels[i] = r | g | b
                    }
                }
            }
        }
    }
}
