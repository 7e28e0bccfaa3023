// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloRender
import HaloTestSupport
import Testing

@Suite("Board profiles")
struct BoardTests {
    static let boardsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Boards")
        .standardized.path

    func write(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "halo-board-\(UUID().uuidString).yaml"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Every profile in Boards/, so a new one is checked without being listed here.
    static let shippedNames: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: boardsFolder)) ?? []
        return files.filter { $0.hasSuffix(".yaml") }.map { String($0.dropLast(5)) }.sorted()
    }()

    @Test("the boards the docs promise are shipped")
    func promised() {
        let promised = [
            "mock-480x480", "mock-800x480", "mock-320x240-rgb565", "mock-320x240-ring12", "qemu-bochs", "qemu-virtio", "qemu-cirrus",
            "raspberrypi-touch-display", "raspberrypi-zero2w-ili9341", "x86-kiosk-1080p", "raspberrypi-respeaker-4mic",
            "raspberrypi-ws2812-ring16", "raspberrypi-gpio-ring12", "beaglebone-black-usr-leds", "qemu-spi-ws2812-ring12",
            "qemu-spi-apa102-ring12", "qemu-gpio-ring12", "qemu-led-class-ring12", "qemu-led-class-rgb4", "qemu-bochs-ring12",
        ]
        #expect(Set(promised).isSubset(of: Set(Self.shippedNames)), "missing: \(Set(promised).subtracting(Self.shippedNames))")
    }

    @Test("every shipped board loads", arguments: shippedNames)
    func shipped(name: String) throws {
        let b = try BoardLoader.load("\(Self.boardsFolder)/\(name).yaml")
        #expect(b.name == name)
        #expect(b.width > 0 && b.height > 0)
    }

    @Test("the shipped boards' formats and sizes")
    func shippedFacts() throws {
        let small = try BoardLoader.load("\(Self.boardsFolder)/mock-320x240-rgb565.yaml")
        #expect(small.format == .rgb565 && small.width == 320 && small.height == 240)
        let kiosk = try BoardLoader.load("\(Self.boardsFolder)/mock-800x480.yaml")
        #expect(kiosk.format == .xrgb8888 && kiosk.width == 800)
        #expect(kiosk.leds.count == 0)
        let ringed = try BoardLoader.load("\(Self.boardsFolder)/mock-320x240-ring12.yaml")
        #expect(ringed.leds.count == 12 && ringed.ledDriver.brightness == 102)
    }

    @Test("the hardware boards name the outputs their devices have")
    func hardwareFacts() throws {
        let pi = try BoardLoader.load("\(Self.boardsFolder)/raspberrypi-touch-display.yaml")
        #expect(pi.display.kind == .drm && pi.display.connector == "DSI-1" && pi.display.rotationFromPanel)
        #expect(pi.display.mode == ModeRequest(width: 800, height: 480, refresh: 60) && pi.format == .xrgb8888)
        let spi = try BoardLoader.load("\(Self.boardsFolder)/raspberrypi-zero2w-ili9341.yaml")
        #expect(spi.display.kind == .drm && spi.display.connector == "SPI-1" && spi.format == .rgb565)
        #expect(spi.width == 320 && spi.height == 240 && spi.display.frameBudgetMilliseconds == 33)
        let kiosk = try BoardLoader.load("\(Self.boardsFolder)/x86-kiosk-1080p.yaml")
        #expect(kiosk.display.mode == ModeRequest(width: 1920, height: 1080, refresh: 60) && kiosk.width == 1920 && kiosk.height == 1080)
        for b in [pi, spi, kiosk] { #expect(b.socketGroup == "video", "\(b.name)") }
    }

    @Test("keys and values are read")
    func values() throws {
        let path = try write(
            """
            screen: {width: 800, height: 480, format: RGB565, rotation: 90, fps: 30}
            theme:
              indicator: "#FF8000"
              circular: {diameter: 100, thickness: 10, caps: butt}
              toast: {opacity: 50}
            policy: {show-delay-ms: 0, min-visible-ms: 250}
            leds: {count: 16, brightness: 50, track: "#101010"}
            """)
        let b = try BoardLoader.load(path)
        #expect(b.rotation == .quarter && b.logicalWidth == 480 && b.logicalHeight == 800)
        #expect(b.theme.indicator == Color(rgb: 0xFF8000))
        #expect(b.theme.circularDiameter == 100 && !b.theme.roundCaps)
        #expect(b.theme.toastOpacity == 128)
        #expect(b.policy.showDelay == Milliseconds(0) && b.policy.minimumVisible == Milliseconds(250))
        #expect(b.leds.count == 16 && b.ledDriver.brightness == 128 && b.leds.track == Color(rgb: 0x101010))
    }

    @Test("display and screen hardware keys are read")
    func displayKeys() throws {
        let path = try write(
            """
            display: drm
            socket-group: halo
            screen: {device: /dev/dri/card1, connector: DSI-1, mode: 800x480@60, rotation: auto, pan: yes, on-exit: blank, frame-budget-ms: 20}
            """)
        let b = try BoardLoader.load(path)
        #expect(b.display.kind == .drm && b.socketGroup == "halo")
        #expect(b.display.device == "/dev/dri/card1" && b.display.connector == "DSI-1")
        #expect(b.display.mode == ModeRequest(width: 800, height: 480, refresh: 60))
        #expect(b.display.rotationFromPanel && b.display.pan && b.display.onExit == .blank && b.display.frameBudgetMilliseconds == 20)
        let defaults = try BoardLoader.load(try write("name: plain"))
        #expect(defaults.display == DisplaySettings() && defaults.display.kind == .auto && !defaults.display.pan)
    }

    @Test(
        "modes parse as WIDTHxHEIGHT with an optional @HZ",
        arguments: [
            ("800x480", ModeRequest(width: 800, height: 480)), ("1920x1080@50", ModeRequest(width: 1920, height: 1080, refresh: 50)),
            ("800x", nil), ("x480", nil), ("800x480@", nil), ("800*480", nil), ("0x480", nil), ("800x480@60@1", nil),
        ])
    func modes(text: String, expected: ModeRequest?) {
        #expect(ModeRequest(parsing: text) == expected)
    }

    @Test("Boards/README.md documents every key the schema reads, and names none it does not")
    func keysDocumented() throws {
        let readme = try String(contentsOfFile: "\(Self.boardsFolder)/README.md", encoding: .utf8)
        // The keys its tables name in their first column; `.height` after `theme.toast.width`
        // is `theme.toast.height`.
        var documented: Set<String> = []
        for row in readme.split(separator: "\n") where row.hasPrefix("| `") {
            let first = row.dropFirst(2).prefix { $0 != "|" }
            var parent = ""
            for (k, name) in first.split(separator: "`", omittingEmptySubsequences: false).enumerated() where k % 2 == 1 {
                let key = name.hasPrefix(".") ? parent + name : String(name)
                if let dot = key.lastIndex(of: ".") { parent = String(key[..<dot]) }
                documented.insert(key)
            }
        }
        for key in BoardLoader.keys { #expect(documented.contains(key), "Boards/README.md does not document \(key)") }
        for key in documented where key.contains(".") && !key.hasSuffix(".yaml") {
            #expect(BoardLoader.keys.contains(key), "Boards/README.md names \(key), which no board may hold")
        }
    }

    @Test("the built-in board is Boards/mock-480x480.yaml word for word")
    func builtInBoard() throws {
        let file = try String(contentsOfFile: "\(Self.boardsFolder)/mock-480x480.yaml", encoding: .utf8)
        #expect(BuiltInBoard.text + "\n" == file)
    }

    @Test("a font not at its board's path is found by name in the usual font folders; the error names every place looked")
    func fontFallback() throws {
        let moved = FontLocator.locate("/opt/fonts-elsewhere/DejaVuSans.ttf")
        #expect(moved.found == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "\(moved)")
        do {
            _ = try FreeTypeText(fontPath: "/opt/fonts-elsewhere/NoSuchFont.ttf")
            Issue.record("a missing font loaded")
        } catch {
            #expect(error.description.contains("looked in /opt/fonts-elsewhere/NoSuchFont.ttf, /etc/halo/fonts/NoSuchFont.ttf"), "\(error)")
            #expect(error.description.contains("/usr/local/share/fonts/NoSuchFont.ttf; set theme.font.file"), "\(error)")
        }
    }

    @Test("a reload names the ring keys that take a restart, and not those it applies at once")
    func ringKeysOnReload() throws {
        let before = try BoardLoader.load(
            write("leds: {count: 12, driver: spi-ws2812, spi-device: /dev/spidev0.0, brightness: 40%, fps: 60}"))
        let live = try BoardLoader.load(
            write(
                "leds: {count: 12, driver: spi-ws2812, spi-device: /dev/spidev0.0, brightness: 80%, fps: 60, gamma: 2.5, track: \"#101010\"}"
            ))
        #expect(before.ringKeysNeedingRestart(live).isEmpty)
        let hardware = try BoardLoader.load(
            write("leds: {count: 24, driver: spi-ws2812, spi-device: /dev/spidev1.0, brightness: 40%, fps: 120}"))
        #expect(before.ringKeysNeedingRestart(hardware) == ["leds.count", "leds.spi-device", "leds.fps"])
    }

    @Test(
        "errors name the file, the line, the key and the fix",
        arguments: [
            ("screen: {width: 800, heigth: 480}", "screen.heigth", "known keys here are"),
            ("screen: {format: RGB556}", "screen.format", "use one of"),
            ("screen: {rotation: 45}", "screen.rotation", "use 0, 90, 180 or 270 (degrees clockwise), or auto"),
            ("screen: {rotation: sideways}", "screen.rotation", "or auto to take the panel's orientation"),
            ("screen: {rotation: +90}", "screen.rotation", "or auto"),
            ("screen: {width: -3}", "screen.width", "out of range"),
            ("screen: {width: wide}", "screen.width", "not a whole number"),
            ("theme: {track: blue}", "theme.track", "#RRGGBB"),
            ("theme: {circular: {diameter: 20, thickness: 12}}", "theme.circular", "more than half"),
            ("policy: {show-delay-ms: soon}", "policy.show-delay-ms", "whole number"),
            ("colour: red", "colour", "unknown key"),
            ("leds: {count: 5000}", "leds.count", "out of range"),
            ("leds: {brightness: 150}", "leds.brightness", "percentage"),
            ("leds: {colour: \"#FF0000\"}", "leds.colour", "known keys here are count, brightness, track"),
            ("screen: [1, 2]", "screen", "mapping"),
            ("display: kms", "display", "use one of mock, drm, fbdev, auto"),
            ("screen: {mode: big}", "screen.mode", "WIDTHxHEIGHT"),
            ("screen: {device: card0}", "screen.device", "/dev/dri/card0"),
            ("screen: {pan: maybe}", "screen.pan", "yes or no"),
            ("screen: {on-exit: fade}", "screen.on-exit", "keep"),
            ("screen: {frame-budget-ms: 0}", "screen.frame-budget-ms", "out of range"),
            // Values that Int32 and UInt32(radix:) would take, but no board means.
            ("screen: {width: +800}", "screen.width", "plain digits"),
            ("theme: {track: \"#+FFFFF\"}", "theme.track", "#RRGGBB"),
            ("theme: {track: \"# FFFFF\"}", "theme.track", "#RRGGBB"),
            ("leds: {brightness: +50}", "leds.brightness", "percentage"),
            ("screen: {device: /dev/../etc/passwd}", "screen.device", "without '.', '..'"),
            ("screen: {device: /dev//fb0}", "screen.device", "without '.', '..'"),
            ("name: !!binary aGVsbG8=", "", "without a tag such as !!binary"),
            ("leds: {driver: neopixel}", "leds.driver", "use one of mock, spi-ws2812, spi-apa102"),
            ("leds: {order: GRBX}", "leds.order", "GRB or GRBW"),
            ("leds: {spi-device: /dev/null}", "leds.spi-device", "/dev/spidev0.0"),
            ("leds: {spi-bits: 5}", "leds.spi-bits", "use 3 (2.4 MHz), 4 (3.2 MHz) or 8"),
            ("leds: {gamma: 2.205}", "leds.gamma", "at most two decimals"),
            ("leds: {gamma: 9}", "leds.gamma", "from 1.0 to 4.0"),
            ("leds: {direction: left}", "leds.direction", "clockwise or counter-clockwise"),
            ("leds: {max-milliamps: -5}", "leds.max-milliamps", "out of range"),
            ("leds: {on-exit: fade}", "leds.on-exit", "write off (the LEDs go dark) or keep"),
            ("leds: {fps: 0}", "leds.fps", "out of range"),
            ("leds: {lines: GPIO17}", "leds.lines", "a list of GPIO lines"),
            ("leds: {active-low: sometimes}", "leds.active-low", "yes or no"),
            ("leds: {power-line: /dev/gpiochip0}", "leds.power-line", "gpiochip0:5"),
            ("leds: {names: \"ring:%d:%d\"}", "leds.names", "one %d"),
            ("leds: {names: [a, ../b]}", "leds.names", "as ls /sys/class/leds lists them"),
            (
                "leds: {dither: sometimes}", "leds.dither",
                "write auto (dither where the ring is sent 100 frames a second or more), on or off"
            ),
            ("leds: {five-bit-brightness: 31}", "leds.five-bit-brightness", "yes or no"),
        ])
    func errors(yaml: String, key: String, fix: String) throws {
        let path = try write(yaml)
        do {
            _ = try BoardLoader.load(path)
            Issue.record("\(yaml) was accepted")
        } catch {
            #expect(error.description.hasPrefix(path + ":1: "), "\(error)")
            #expect(error.description.contains(key + ":"), "\(error)")
            #expect(error.description.contains(fix), "\(error)")
        }
    }

    @Test(
        "sizes that each pass but together leave no room for text are refused, naming the keys",
        arguments: [
            // A screen narrower than a label line needs.
            ("screen: {width: 40, height: 100}", "screen.width", "at least 48 px wide"),
            // The default toast is 320 px wide: half of a 642 px height leaves nothing.
            ("theme: {toast: {height: 642}}", "theme.toast.width, theme.toast.height", "widen the toast"),
            (
                "screen: {width: 47, height: 100}\ntheme: {font: {size: 6}, toast: {font-size: 6, height: 16}}", "theme.checkout.width",
                "widen the box"
            ),
            // Turned a quarter, a 480x40 panel is 40 px wide.
            ("screen: {width: 480, height: 40, rotation: 90}", "screen.width", "after rotation"),
        ])
    func noRoomForText(yaml: String, keys: String, fix: String) throws {
        let path = try write(yaml)
        do {
            _ = try BoardLoader.load(path)
            Issue.record("\(yaml) was accepted")
        } catch {
            #expect(error.description.contains(keys + ":"), "\(error)")
            #expect(error.description.contains(fix), "\(error)")
        }
    }

    @Test("what is not one plain YAML board is refused before it is parsed or recursed into")
    func notABoard() throws {
        func refusal(_ path: String) -> String {
            do {
                _ = try BoardLoader.load(path)
                return "accepted"
            } catch { return error.description }
        }
        // 16,000 nested sequences once overflowed the stack.
        let deep = try write("a: " + String(repeating: "[", count: 16_000) + String(repeating: "]", count: 16_000) + "\n")
        #expect(refusal(deep).contains("nests more than 32 levels"))
        #expect(refusal(try write("name: one\n---\nname: two\n")).contains(":2: a second YAML document"))
        let folder = NSTemporaryDirectory() + "halo-board-dir-\(UUID().uuidString).yaml"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(refusal(folder).contains("is a directory, not a regular file"))
        // A FIFO would block the open until a writer came: it is refused at once instead.
        let fifo = TemporaryFIFO("board-fifo.yaml")
        #expect(refusal(fifo.path).contains("is a FIFO, not a regular file"))
        #expect(refusal("/dev/null").contains("character device"))
        let big = try write("description: \"" + String(repeating: "x", count: 2 << 20) + "\"\n")
        #expect(refusal(big).contains("bytes such a file can be"))
    }

    @Test("broken YAML and missing files are clear errors")
    func brokenFiles() throws {
        let path = try write("screen:\n  width: 480\n   height: [\n")
        #expect(throws: BoardError.self) { try BoardLoader.load(path) }
        do { _ = try BoardLoader.load("/nonexistent/board.yaml") } catch {
            #expect(error.description.contains("cannot open") && error.description.contains("No such file"))
        }
        do { _ = try BoardLoader.load("no-such-board") } catch { #expect(error.description.contains("no such board")) }
    }

    @Test(
        "LED keys that only make sense together are checked together, naming the key and the fix",
        arguments: [
            (
                "leds: {count: 12, driver: spi-ws2812, spi-device: /dev/spidev0.0, spi-clock-hz: 1000000}", "leds.spi-clock-hz",
                "use 2110000 to 3070000 Hz"
            ),
            ("leds: {count: 12, driver: spi-ws2812, chip: ws2811, spi-device: /dev/spidev0.0}", "leds.chip", "use one of ws2812, ws2812b"),
            (
                "leds: {count: 12, driver: spi-ws2812, chip: sk6812-rgbw, order: GRB, spi-device: /dev/spidev0.0}", "leds.order",
                "four letters"
            ),
            ("leds: {count: 12, driver: spi-ws2812, order: GRBW, spi-device: /dev/spidev0.0}", "leds.order", "three letters"),
            ("leds: {count: 12, driver: spi-apa102, order: BGRW, spi-device: /dev/spidev0.0}", "leds.order", "three letters, e.g. BGR"),
            ("leds: {count: 12, driver: spi-apa102}", "leds.spi-device", "/dev/spidev0.0"),
            ("leds: {driver: spi-apa102, spi-device: /dev/spidev0.0}", "leds.count", "number of LEDs"),
            ("leds: {count: 12, first: 12}", "leds.first", "0 to 11"),
            ("leds: {count: 3, driver: led-class, names: [a, b]}", "leds.names", "one name for each of the 3 LEDs"),
            ("leds: {count: 2, driver: gpio, rgb: yes, lines: [GPIO1, GPIO2, GPIO3]}", "leds.lines", "2 LEDs need 6 GPIO lines"),
            ("leds: {count: 12, driver: spi-apa102, spi-device: /dev/spidev0.0, dither: on}", "leds.dither", "5-bit brightness instead"),
            (
                "leds: {count: 12, driver: spi-ws2812, chip: sk6812, spi-device: /dev/spidev0.0, reset-us: 50}", "leds.reset-us",
                "use 80 or more"
            ),
            ("leds: {count: 2, driver: gpio, lines: [GPIO1, GPIO2], dither: on}", "leds.dither", "no 8-bit channels"),
            ("leds: {count: 2, driver: gpio, lines: [\"gpiochip0:1\", \"gpiochip1:1\"]}", "leds.lines", "on gpiochip0 and gpiochip1"),
        ])
    func ledCombinations(yaml: String, key: String, fix: String) throws {
        let path = try write(yaml)
        do {
            _ = try BoardLoader.load(path)
            Issue.record("\(yaml) was accepted")
        } catch {
            #expect(error.description.hasPrefix(path + ": " + key + ": "), "\(error)")
            #expect(error.description.contains(fix), "\(error)")
        }
    }

    @Test("a ring on SPI: driver, chip, order, device, encoding, clock, colour pipeline and wiring")
    func ledDriverKeys() throws {
        let b = try BoardLoader.load(
            try write(
                """
                leds:
                  count: 16
                  driver: spi-ws2812
                  chip: sk6812
                  order: GRB
                  spi-device: /dev/spidev0.0
                  spi-bits: 4
                  spi-clock-hz: 3200000
                  gamma: 2.8
                  correction: "#FFB0F0"
                  max-milliamps: 500
                  first: 4
                  direction: counter-clockwise
                  reset-us: 300
                """))
        let d = b.ledDriver
        #expect(d.driver == .spiWS2812 && d.oneWireChip == .sk6812 && d.order == .grb && d.spiDevice == "/dev/spidev0.0")
        #expect(d.spiBits == 4 && d.spiClockHz == 3_200_000 && d.gammaHundredths == 280 && d.correction == Color(rgb: 0xFFB0F0))
        #expect(d.maxMilliamps == 500 && d.wiring == LedWiring(first: 4, clockwise: false) && d.resetMicroseconds == 300)
        let plain = try BoardLoader.load(try write("leds: {count: 12}"))
        #expect(plain.ledDriver == LedSettings() && plain.ledDriver.gammaHundredths == 220)
        #expect(try BoardLoader.load(try write("display: none\nleds: {count: 12}")).display.kind == .headless)
        let named = try BoardLoader.load(try write("leds: {count: 3, driver: led-class, names: \"ring:%d\"}")).ledDriver
        #expect(named.driver == .ledClass && named.ledNames(count: 3) == ["ring:0", "ring:1", "ring:2"])
        let listed = try BoardLoader.load(try write("leds: {count: 2, driver: led-class, names: [red:status, green:status]}")).ledDriver
        #expect(listed.ledNames(count: 2) == ["red:status", "green:status"])
    }

    @Test("dithering is automatic for WS2812 rings sent 100 frames a second or more; APA102 rings use their 5-bit brightness")
    func ledDepthKeys() throws {
        let ws = "leds: {count: 12, driver: spi-ws2812, spi-device: /dev/spidev0.0"
        #expect(try !BoardLoader.load(try write(ws + "}")).ringDithers, "a screen's 60 frames a second are too slow")
        #expect(try !BoardLoader.load(try write("display: none\n" + ws + "}")).ringDithers, "nor leds.fps' default of 30")
        let fast = try BoardLoader.load(try write("display: none\n" + ws + ", fps: 120}"))
        #expect(fast.ringDithers && fast.ringFramesPerSecond == 120)
        #expect(try !BoardLoader.load(try write("display: none\n" + ws + ", fps: 120, dither: off}")).ringDithers)
        #expect(try BoardLoader.load(try write(ws + ", dither: on}")).ringDithers)
        #expect(try BoardLoader.load(try write("screen: {fps: 120}\n" + ws + "}")).ringDithers, "a fast screen carries the ring")
        let apa = "leds: {count: 12, driver: spi-apa102, spi-device: /dev/spidev0.0"
        #expect(try BoardLoader.load(try write(apa + "}")).ledDriver.fiveBitBrightness)
        #expect(try !BoardLoader.load(try write(apa + ", five-bit-brightness: no}")).ledDriver.fiveBitBrightness)
        #expect(try !BoardLoader.load(try write(apa + ", fps: 240}")).ringDithers)
    }
}
