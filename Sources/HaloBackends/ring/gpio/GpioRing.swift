// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A ring of discrete LEDs on GPIO lines: one line an LED (single colour), or three (red,
/// green, blue, each on or off). Every line changes together in one call a frame, and only a
/// frame that differs is sent. An LED is on when its channel, after the colour pipeline, is at
/// least half bright (`LedOnOff`). On a board the lines come through libgpiod (`GpiodLines`).
public final class GpioRing: RetunableRing {
    public let count: Int
    public let colour: Bool
    var onOff: LedOnOff
    let lines: any GpioLines
    @exclusivity(unchecked) var levels: [Int32]
    @exclusivity(unchecked) var sent: [Int32]? = nil
    @exclusivity(unchecked) public private(set) var bytesSent: Int64 = 0
    @exclusivity(unchecked) public private(set) var framesDelivered = 0

    /// The ring on libgpiod lines `lines`: one an LED, or three (red, green, blue) when `colour`.
    public convenience init(lines: [String], colour: Bool, activeLow: Bool, pipeline: LedColorPipeline) throws(RingError) {
        let perLed = colour ? 3 : 1
        guard !lines.isEmpty, lines.count % perLed == 0 else {
            throw RingError(
                "\(lines.count) GPIO lines cannot be \(colour ? "red, green and blue for each LED" : "one for each LED"); check leds.lines")
        }
        try self.init(colour: colour, pipeline: pipeline, lines: try GpiodLines(lines, activeLow: activeLow))
    }

    /// The ring on `lines`, held already: one an LED, or three (red, green, blue) when `colour`.
    public init(colour: Bool, pipeline: LedColorPipeline, lines: any GpioLines) throws(RingError) {
        let perLed = colour ? 3 : 1
        guard lines.count > 0, lines.count % perLed == 0 else {
            throw RingError("\(lines.count) GPIO lines cannot be \(colour ? "red, green and blue for each LED" : "one for each LED")")
        }
        count = lines.count / perLed
        self.colour = colour
        self.lines = lines
        onOff = LedOnOff(pipeline: pipeline)
        levels = [Int32](repeating: 0, count: lines.count)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else { throw RingError.wrongCount(sent: colors.count, ring: count) }
        levels.withUnsafeMutableBufferPointer { onOff.write(colors, colour: colour, into: $0) }
        if levels == sent { return }
        try lines.set(levels)
        sent = levels
        bytesSent += Int64(levels.count)
        framesDelivered += 1
    }

    public func retune(_ pipeline: LedColorPipeline) {
        onOff = LedOnOff(pipeline: pipeline)
    }
}
