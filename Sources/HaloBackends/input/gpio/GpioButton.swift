// SPDX-License-Identifier: Apache-2.0
import CGPIOD
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A push button on one GPIO line, read through libgpiod's edge events (version 1 or 2): the
/// line is requested as an input reporting both edges, already inverted for an active-low
/// button, with the board's bias. With libgpiod 2 the kernel debounces (in the chip where it
/// can, in software otherwise); with version 1 Halo does (`ButtonPress`). Each edge comes with
/// the kernel's CLOCK_MONOTONIC time. An idle button costs no wake-ups.
public final class GpioButton: InputDevice {
    public let name: String
    public let touchAxes: TouchAxes? = nil
    public var onEvent: ((InputEvent) -> Void)?
    public private(set) var gone = false
    /// True when the kernel debounces the line: Halo then takes each edge as it comes.
    public let kernelDebounces: Bool
    let request: UnsafeMutablePointer<halo_gpio_button>

    /// Edges read at most in one round, so a line that chatters cannot starve the loop.
    public static let edgesPerRound = 64

    public var descriptor: Int32 { gone ? -1 : halo_gpio_button_fd(request) }

    /// Requests `line` (a name such as GPIO17, or CHIP:OFFSET) for a button.
    public init(line: String, activeLow: Bool, bias: Int32, debounceMicroseconds: UInt32) throws(RingError) {
        let (chip, offset) = try GpiodLines.locate(line)
        var holder = [CChar](repeating: 0, count: 64)
        var kernel: Int32 = 0
        guard
            let request = halo_gpio_button_request(
                chip, offset, activeLow ? 1 : 0, bias, debounceMicroseconds, &kernel, &holder, holder.count)
        else {
            throw Self.requestError(errno, line: line, chip: chip, consumer: GpiodLines.text(holder))
        }
        self.request = request
        kernelDebounces = kernel != 0
        name = "the button on \(line)"
    }

    deinit { halo_gpio_button_release(request) }

    public func handle() {
        var active = [Int32](repeating: 0, count: 16)
        var times = [Int64](repeating: 0, count: 16)
        var read = 0
        while read < Self.edgesPerRound {
            let n = halo_gpio_button_read(request, &active, &times, 16)
            if n < 0 { gone = true }
            if n <= 0 { return }
            for i in 0..<Int(n) { onEvent?(.button(down: active[i] != 0, at: times[i] / 1000)) }
            read += Int(n)
        }
    }

    static func requestError(_ e: Int32, line: String, chip: String, consumer: String) -> RingError {
        switch e {
        case EBUSY:
            return RingError("the button's GPIO line \(line) is held by \(consumer); stop that program, or give the button another line")
        case EACCES, EPERM:
            return RingError(
                "cannot request the button's GPIO line \(line) on \(chip): \(SystemError.reason(e)); add the user to the gpio group or run as root"
            )
        default:
            return RingError("cannot request the button's GPIO line \(line) on \(chip): \(SystemError.reason(e)); check it with gpioinfo")
        }
    }
}
