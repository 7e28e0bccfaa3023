// SPDX-License-Identifier: Apache-2.0
/// From colours to LEDs that are only on or off (discrete LEDs on GPIO lines): a channel is on
/// when the colour pipeline makes it at least half bright, as an 8-bit value of 128 or more.
/// The pipeline's 8-bit values come from `LedFrameWriter`, which works them out from tables
/// and scales a frame over the current budget down first.
public struct LedOnOff: Sendable {
    public let pipeline: LedColorPipeline
    let writer: LedFrameWriter

    public init(pipeline: LedColorPipeline) {
        self.pipeline = pipeline
        writer = LedFrameWriter(pipeline: pipeline, order: .rgb)
    }

    /// Writes each LED's level (1 on, 0 off) into `levels`: one an LED, its brightest channel
    /// deciding, or with `colour` three an LED, red, green and blue in turn.
    public func write(_ colors: [Color], colour: Bool, into levels: UnsafeMutableBufferPointer<Int32>) {
        let n = colors.count
        guard n > 0, levels.count >= n * (colour ? 3 : 1) else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * n) { bytes in
            writer.write(colors, into: bytes)
            for i in 0..<n {
                let r: Int32 = bytes[3 &* i] >= 128 ? 1 : 0
                let g: Int32 = bytes[3 &* i &+ 1] >= 128 ? 1 : 0
                let b: Int32 = bytes[3 &* i &+ 2] >= 128 ? 1 : 0
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
