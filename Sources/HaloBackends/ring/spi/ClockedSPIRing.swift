// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A ring of LEDs with a clock line (APA102, APA102C, SK9822, HD107S) on SPI: each frame goes
/// through the colour pipeline and the wiring, becomes the chip's frame (`ClockedLedChip`) and
/// leaves as one message.
public final class ClockedSPIRing: RingOutput, RetunableRing {
    public let count: Int
    public let chip: ClockedLedChip
    public let clockHz: Int32
    public private(set) var writer: LedFrameWriter
    let bus: any SPIBus
    // The buffers are touched only by `show` and the writers it calls, which reach nothing
    // else: the run-time exclusivity checks, several a frame, would buy nothing.
    @exclusivity(unchecked) public private(set) var bytesSent: Int64 = 0
    @exclusivity(unchecked) public private(set) var framesDelivered = 0
    /// The LEDs' colour bytes in wire order, and the frame: kept between frames, its start,
    /// brightness bytes and end written once.
    @exclusivity(unchecked) var data: [UInt8]
    @exclusivity(unchecked) var frame: [UInt8]
    /// Each LED's brightness from its colour (`ClockedLedChip.fiveBit`), or always 31.
    public let fiveBitBrightness: Bool
    @exclusivity(unchecked) var lights: [LedLight]

    public init(
        count: Int, chip: ClockedLedChip, clockHz: Int32? = nil, order: LedColorOrder = .bgr, pipeline: LedColorPipeline,
        wiring: LedWiring = LedWiring(), fiveBitBrightness: Bool = false, bus: any SPIBus
    ) throws(RingError) {
        self.count = count
        self.fiveBitBrightness = fiveBitBrightness
        lights = [LedLight](repeating: LedLight(r: 0, g: 0, b: 0), count: fiveBitBrightness ? count : 0)
        self.chip = chip
        self.clockHz = clockHz ?? chip.defaultClockHz
        self.bus = bus
        if order.hasWhite {
            throw RingError("\(chip.rawValue) LEDs have no white channel; give the colour order as three letters, such as BGR")
        }
        writer = LedFrameWriter(pipeline: pipeline, order: order, wiring: wiring)
        let bytes = chip.frameBytes(ledCount: count)
        if bytes > bus.maximumMessageBytes {
            throw RingError.tooLong("\(count) \(chip.rawValue) LEDs", bytes: bytes, limit: bus.maximumMessageBytes)
        }
        data = [UInt8](repeating: 0, count: count * 3)
        frame = []
        // Dark LEDs are brightness 0 with 5-bit brightness, as every later dark frame is.
        chip.encode(
            [Color](repeating: .black, count: count), brightness: [UInt8](repeating: fiveBitBrightness ? 0 : 31, count: count),
            order: order, into: &frame)
        // A crash turns the ring off where the bus allows it: the frame as it starts is dark.
        (bus as? Spidev)?.sendOnCrash(frame, clockHz: self.clockHz)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError.wrongCount(sent: colors.count, ring: count)
        }
        if fiveBitBrightness {
            writeFiveBit(colors)
        } else {
            writeColors(colors)
        }
        try bus.send(frame, clockHz: clockHz)
        bytesSent += Int64(frame.count)
        framesDelivered += 1
    }

    func writeColors(_ colors: [Color]) {
        data.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
        // Each LED is its brightness byte, then its three colour bytes, after the 4-byte start.
        data.withUnsafeBufferPointer { d in
            frame.withUnsafeMutableBufferPointer { f in
                for i in 0..<count {
                    f[5 &+ 4 &* i] = d[3 &* i]
                    f[6 &+ 4 &* i] = d[3 &* i &+ 1]
                    f[7 &+ 4 &* i] = d[3 &* i &+ 2]
                }
            }
        }
    }

    /// Each LED's brightness byte and colour bytes from its 16-bit light.
    func writeFiveBit(_ colors: [Color]) {
        lights.withUnsafeMutableBufferPointer { writer.writeLights(colors, into: $0) }
        let order = writer.order.channels
        lights.withUnsafeBufferPointer { l in
            frame.withUnsafeMutableBufferPointer { f in
                for i in 0..<count {
                    let led = ClockedLedChip.fiveBit(l[i])
                    let at = 4 &+ 4 &* i
                    f[at] = 0xE0 | led.level
                    for k in 0..<3 {
                        let channel = order[k]
                        f[at &+ 1 &+ k] = channel == 0 ? led.r : channel == 1 ? led.g : led.b
                    }
                }
            }
        }
    }

    public func retune(_ pipeline: LedColorPipeline) {
        writer = LedFrameWriter(pipeline: pipeline, order: writer.order, wiring: writer.wiring)
    }
}
