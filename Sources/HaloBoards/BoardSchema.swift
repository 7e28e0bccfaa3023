// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// The keys of a board file and how each value is checked. Every key documented in
/// Boards/README.md is handled here, and nothing else is accepted.
struct BoardSchema {
    let path: String

    func fail(_ node: YAMLNode, _ key: String, _ message: String, _ fix: String) -> BoardError {
        BoardError(path: path, line: node.line, key: key, message: message, fix: fix)
    }

    func board(_ root: YAMLNode, defaultName: String) throws(BoardError) -> Board {
        var b = Board(name: defaultName)
        try read(root, "", into: &b)
        try checkShapes(root, b)
        try checkLeds(b)
        // Sizes inside their own ranges can still leave no room for text together. A panel
        // turned by its DRM orientation is only known at start, so both sides must do.
        let widths = b.display.rotationFromPanel ? [min(b.width, b.height)] : [b.logicalWidth]
        for w in widths {
            if let s = TextRoom.shortfalls(b.theme, screenWidth: w).first {
                throw BoardError(path: path, line: nil, key: s.keys, message: s.problem, fix: s.fix)
            }
        }
        return b
    }

    /// Reads the mapping `node` at `prefix` (a dotted path, "" at the top) into `b`: each entry
    /// is a key of the table, or a section holding some, or refused with the keys known there.
    func read(_ node: YAMLNode, _ prefix: String, into b: inout Board) throws(BoardError) {
        guard case .mapping(let entries, _) = node else {
            throw fail(
                node, prefix.isEmpty ? "(top level)" : prefix, "expected a mapping of keys",
                "indent the keys under \(prefix.isEmpty ? "the top level" : prefix + ":")")
        }
        for e in entries {
            let full = prefix.isEmpty ? e.key : prefix + "." + e.key
            if let key = Self.keys.first(where: { $0.path == full }) {
                try key.read(self, e.value, full, &b)
            } else if Self.keys.contains(where: { $0.path.hasPrefix(full + ".") }) {
                try read(e.value, full, into: &b)
            } else {
                throw BoardError(
                    path: path, line: e.line, key: full, message: "unknown key",
                    fix: "known keys here are \(Self.known(under: prefix).joined(separator: ", ")) (see Boards/README.md)")
            }
        }
    }

    /// The names the table knows directly under `prefix`, in the table's order.
    static func known(under prefix: String) -> [String] {
        var names: [String] = []
        for key in keys where prefix.isEmpty || key.path.hasPrefix(prefix + ".") {
            let rest = prefix.isEmpty ? key.path[...] : key.path.dropFirst(prefix.count + 1)
            let name = String(rest.prefix { $0 != "." })
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// What one key alone cannot check: a ring's thickness against its diameter.
    func checkShapes(_ root: YAMLNode, _ b: Board) throws(BoardError) {
        let t = b.theme
        guard t.circularThickness * 2 > t.circularDiameter else { return }
        throw BoardError(
            path: path, line: root.line(at: ["theme", "circular"]), key: "theme.circular",
            message: "thickness \(t.circularThickness) is more than half the diameter \(t.circularDiameter)",
            fix: "make the ring thinner or wider")
    }

    func rotation(_ v: YAMLNode, _ key: String, _ b: inout Board) throws(BoardError) {
        let s = try text(v, key)
        if s == "auto" {
            b.display.rotationFromPanel = true
            return
        }
        guard s.utf8.count <= 3, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let degrees = Int32(s), let r = Rotation(degrees: degrees)
        else {
            throw fail(
                v, key, "'\(s)' is not a rotation",
                "use 0, 90, 180 or 270 (degrees clockwise), or auto to take the panel's orientation from its DRM connector")
        }
        b.rotation = r
    }

    /// A path under /dev in so many words: no "." or ".." step may lead out of it. What it opens
    /// is checked again on the descriptor (it must be a character device).
    func deviceNode(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let path = try text(v, key)
        let steps = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/dev/"), !steps.contains(where: { $0 == "." || $0 == ".." || $0.isEmpty }) else {
            throw fail(
                v, key, "'\(path)' is not a device node under /dev",
                "write a path such as /dev/dri/card0 or /dev/fb0, without '.', '..' or '//'")
        }
        return path
    }

    func absoluteFolder(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let path = try text(v, key)
        guard path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw fail(
                v, key, "'\(path)' is not an absolute folder path", "write a path such as /var/lib/halo/snapshots, without '.' or '..'")
        }
        return path
    }

    func milliseconds(_ v: YAMLNode, _ key: String) throws(BoardError) -> Milliseconds {
        Milliseconds(Int64(try integer(v, key, 0...600_000)))
    }

