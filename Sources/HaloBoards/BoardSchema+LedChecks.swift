// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The `leds` keys that only make sense together: a chip for the driver, a colour order that
/// suits the chip, a clock inside its timing windows, a first LED on the ring. One check per
/// driver, each naming the key, the problem and the fix.
extension BoardSchema {
    func checkLeds(_ b: Board) throws(BoardError) {
        let d = b.ledDriver
        if b.leds.count > 0 && d.wiring.first >= b.leds.count {
            throw refuse(
                "leds.first", "LED \(d.wiring.first) is not on a ring of \(b.leds.count)",
                "give the wire index of the LED at 12 o'clock, 0 to \(b.leds.count - 1)")
        }
        if d.dither == .on && d.driver != .spiWS2812 {
            throw refuse(
                "leds.dither", "temporal dithering is for spi-ws2812 rings, not \(d.driver.rawValue)",
                d.driver == .spiAPA102
                    ? "leave it out: APA102-family rings reach dim colours with their 5-bit brightness instead"
                    : "leave it out: this driver has no 8-bit channels to dither")
        }
        switch d.driver {
        case .mock: return
        case .spiWS2812: try checkOneWire(d)
        case .gpio: return try checkGpio(b, d)
        case .ledClass: return try checkLedClass(b, d)
        case .spiAPA102: try checkClocked(d)
        }
        if d.spiDevice == nil {
            throw refuse(
                "leds.spi-device", "\(d.driver.rawValue) needs the SPI device its ring is on", "add leds.spi-device, e.g. /dev/spidev0.0")
        }
        if b.leds.count == 0 {
            throw refuse(
                "leds.count", "\(d.driver.rawValue) drives a ring, but leds.count is 0", "set leds.count to the number of LEDs on the ring")
        }
    }

    func refuse(_ key: String, _ message: String, _ fix: String) -> BoardError {
        BoardError(path: path, line: nil, key: key, message: message, fix: fix)
    }

    /// spi-ws2812: a one-wire chip, its colour order, a clock and latch time it keeps.
    func checkOneWire(_ d: LedSettings) throws(BoardError) {
        guard let chip = d.oneWireChip else {
            throw refuse(
                "leds.chip", "'\(d.chip ?? "")' is not a chip spi-ws2812 drives",
                "use one of \(OneWireChip.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let order = d.order, order.hasWhite != (chip == .sk6812rgbw) {
            throw refuse(
                "leds.order", chip == .sk6812rgbw ? "SK6812 RGBW takes four channels" : "\(chip.rawValue) has no white channel",
                chip == .sk6812rgbw ? "write four letters, e.g. GRBW" : "write three letters, e.g. GRB")
        }
        if let hz = d.spiClockHz, OneWireSPIEncoding(chip: chip, bitsPerSymbol: d.spiBits, clockHz: hz) == nil {
            let range = OneWireSPIEncoding.clockRange(chip: chip, bitsPerSymbol: d.spiBits)
            throw refuse(
                "leds.spi-clock-hz",
                "at \(hz) Hz with \(d.spiBits)-bit symbols, \(chip.rawValue) pulses fall outside the chip's timing windows",
                range.map { "use \($0.lowerBound) to \($0.upperBound) Hz, or leave the key out for the default" }
                    ?? "use another leds.spi-bits")
        }
        if let reset = d.resetMicroseconds, reset < chip.resetMicroseconds {
            throw refuse(
                "leds.reset-us", "\(reset) µs is shorter than the \(chip.rawValue)'s latch time of \(chip.resetMicroseconds) µs",
                "use \(chip.resetMicroseconds) or more, or leave the key out for the chip's own")
        }
        if OneWireSPIEncoding.defaultClock(chip: chip, bitsPerSymbol: d.spiBits) == nil {
            throw refuse("leds.spi-bits", "\(chip.rawValue) cannot be driven with \(d.spiBits)-bit symbols", "use 3, 4 or 8")
        }
    }

    /// gpio: one line per LED (three for RGB), all on one chip.
    func checkGpio(_ b: Board, _ d: LedSettings) throws(BoardError) {
        let perLed = d.rgbLines ? 3 : 1
        if d.lines.count != b.leds.count * perLed {
            throw refuse(
                "leds.lines",
                "\(b.leds.count) LEDs need \(b.leds.count * perLed) GPIO lines\(d.rgbLines ? " (red, green and blue each)" : ""); \(d.lines.count) given",
                "list one line for each LED, clockwise from 12 o'clock\(d.rgbLines ? ", red, green and blue in turn" : "")")
        }
        if d.lines.count > 64 {
            throw refuse("leds.lines", "\(d.lines.count) GPIO lines are more than one request can take (64)", "use fewer LEDs")
        }
        // Lines given as CHIP:OFFSET show their chip here; named lines are found at start.
        var chips: [String] = []
        for line in d.lines {
            let parts = line.split(separator: ":", omittingEmptySubsequences: false)
            if parts.count == 2, UInt32(parts[1]) != nil, !chips.contains(String(parts[0])) { chips.append(String(parts[0])) }
        }
        if chips.count > 1 {
            throw refuse(
                "leds.lines", "the lines are on \(chips.joined(separator: " and ")), but one request sets lines of one chip",
                "put every LED of the ring on one GPIO chip")
        }
        if b.leds.count == 0 {
            throw refuse("leds.count", "gpio drives a ring, but leds.count is 0", "set leds.count to the number of LEDs")
        }
    }

    /// led-class: one name per LED, or a pattern.
    func checkLedClass(_ b: Board, _ d: LedSettings) throws(BoardError) {
        if d.namePattern == nil && d.names.count != b.leds.count {
            throw refuse(
                "leds.names", "led-class needs one name for each of the \(b.leds.count) LEDs; \(d.names.count) given",
                "list them clockwise from 12 o'clock, or give a pattern such as \"ring:%d\"")
        }
        if b.leds.count == 0 {
            throw refuse("leds.count", "led-class drives a ring, but leds.count is 0", "set leds.count to the number of LEDs")
        }
    }

    /// spi-apa102: a clocked chip, three colours.
    func checkClocked(_ d: LedSettings) throws(BoardError) {
        guard d.clockedChip != nil else {
            throw refuse(
                "leds.chip", "'\(d.chip ?? "")' is not a chip spi-apa102 drives",
                "use one of \(ClockedLedChip.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let order = d.order, order.hasWhite {
            throw refuse("leds.order", "APA102-family LEDs have no white channel", "write three letters, e.g. BGR")
        }
    }
}
