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
        try walk(root, "", ["name", "description", "display", "screen", "theme", "policy", "leds", "socket-group", "snapshots"]) {
            (key, node) throws(BoardError) in
            switch key {
            case "display":
                b.display.kind = try parsed(
                    node, key, DisplaySettings.Kind.init(rawValue:), isNot: "a display backend",
                    "use one of \(DisplaySettings.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
            case "socket-group": b.socketGroup = try text(node, key)
            case "snapshots":
                let path = try text(node, key)
                guard path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
                    throw fail(
                        node, key, "'\(path)' is not an absolute folder path",
                        "write a path such as /var/lib/halo/snapshots, without '.' or '..'")
                }
                b.snapshotDirectory = path
            case "name": b.name = try text(node, key)
            case "description": b.description = try text(node, key)
            case "screen": try screen(node, &b)
            case "theme": try theme(node, &b.theme)
            case "policy": try policy(node, &b.policy)
            case "leds": try leds(node, &b.leds, &b.ledDriver)
            default: break
            }
        }
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

    /// Visits each entry of a mapping, refusing keys not in `known`.
    func walk(_ node: YAMLNode, _ prefix: String, _ known: [String], _ visit: (String, YAMLNode) throws(BoardError) -> Void)
        throws(BoardError)
    {
        guard case .mapping(let entries, _) = node else {
            throw fail(
                node, prefix.isEmpty ? "(top level)" : prefix, "expected a mapping of keys",
                "indent the keys under \(prefix.isEmpty ? "the top level" : prefix + ":")")
        }
        for e in entries {
            let full = prefix.isEmpty ? e.key : prefix + "." + e.key
            guard known.contains(e.key) else {
                throw BoardError(
                    path: path, line: e.line, key: full, message: "unknown key",
                    fix: "known keys here are \(known.joined(separator: ", ")) (see Boards/README.md)")
            }
            try visit(full, e.value)
        }
    }

    func screen(_ node: YAMLNode, _ b: inout Board) throws(BoardError) {
        try walk(
            node, "screen",
            ["width", "height", "format", "rotation", "fps", "device", "connector", "mode", "pan", "on-exit", "frame-budget-ms"]
        ) { (key, v) throws(BoardError) in
            switch key {
            case "screen.width": b.width = try integer(v, key, 16...8192)
            case "screen.height": b.height = try integer(v, key, 16...8192)
            case "screen.format":
                b.format = try parsed(
                    v, key, PixelFormat.init(name:), isNot: "a supported pixel format",
                    "use one of \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            case "screen.rotation":
                let s = try text(v, key)
                if s == "auto" {
                    b.display.rotationFromPanel = true
                    return
                }
                guard s.utf8.count <= 3, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let degrees = Int32(s),
                    let r = Rotation(degrees: degrees)
                else {
                    throw fail(
                        v, key, "'\(s)' is not a rotation",
                        "use 0, 90, 180 or 270 (degrees clockwise), or auto to take the panel's orientation from its DRM connector")
                }
                b.rotation = r
            case "screen.fps": b.framesPerSecond = try integer(v, key, 1...240)
            case "screen.device":
                let path = try text(v, key)
                // A path under /dev in so many words: no "." or ".." step may lead out of it. What it
                // opens is checked again on the descriptor (it must be a character device).
                let steps = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
                guard path.hasPrefix("/dev/"), !steps.contains(where: { $0 == "." || $0 == ".." || $0.isEmpty }) else {
                    throw fail(
                        v, key, "'\(path)' is not a device node under /dev",
                        "write a path such as /dev/dri/card0 or /dev/fb0, without '.', '..' or '//'")
                }
                b.display.device = path
            case "screen.connector": b.display.connector = try text(v, key)
            case "screen.mode":
                b.display.mode = try parsed(
                    v, key, ModeRequest.init(parsing:), isNot: "a mode", "write WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 800x480@60")
            case "screen.pan": b.display.pan = try yesNo(v, key)
            case "screen.on-exit":
                b.display.onExit = try parsed(
                    v, key, DisplaySettings.ExitPicture.init(rawValue:), isNot: "a choice here", "use keep (the last frame stays) or blank")
            case "screen.frame-budget-ms": b.display.frameBudgetMilliseconds = try integer(v, key, 1...1000)
            default: break
            }
        }
    }

    func theme(_ node: YAMLNode, _ t: inout Theme) throws(BoardError) {
        try walk(
            node, "theme",
            [
                "background", "track", "indicator", "success", "error", "text", "label-gap", "circular", "linear", "spinner", "network",
                "toast", "checkout", "font",
            ]
        ) { (key, v) throws(BoardError) in
            switch key {
            case "theme.background": t.background = try color(v, key)
            case "theme.track": t.track = try color(v, key)
            case "theme.indicator": t.indicator = try color(v, key)
            case "theme.success": t.success = try color(v, key)
            case "theme.error": t.error = try color(v, key)
            case "theme.text": t.text = try color(v, key)
            case "theme.label-gap": t.labelGap = try integer(v, key, 0...200)
            case "theme.circular":
                try walk(v, key, ["diameter", "thickness", "caps"]) { (k, w) throws(BoardError) in
                    switch k {
                    case "theme.circular.diameter": t.circularDiameter = try integer(w, k, 8...4096)
                    case "theme.circular.thickness": t.circularThickness = try integer(w, k, 1...512)
                    case "theme.circular.caps":
                        let c = try text(w, k)
                        guard c == "round" || c == "butt" else { throw fail(w, k, "'\(c)' is not a cap style", "use round or butt") }
                        t.roundCaps = c == "round"
                    default: break
                    }
                }
                if t.circularThickness * 2 > t.circularDiameter {
                    throw fail(
                        v, key, "thickness \(t.circularThickness) is more than half the diameter \(t.circularDiameter)",
                        "make the ring thinner or wider")
                }
            case "theme.linear":
                try walk(v, key, ["width", "height", "radius"]) { (k, w) throws(BoardError) in
                    switch k {
                    case "theme.linear.width": t.linearWidth = try integer(w, k, 8...8192)
                    case "theme.linear.height": t.linearHeight = try integer(w, k, 1...256)
                    case "theme.linear.radius": t.linearRadius = try integer(w, k, 0...128)
                    default: break
                    }
                }
            case "theme.spinner":
                try walk(v, key, ["diameter", "thickness"]) { (k, w) throws(BoardError) in
                    if k == "theme.spinner.diameter" {
                        t.spinnerDiameter = try integer(w, k, 8...1024)
                    } else {
                        t.spinnerThickness = try integer(w, k, 1...256)
                    }
                }
            case "theme.network":
                try walk(v, key, ["diameter", "thickness", "margin"]) { (k, w) throws(BoardError) in
                    switch k {
                    case "theme.network.diameter": t.networkDiameter = try integer(w, k, 6...256)
                    case "theme.network.thickness": t.networkThickness = try integer(w, k, 1...64)
                    case "theme.network.margin": t.networkMargin = try integer(w, k, 0...256)
                    default: break
                    }
                }
            case "theme.toast":
                try walk(v, key, ["background", "opacity", "text", "width", "height", "radius", "font-size"]) { (k, w) throws(BoardError) in
                    switch k {
                    case "theme.toast.background": t.toastBackground = try color(w, k)
                    case "theme.toast.opacity": t.toastOpacity = try percent(w, k)
                    case "theme.toast.text": t.toastText = try color(w, k)
                    case "theme.toast.width": t.toastWidth = try integer(w, k, 32...8192)
                    case "theme.toast.height": t.toastHeight = try integer(w, k, 16...1024)
                    case "theme.toast.radius": t.toastRadius = try integer(w, k, 0...512)
                    case "theme.toast.font-size": t.toastFontSize = try integer(w, k, 6...200)
                    default: break
                    }
                }
            case "theme.checkout":
                try walk(v, key, ["overlay", "overlay-opacity", "box", "text", "width", "height", "radius"]) { (k, w) throws(BoardError) in
                    switch k {
                    case "theme.checkout.overlay": t.overlay = try color(w, k)
                    case "theme.checkout.overlay-opacity": t.overlayOpacity = try percent(w, k)
                    case "theme.checkout.box": t.box = try color(w, k)
                    case "theme.checkout.text": t.boxText = try color(w, k)
                    case "theme.checkout.width": t.boxWidth = try integer(w, k, 32...8192)
                    case "theme.checkout.height": t.boxHeight = try integer(w, k, 32...8192)
                    case "theme.checkout.radius": t.boxRadius = try integer(w, k, 0...512)
                    default: break
                    }
                }
            case "theme.font":
                try walk(v, key, ["file", "size"]) { (k, w) throws(BoardError) in
                    if k == "theme.font.file" { t.fontPath = try text(w, k) } else { t.fontSize = try integer(w, k, 6...200) }
                }
            default: break
            }
        }
    }

    func policy(_ node: YAMLNode, _ p: inout Policy) throws(BoardError) {
        try walk(node, "policy", ["show-delay-ms", "min-visible-ms", "success-hold-ms", "toast-ms", "toast-long-ms"]) {
            (key, v) throws(BoardError) in
            let ms = Milliseconds(Int64(try integer(v, key, 0...600_000)))
            switch key {
            case "policy.show-delay-ms": p.showDelay = ms
            case "policy.min-visible-ms": p.minimumVisible = ms
            case "policy.success-hold-ms": p.successHold = ms
            case "policy.toast-ms": p.toastShort = ms
            case "policy.toast-long-ms": p.toastLong = ms
            default: break
            }
        }
    }

    func leds(_ node: YAMLNode, _ l: inout LedRingLook, _ d: inout LedSettings) throws(BoardError) {
        let keys = [
            "count", "brightness", "track", "driver", "chip", "order", "spi-device", "spi-bits", "spi-clock-hz", "gamma", "correction",
            "max-milliamps", "first", "direction", "on-exit", "fps", "names", "lines", "rgb", "active-low", "power-line", "dither",
            "five-bit-brightness", "reset-us", "layout",
        ]
        try walk(node, "leds", keys) { (key, v) throws(BoardError) in
            switch key {
            case "leds.count": l.count = Int(try integer(v, key, 0...1024))
            case "leds.brightness": d.brightness = try percent(v, key)
            case "leds.track": l.track = try color(v, key)
            case "leds.driver":
                d.driver = try parsed(
                    v, key, LedSettings.Driver.init(rawValue:), isNot: "an LED driver",
                    "use one of \(LedSettings.Driver.allCases.map(\.rawValue).joined(separator: ", "))")
            case "leds.chip": d.chip = try text(v, key)
            case "leds.order":
                d.order = try parsed(
                    v, key, LedColorOrder.init, isNot: "a colour order",
                    "write R, G and B once each, and W for RGBW chips, e.g. GRB or GRBW")
            case "leds.spi-device":
                let path = try text(v, key)
                guard path.hasPrefix("/dev/spidev"), !path.contains("/../"), !path.hasSuffix("/..") else {
                    throw fail(
                        v, key, "'\(path)' is not a spidev node", "write the node's path, e.g. /dev/spidev0.0 (bus 0, chip select 0)")
                }
                d.spiDevice = path
            case "leds.spi-bits":
                let bits = try integer(v, key, 3...8)
                guard OneWireSPIEncoding.symbolWidths.contains(Int(bits)) else {
                    throw fail(
                        v, key, "\(bits) SPI bits per LED bit is not an encoding Halo has", "use 3 (2.4 MHz), 4 (3.2 MHz) or 8 (6.4 MHz)")
                }
                d.spiBits = Int(bits)
            case "leds.spi-clock-hz": d.spiClockHz = try integer(v, key, 100_000...50_000_000)
            case "leds.reset-us": d.resetMicroseconds = try integer(v, key, 1...OneWireSPIEncoding.longestReset)
            case "leds.gamma": d.gammaHundredths = try hundredths(v, key, LedGamma.range)
            case "leds.correction": d.correction = try color(v, key)
            case "leds.max-milliamps": d.maxMilliamps = try integer(v, key, 0...100_000)
            case "leds.on-exit":
                d.keepOnExit = try parsed(
                    v, key, { ["keep": true, "off": false][$0] }, isNot: "what a ring can do at exit",
                    "write off (the LEDs go dark) or keep (the last frame stays lit)")
            case "leds.fps": d.framesPerSecond = try integer(v, key, 1...240)
            case "leds.dither":
                d.dither = try parsed(
                    v, key, LedSettings.Dither.init(rawValue:), isNot: "a dithering choice",
                    "write auto (dither where the ring is sent 100 frames a second or more), on or off")
            case "leds.five-bit-brightness": d.fiveBitBrightness = try yesNo(v, key)
            case "leds.layout":
                d.layout = try parsed(
                    v, key, LedSettings.Layout.init(rawValue:), isNot: "an LED layout",
                    "write ring (LEDs round a circle, LED 0 at 12 o'clock) or row (LEDs in a line, LED 0 first)")
            case "leds.rgb": d.rgbLines = try yesNo(v, key)
            case "leds.power-line": d.powerLine = try gpioLine(v, key, example: 5)
            case "leds.active-low": d.activeLow = try yesNo(v, key)
            case "leds.lines":
                guard case .sequence(let items, _) = v else {
                    throw fail(v, key, "expected a list of GPIO lines", "write e.g. [GPIO17, GPIO27] or [gpiochip0:17, gpiochip0:27]")
                }
                d.lines = []
                for item in items { d.lines.append(try gpioLine(item, key, example: 17)) }
            case "leds.names":
                if case .sequence(let items, _) = v {
                    d.names = []
                    for item in items {
                        let name = try text(item, key)
                        guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else {
                            throw fail(item, key, "'\(name)' is not an LED name", "give the names as ls /sys/class/leds lists them")
                        }
                        d.names.append(name)
                    }
                } else {
                    let pattern = try text(v, key)
                    guard pattern.split(separator: "%d", omittingEmptySubsequences: false).count == 2, !pattern.contains("/") else {
                        throw fail(
                            v, key, "'\(pattern)' is not a list of names or a pattern with one %d",
                            "write e.g. [\"red:status\", \"green:status\"] or \"ring:%d\"")
                    }
                    d.namePattern = pattern
                }
            case "leds.first": d.wiring.first = Int(try integer(v, key, 0...1023))
            case "leds.direction":
                d.wiring.clockwise = try parsed(
                    v, key, { ["clockwise": true, "counter-clockwise": false][$0] }, isNot: "a direction",
                    "write clockwise or counter-clockwise: the way the wire runs round the ring, seen from the front")
            default: break
            }
        }
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
