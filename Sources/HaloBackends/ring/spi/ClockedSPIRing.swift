import HaloHAL
import HaloRender

/// A ring of LEDs with a clock line (APA102, APA102C, SK9822, HD107S) on SPI: each frame goes
/// through the colour pipeline and the wiring, becomes the chip's frame (`ClockedLedChip`) and
/// leaves as one message.
public final class ClockedSPIRing: RingOutput {
    public let count: Int
    public let chip: ClockedLedChip
    public let clockHz: Int32
    public let order: LedColorOrder
    public let pipeline: LedColorPipeline
    public let wiring: LedWiring
    let bus: any SPIBus
    public private(set) var bytesSent: Int64 = 0
    var frame: [UInt8] = []

    public init(
        count: Int, chip: ClockedLedChip, clockHz: Int32? = nil, order: LedColorOrder = .bgr, pipeline: LedColorPipeline,
        wiring: LedWiring = LedWiring(), bus: any SPIBus
    ) throws(RingError) {
        self.count = count
        self.chip = chip
        self.clockHz = clockHz ?? chip.defaultClockHz
        self.order = order
        self.pipeline = pipeline
        self.wiring = wiring
        self.bus = bus
        if order.hasWhite {
            throw RingError("\(chip.rawValue) LEDs have no white channel; give the colour order as three letters, such as BGR")
        }
        let bytes = chip.frameBytes(ledCount: count)
        if bytes > bus.maximumMessageBytes {
            throw RingError(
                "a frame for \(count) \(chip.rawValue) LEDs is \(bytes) bytes, over the SPI bus's \(bus.maximumMessageBytes)-byte message limit; "
                    + "raise it with spidev.bufsiz=\(SPIBufferSize.suggested(bytes)) on the kernel command line")
        }
        frame.reserveCapacity(bytes)
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else {
            throw RingError("sent \(colors.count) colours to a ring of \(count) LEDs; set leds.count in the board to the ring's size")
        }
        frame.removeAll(keepingCapacity: true)
        chip.encode(wiring.wireOrder(pipeline.colors(colors)), order: order, into: &frame)
        try bus.send(frame, clockHz: clockHz)
        bytesSent += Int64(frame.count)
    }
}
