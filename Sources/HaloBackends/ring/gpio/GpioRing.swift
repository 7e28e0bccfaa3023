import CGPIOD
import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A ring of discrete LEDs on GPIO lines, through libgpiod: one line an LED (single colour),
/// or three (red, green, blue, each on or off). A line is named as the kernel names it
/// (`GPIO17` on a Raspberry Pi) or given as `CHIP:OFFSET` (`gpiochip0:17`). All lines are
/// requested together at start, must be on one chip, and change together in one bulk call a
/// frame; only a frame that differs is sent. An LED is on when its channel, after the colour
/// pipeline, is at least half bright.
public final class GpioRing: RingOutput {
    public let count: Int
    public let lines: [String]
    public let colour: Bool
    let pipeline: LedColorPipeline
    let request: UnsafeMutablePointer<halo_gpio>
    var values: [Int32]
    var sent: [Int32]? = nil
    public private(set) var bytesSent: Int64 = 0

    /// `lines` holds one line an LED, or three (red, green, blue) when `colour`.
    public init(lines: [String], colour: Bool, activeLow: Bool, pipeline: LedColorPipeline) throws(RingError) {
        self.lines = lines
        self.colour = colour
        self.pipeline = pipeline
        let perLed = colour ? 3 : 1
        guard !lines.isEmpty, lines.count % perLed == 0 else {
            throw RingError(
                "\(lines.count) GPIO lines cannot be \(colour ? "red, green and blue for each LED" : "one for each LED"); check leds.lines")
        }
        guard lines.count <= Int(HALO_GPIO_MAX_LINES) else {
            throw RingError("\(lines.count) GPIO lines are more than one request can take (\(HALO_GPIO_MAX_LINES)); use fewer LEDs")
        }
        count = lines.count / perLed
        var chip: String? = nil
        var offsets: [UInt32] = []
        for name in lines {
            let (lineChip, offset) = try GpioRing.locate(name)
            if let chip, chip != lineChip {
                throw RingError("GPIO line \(name) is on \(lineChip), the others on \(chip); a ring's lines must all be on one chip")
            }
            chip = lineChip
            offsets.append(offset)
        }
        request = try GpioRing.request(chip!, offsets, activeLow: activeLow)
        values = [Int32](repeating: 0, count: lines.count)
    }

    deinit { halo_gpio_release(request) }

    /// `offsets` of `chip` requested as outputs together, for the consumer "halo".
    static func request(_ chip: String, _ offsets: [UInt32], activeLow: Bool) throws(RingError) -> UnsafeMutablePointer<halo_gpio> {
        var holder = [CChar](repeating: 0, count: 64)
        guard let request = halo_gpio_request(chip, offsets, UInt32(offsets.count), activeLow ? 1 : 0, &holder, holder.count) else {
            throw requestError(errno, chip: chip, consumer: text(holder))
        }
        return request
    }

    /// A string the C shim wrote into `buffer`, up to its terminating zero.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The chip and offset of a line name or `CHIP:OFFSET`.
    static func locate(_ name: String) throws(RingError) -> (chip: String, offset: UInt32) {
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count == 2, let offset = UInt32(parts[1]) { return (String(parts[0]), offset) }
        var chip = [CChar](repeating: 0, count: 64)
        var offset: UInt32 = 0
        if halo_gpio_find(name, &chip, chip.count, &offset) != 0 {
            throw RingError(
                "no GPIO line is called \(name); name it as the kernel does (gpioinfo lists the lines, e.g. GPIO17 on a Raspberry Pi) or as CHIP:OFFSET, e.g. gpiochip0:17"
            )
        }
        return (text(chip), offset)
    }

    static func requestError(_ e: Int32, chip: String, consumer: String) -> RingError {
        switch e {
        case EBUSY:
            return RingError("a GPIO line of the ring on \(chip) is held by \(consumer); stop that program, or give the ring other lines")
        case EACCES, EPERM:
            return RingError(
                "cannot request GPIO lines on \(chip): \(SystemError.reason(e)); add the user to the gpio group (udev: SUBSYSTEM==\"gpio\", GROUP=\"gpio\", MODE=\"0660\") or run as root"
            )
        case ENOENT, ENODEV:
            return RingError("there is no GPIO chip \(chip); list the chips with ls /dev/gpiochip* and check leds.lines")
        default:
            return RingError("cannot request GPIO lines on \(chip): \(SystemError.reason(e)); check the lines with gpioinfo and leds.lines")
        }
    }

    public func show(_ colors: [Color]) throws(RingError) {
        guard colors.count == count else { throw RingError.wrongCount(sent: colors.count, ring: count) }
        for (i, c) in pipeline.colors(colors).enumerated() {
            if colour {
                values[3 * i] = c.r >= 128 ? 1 : 0
                values[3 * i + 1] = c.g >= 128 ? 1 : 0
                values[3 * i + 2] = c.b >= 128 ? 1 : 0
            } else {
                values[i] = max(c.r, c.g, c.b) >= 128 ? 1 : 0
            }
        }
        if values == sent { return }
        if halo_gpio_set(request, values) != 0 {
            throw RingError(
                "setting the ring's GPIO lines failed: \(SystemError.reason(errno)); check that the GPIO chip is still there (ls /dev/gpiochip*)"
            )
        }
        sent = values
        bytesSent += Int64(values.count)
    }
}
