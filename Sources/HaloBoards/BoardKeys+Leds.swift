// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// The `leds` keys: what the ring shows, and how its driver reaches it.
extension BoardSchema {
    static let ledKeys: [BoardKey] = [
        BoardKey("leds.count") { s, v, k, b throws(BoardError) in b.leds.count = Int(try s.integer(v, k, 0...1024)) },
        BoardKey("leds.brightness") { s, v, k, b throws(BoardError) in b.ledDriver.brightness = try s.percent(v, k) },
        BoardKey("leds.track") { s, v, k, b throws(BoardError) in b.leds.track = try s.color(v, k) },
        BoardKey("leds.driver") { s, v, k, b throws(BoardError) in
            b.ledDriver.driver = try s.parsed(
                v, k, LedSettings.Driver.init(rawValue:), isNot: "an LED driver",
                "use one of \(LedSettings.Driver.allCases.map(\.rawValue).joined(separator: ", "))")
        },
        BoardKey("leds.chip") { s, v, k, b throws(BoardError) in b.ledDriver.chip = try s.text(v, k) },
        BoardKey("leds.order") { s, v, k, b throws(BoardError) in
            b.ledDriver.order = try s.parsed(
                v, k, LedColorOrder.init, isNot: "a colour order", "write R, G and B once each, and W for RGBW chips, e.g. GRB or GRBW")
        },
        BoardKey("leds.gamma") { s, v, k, b throws(BoardError) in b.ledDriver.gammaHundredths = try s.hundredths(v, k, LedGamma.range) },
        BoardKey("leds.correction") { s, v, k, b throws(BoardError) in b.ledDriver.correction = try s.color(v, k) },
        BoardKey("leds.max-milliamps") { s, v, k, b throws(BoardError) in b.ledDriver.maxMilliamps = try s.integer(v, k, 0...100_000) },
        BoardKey("leds.first") { s, v, k, b throws(BoardError) in b.ledDriver.wiring.first = Int(try s.integer(v, k, 0...1023)) },
        BoardKey("leds.direction") { s, v, k, b throws(BoardError) in
            b.ledDriver.wiring.clockwise = try s.parsed(
                v, k, { ["clockwise": true, "counter-clockwise": false][$0] }, isNot: "a direction",
                "write clockwise or counter-clockwise: the way the wire runs round the ring, seen from the front")
        },
        BoardKey("leds.on-exit") { s, v, k, b throws(BoardError) in
            b.ledDriver.keepOnExit = try s.parsed(
                v, k, { ["keep": true, "off": false][$0] }, isNot: "what a ring can do at exit",
                "write off (the LEDs go dark) or keep (the last frame stays lit)")
        },
        BoardKey("leds.fps") { s, v, k, b throws(BoardError) in b.ledDriver.framesPerSecond = try s.integer(v, k, 1...240) },
        BoardKey("leds.dither") { s, v, k, b throws(BoardError) in
            b.ledDriver.dither = try s.parsed(
                v, k, LedSettings.Dither.init(rawValue:), isNot: "a dithering choice",
                "write auto (dither where the ring is sent 100 frames a second or more), on or off")
        },
        BoardKey("leds.layout") { s, v, k, b throws(BoardError) in
            b.ledDriver.layout = try s.parsed(
                v, k, LedSettings.Layout.init(rawValue:), isNot: "an LED layout",
                "write ring (LEDs round a circle, LED 0 at 12 o'clock) or row (LEDs in a line, LED 0 first)")
        },
    ]

    static let ledDriverKeys: [BoardKey] = [
        BoardKey("leds.spi-device") { s, v, k, b throws(BoardError) in b.ledDriver.spiDevice = try s.spiDevice(v, k) },
        BoardKey("leds.spi-bits") { s, v, k, b throws(BoardError) in b.ledDriver.spiBits = try s.spiBits(v, k) },
        BoardKey("leds.spi-clock-hz") { s, v, k, b throws(BoardError) in
            b.ledDriver.spiClockHz = try s.integer(v, k, 100_000...50_000_000)
        },
        BoardKey("leds.reset-us") { s, v, k, b throws(BoardError) in
            b.ledDriver.resetMicroseconds = try s.integer(v, k, 1...OneWireSPIEncoding.longestReset)
        },
        BoardKey("leds.five-bit-brightness") { s, v, k, b throws(BoardError) in b.ledDriver.fiveBitBrightness = try s.yesNo(v, k) },
        BoardKey("leds.rgb") { s, v, k, b throws(BoardError) in b.ledDriver.rgbLines = try s.yesNo(v, k) },
        BoardKey("leds.power-line") { s, v, k, b throws(BoardError) in b.ledDriver.powerLine = try s.gpioLine(v, k, example: 5) },
        BoardKey("leds.active-low") { s, v, k, b throws(BoardError) in b.ledDriver.activeLow = try s.yesNo(v, k) },
        BoardKey("leds.lines") { s, v, k, b throws(BoardError) in b.ledDriver.lines = try s.gpioLines(v, k) },
        BoardKey("leds.names") { s, v, k, b throws(BoardError) in try s.ledNames(v, k, &b.ledDriver) },
    ]

    func spiDevice(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let path = try text(v, key)
        guard path.hasPrefix("/dev/spidev"), !path.contains("/../"), !path.hasSuffix("/..") else {
            throw fail(v, key, "'\(path)' is not a spidev node", "write the node's path, e.g. /dev/spidev0.0 (bus 0, chip select 0)")
        }
        return path
    }

    func spiBits(_ v: YAMLNode, _ key: String) throws(BoardError) -> Int {
        let bits = try integer(v, key, 3...8)
        guard OneWireSPIEncoding.symbolWidths.contains(Int(bits)) else {
            throw fail(v, key, "\(bits) SPI bits per LED bit is not an encoding Halo has", "use 3 (2.4 MHz), 4 (3.2 MHz) or 8 (6.4 MHz)")
        }
        return Int(bits)
    }

    func gpioLines(_ v: YAMLNode, _ key: String) throws(BoardError) -> [String] {
        guard case .sequence(let items, _) = v else {
            throw fail(v, key, "expected a list of GPIO lines", "write e.g. [GPIO17, GPIO27] or [gpiochip0:17, gpiochip0:27]")
        }
        var lines: [String] = []
        for item in items { lines.append(try gpioLine(item, key, example: 17)) }
        return lines
    }

    /// `leds.names`: a list of LED names, or a pattern with one `%d`.
    func ledNames(_ v: YAMLNode, _ key: String, _ d: inout LedSettings) throws(BoardError) {
        if case .sequence(let items, _) = v {
            d.names = []
            for item in items {
                let name = try text(item, key)
                guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                    throw fail(item, key, "'\(name)' is not an LED name", "give the names as ls /sys/class/leds lists them")
                }
                d.names.append(name)
            }
            return
        }
        let pattern = try text(v, key)
        guard pattern.split(separator: "%d", omittingEmptySubsequences: false).count == 2, !pattern.contains("/") else {
            throw fail(
                v, key, "'\(pattern)' is not a list of names or a pattern with one %d",
                "write e.g. [\"red:status\", \"green:status\"] or \"ring:%d\"")
        }
        d.namePattern = pattern
    }
}