    /// The `leds` keys that only make sense together: a chip for the driver, a colour order that
    /// suits the chip, a clock inside its timing windows, a first LED on the ring.
    func checkLeds(_ b: Board) throws(BoardError) {
        let d = b.ledDriver
        func refuse(_ key: String, _ message: String, _ fix: String) -> BoardError {
            BoardError(path: path, line: nil, key: key, message: message, fix: fix)
        }
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
        case .spiWS2812:
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
        case .gpio:
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
            return
        case .ledClass:
            if d.namePattern == nil && d.names.count != b.leds.count {
                throw refuse(
                    "leds.names", "led-class needs one name for each of the \(b.leds.count) LEDs; \(d.names.count) given",
                    "list them clockwise from 12 o'clock, or give a pattern such as \"ring:%d\"")
            }
            if b.leds.count == 0 {
                throw refuse("leds.count", "led-class drives a ring, but leds.count is 0", "set leds.count to the number of LEDs")
            }
            return
        case .spiAPA102:
            guard d.clockedChip != nil else {
                throw refuse(
                    "leds.chip", "'\(d.chip ?? "")' is not a chip spi-apa102 drives",
                    "use one of \(ClockedLedChip.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if let order = d.order, order.hasWhite {
                throw refuse("leds.order", "APA102-family LEDs have no white channel", "write three letters, e.g. BGR")
            }
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

    /// A number with up to two decimals, as hundredths (`2.2` is 220), within `range`.
    func hundredths(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int32>) throws(BoardError) -> Int32 {
        let s = try text(node, key)
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (p: Substring) in !p.isEmpty && p.count <= 4 && p.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        guard (parts.count == 1 || parts.count == 2) && digits(parts[0]) && (parts.count == 1 || (digits(parts[1]) && parts[1].count <= 2)),
            let whole = Int32(parts[0])
        else {
            throw fail(node, key, "'\(s)' is not a number", "write it in plain digits with at most two decimals, e.g. 2.2")
        }
        var fraction: Int32 = 0
        if parts.count == 2, let f = Int32(parts[1]) { fraction = parts[1].count == 1 ? f * 10 : f }
        let value = whole * 100 + fraction
        guard range.contains(value) else {
            throw fail(
                node, key, "\(s) is out of range",
                "use a number from \(Double(range.lowerBound) / 100) to \(Double(range.upperBound) / 100)")
        }
        return value
    }

    /// A GPIO line's name (`GPIO17`) or `CHIP:OFFSET`: never a path, and short. The fix names
    /// line `example` in both forms.
    func gpioLine(_ node: YAMLNode, _ key: String, example: Int) throws(BoardError) -> String {
        let line = try text(node, key)
        guard !line.isEmpty, !line.contains("/"), line.utf8.count <= 64 else {
            throw fail(
                node, key, "'\(line)' is not a GPIO line",
                "name it as gpioinfo does (GPIO\(example)) or as CHIP:OFFSET (gpiochip0:\(example))")
        }
        return line
    }

    func text(_ node: YAMLNode, _ key: String) throws(BoardError) -> String {
        guard case .scalar(let s, _) = node else {
            throw fail(node, key, "expected a single value", "write \(key.split(separator: ".").last ?? ""): value on one line")
        }
        return s
    }

    /// Words a person reads on the screen: one line, not blank, at most 512 bytes.
    func words(_ node: YAMLNode, _ key: String) throws(BoardError) -> String {
        let s = try text(node, key)
        if s.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) {
            throw fail(node, key, "is blank", "write the words to show, e.g. \(key.split(separator: ".").last ?? ""): \"Upload stopped\"")
        }
        if s.utf8.count > 512 {
            throw fail(node, key, "is \(s.utf8.count) bytes long", "keep it under 512 bytes; it must fit on a small screen")
        }
        return s
    }

    /// A value `parse` understands; otherwise an error saying the text is not `isNot` (a
    /// display backend, a colour order), with `fix`.
    func parsed<T>(_ node: YAMLNode, _ key: String, _ parse: (String) -> T?, isNot what: String, _ fix: String) throws(BoardError) -> T {
        let s = try text(node, key)
        guard let value = parse(s) else { throw fail(node, key, "'\(s)' is not \(what)", fix) }
        return value
    }

    func integer(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int32>) throws(BoardError) -> Int32 {
        let s = try text(node, key)
        // Plain digits only: Int32 would also take "+800", which no board means.
        let digits = s.utf8.first == UInt8(ascii: "-") ? s.utf8.dropFirst() : s.utf8[...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int32(s) else {
            throw fail(
                node, key, "'\(s)' is not a whole number", "write a number from \(range.lowerBound) to \(range.upperBound) in plain digits")
        }
        guard range.contains(v) else {
            throw fail(node, key, "\(v) is out of range", "use a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    func yesNo(_ node: YAMLNode, _ key: String) throws(BoardError) -> Bool {
        switch try text(node, key) {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw fail(node, key, "'\(try text(node, key))' is not yes or no", "write yes or no")
        }
    }

    /// A percentage 0...100 as 0...255.
    func percent(_ node: YAMLNode, _ key: String) throws(BoardError) -> UInt8 {
        var s = try text(node, key)
        if s.hasSuffix("%") { s.removeLast() }
        guard !s.isEmpty, s.utf8.count <= 3, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int32(s), (0...100).contains(v) else {
            throw fail(node, key, "'\(try text(node, key))' is not a percentage", "write a whole percentage from 0 to 100, e.g. 90")
        }
        return UInt8((v * 255 + 50) / 100)
    }

    func color(_ node: YAMLNode, _ key: String) throws(BoardError) -> Color {
        let s = try text(node, key)
        let hex = Array(s.utf8)
        let isHexDigit = { (b: UInt8) in (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"), hex[1...].allSatisfy(isHexDigit),
            let v = UInt32(String(decoding: hex[1...], as: UTF8.self), radix: 16)
        else {
            throw fail(node, key, "'\(s)' is not a colour", "write it as \"#RRGGBB\" in quotes, e.g. \"#0A84FF\"")
        }
        return Color(rgb: v)
    }
}
