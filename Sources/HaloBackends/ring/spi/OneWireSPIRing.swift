// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A ring of one-wire LEDs (WS2812, WS2812B, WS2813, SK6812, SK6812 RGBW) on an SPI MOSI line:
/// each frame goes through the colour pipeline and the wiring, becomes the chip's SPI symbols
/// (`OneWireSPIEncoding`) with the reset time on both sides, and leaves as one message.
public final class OneWireSPIRing: DitheringRing, RetunableRing {
    public let count: Int
    public let encoding: OneWireSPIEncoding
    public private(set) var writer: LedFrameWriter
    let bus: any SPIBus
    // The buffers below are touched only by `show`, `showDithered` and `send`, which call
    // nothing that could reach them again: the run-time exclusivity checks, several a frame,
    // would cost as much as encoding a few LEDs.
    @exclusivity(unchecked) public private(set) var bytesSent: Int64 = 0
    @exclusivity(unchecked) public private(set) var framesDelivered = 0
    /// The LEDs' bytes in wire order, and the frame around them: both kept between frames,
    /// the frame's reset zeros written once.
    @exclusivity(unchecked) var data: [UInt8]
    @exclusivity(unchecked) var frame: [UInt8]
    /// For dithered frames: the lights in wire order, and what each byte carries to the next.
    @exclusivity(unchecked) var lights: [LedLight] = []
    @exclusivity(unchecked) var carry: [UInt16] = []

    /// Checks once, at start, that a whole frame fits in one message on `bus`.
    public init(
        count: Int, encoding: OneWireSPIEncoding, order: LedColorOrder, pipeline: LedColorPipeline, wiring: LedWiring = LedWiring(),
        bus: any SPIBus
    ) throws(RingError) {
        self.count = count
        self.encoding = encoding
        self.bus = bus
        writer = LedFrameWriter(pipeline: pipeline, order: order, wiring: wiring)
        let bytes = encoding.frameBytes(ledCount: count, channels: order.count)
        if bytes > bus.maximumMessageBytes {
            throw RingError.tooLong(
                "\(count) \(encoding.chip.rawValue) LEDs with \(encoding.bitsPerSymbol)-bit symbols", bytes: bytes,
                limit: bus.maximumMessageBytes,
                otherwise: ", or use 3-bit symbols")
        }
        data = [UInt8](repeating: 0, count: count * order.count)
        frame = [UInt8](repeating: 0, count: bytes)
        // A crash turns the ring off where the bus allows it: every LED sent zero.
        var dark: [UInt8] = []
        encoding.encode(data, into: &dark)
        (bus as? Spidev)?.sendOnCrash(dark, clockHz: encoding.clockHz)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError.wrongCount(sent: colors.count, ring: count)
        }
        data.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
        try send()
    }

    public func showDithered(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError.wrongCount(sent: colors.count, ring: count)
        }
        if carry.isEmpty {
            lights = [LedLight](repeating: LedLight(r: 0, g: 0, b: 0), count: count)
            carry = [UInt16](repeating: 0, count: data.count)
        }
        lights.withUnsafeMutableBufferPointer { writer.writeLights(colors, into: $0) }
        lights.withUnsafeBufferPointer { l in
            data.withUnsafeMutableBufferPointer { d in carry.withUnsafeMutableBufferPointer { writer.write(l, into: d, carry: $0) } }
        }
        try send()
    }

    /// Encodes the LEDs' bytes into the frame and sends it as one message.
    func send() throws(RingError) {
        data.withUnsafeBufferPointer { d in frame.withUnsafeMutableBufferPointer { encoding.encode(d, intoFrame: $0) } }
        try bus.send(frame, clockHz: encoding.clockHz)
        bytesSent += Int64(frame.count)
        framesDelivered += 1
    }

    public func retune(_ pipeline: LedColorPipeline) {
        writer = LedFrameWriter(pipeline: pipeline, order: writer.order, wiring: writer.wiring)
    }
}
