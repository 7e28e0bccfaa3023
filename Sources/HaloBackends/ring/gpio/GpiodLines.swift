// SPDX-License-Identifier: Apache-2.0
import CGPIOD
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// GPIO lines requested through libgpiod as outputs for the consumer "halo", all on one chip,
/// held until released, and set together in one bulk call. A line is named as the kernel names
/// it (`GPIO17` on a Raspberry Pi) or given as `CHIP:OFFSET` (`gpiochip0:17`).
public final class GpiodLines: GpioLines {
    public let names: [String]
    let request: UnsafeMutablePointer<halo_gpio>

    /// Requests `names` as outputs, all inactive; a line held by another program names it.
    public init(_ names: [String], activeLow: Bool) throws(RingError) {
        guard !names.isEmpty else { throw RingError("no GPIO lines given; list them in leds.lines") }
        guard names.count <= Int(HALO_GPIO_MAX_LINES) else {
            throw RingError("\(names.count) GPIO lines are more than one request can take (\(HALO_GPIO_MAX_LINES)); use fewer LEDs")
        }
        var chip: String? = nil
        var offsets: [UInt32] = []
        for name in names {
            let (lineChip, offset) = try GpiodLines.locate(name)
            if let chip, chip != lineChip {
                throw RingError("GPIO line \(name) is on \(lineChip), the others on \(chip); a ring's lines must all be on one chip")
            }
            chip = lineChip
            offsets.append(offset)
        }
        self.names = names
        request = try GpiodLines.request(chip!, offsets, activeLow: activeLow)
    }

    deinit { halo_gpio_release(request) }

    public var count: Int { names.count }

    public func set(_ levels: [Int32]) throws(RingError) {
        guard levels.count == names.count else { throw RingError.wrongCount(sent: levels.count, ring: names.count) }
        if halo_gpio_set(request, levels) != 0 {
            throw RingError(
                "setting the GPIO lines \(names.first ?? "")… failed: \(SystemError.reason(errno)); check that the GPIO chip is still there (ls /dev/gpiochip*)"
            )
        }
    }

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

}
