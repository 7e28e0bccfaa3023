// SPDX-License-Identifier: Apache-2.0
/// An LED ring output's failure, worded for the person running Halo: the device, the cause
/// and the fix.
public struct RingError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

extension RingError {
    /// A frame of `sent` colours for a ring of `count` LEDs.
    public static func wrongCount(sent: Int, ring count: Int) -> RingError {
        RingError("sent \(sent) colours to a ring of \(count) LEDs; set leds.count in the board to the ring's size")
    }

    /// A frame of `bytes` over an SPI bus's message limit; `what` says what the frame is for.
    public static func tooLong(_ what: String, bytes: Int, limit: Int, otherwise: String = "") -> RingError {
        var size = 4096
        while size < bytes { size *= 2 }
        return RingError(
            "a frame for \(what) is \(bytes) bytes, over the SPI bus's \(limit)-byte message limit; raise it with spidev.bufsiz=\(size) on the kernel command line\(otherwise)"
        )
    }
}
