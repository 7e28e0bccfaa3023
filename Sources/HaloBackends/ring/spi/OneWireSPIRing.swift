import HaloHAL
import HaloRender

/// A ring of one-wire LEDs (WS2812, WS2812B, WS2813, SK6812, SK6812 RGBW) on an SPI MOSI line:
/// each frame goes through the colour pipeline and the wiring, becomes the chip's SPI symbols
/// (`OneWireSPIEncoding`) with the reset time on both sides, and leaves as one message.
public final class OneWireSPIRing: RingOutput {
    public let count: Int
    public let encoding: OneWireSPIEncoding
    public let order: LedColorOrder
    public let pipeline: LedColorPipeline
    public let wiring: LedWiring
    let bus: any SPIBus
    public private(set) var bytesSent: Int64 = 0
    /// Where each frame is built, kept between frames.
    var frame: [UInt8] = []
    var wire: [UInt8] = []

    /// Checks once, at start, that a whole frame fits in one message on `bus`.
    public init(
        count: Int, encoding: OneWireSPIEncoding, order: LedColorOrder, pipeline: LedColorPipeline, wiring: LedWiring = LedWiring(),
        bus: any SPIBus
    ) throws(RingError) {
        self.count = count
        self.encoding = encoding
        self.order = order
        self.pipeline = pipeline
        self.wiring = wiring
        self.bus = bus
        let bytes = encoding.frameBytes(ledCount: count, channels: order.count)
        if bytes > bus.maximumMessageBytes {
            throw RingError(
                "a frame for \(count) \(encoding.chip.rawValue) LEDs with \(encoding.bitsPerSymbol)-bit symbols is \(bytes) bytes, over the SPI bus's \(bus.maximumMessageBytes)-byte message limit; "
                    + "raise it with spidev.bufsiz=\(SPIBufferSize.suggested(bytes)) on the kernel command line, or use 3-bit symbols")
        }
        frame.reserveCapacity(bytes)
        wire.reserveCapacity(count * order.count)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError("sent \(colors.count) colours to a ring of \(count) LEDs; set leds.count in the board to the ring's size")
        }
        wire.removeAll(keepingCapacity: true)
        for c in wiring.wireOrder(pipeline.colors(colors)) { order.append(c, to: &wire) }
        frame.removeAll(keepingCapacity: true)
        encoding.encode(wire, into: &frame)
        try bus.send(frame, clockHz: encoding.clockHz)
        bytesSent += Int64(frame.count)
    }
}

/// spidev's message limit, and what to raise it to.
enum SPIBufferSize {
    /// The next power of two at or above `bytes`, at least 4096.
    static func suggested(_ bytes: Int) -> Int {
        var size = 4096
        while size < bytes { size *= 2 }
        return size
    }
}
