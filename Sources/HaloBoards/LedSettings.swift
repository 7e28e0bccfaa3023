// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// How a board's LED ring is driven: the `leds:` keys beyond what the engine draws (`count`,
/// `brightness`, `track`, which make the `LedRingLook`).
public struct LedSettings: Equatable, Sendable {
    public enum Driver: String, CaseIterable, Sendable {
        /// In memory: frames are recorded (tests, replay, a desktop).
        case mock
        /// WS2812, WS2812B, WS2813, SK6812 and SK6812 RGBW on an SPI MOSI line.
        case spiWS2812 = "spi-ws2812"
        /// APA102, APA102C, SK9822 and HD107S on SPI with their clock line.
        case spiAPA102 = "spi-apa102"
        /// LEDs the kernel exposes in /sys/class/leds, one a name.
        case ledClass = "led-class"
        /// Discrete LEDs on GPIO lines, through libgpiod.
        case gpio
    }

    /// `gpio`: the lines, one an LED (or red, green, blue for each with `rgbLines`).
    public var lines: [String] = []
    /// A GPIO line that powers the ring, held high while it runs (the ReSpeaker 4-Mic Array's
    /// GPIO5); nil for none.
    public var powerLine: String?
    public var rgbLines = false
    public var activeLow = false

    /// `led-class`: the LEDs' names, clockwise from 12 o'clock, or a pattern in which `%d`
    /// stands for 0, 1, 2 ...
    public var names: [String] = []
    public var namePattern: String?

    /// The names of a ring of `count` LEDs.
    public func ledNames(count: Int) -> [String] {
        guard let namePattern else { return names }
        // The pattern holds exactly one %d (the schema checks).
        let parts = namePattern.split(separator: "%d", maxSplits: 1, omittingEmptySubsequences: false)
        return (0..<count).map { parts.count == 2 ? parts[0] + String($0) + parts[1] : namePattern }
    }

    public var driver: Driver = .mock
    /// `ws2812b` and the like for `spi-ws2812`, `apa102` and the like for `spi-apa102`.
    public var chip: String?
    /// The wire's colour order; nil takes the chip's own (GRB, GRBW for SK6812 RGBW, BGR).
    public var order: LedColorOrder?
    /// `/dev/spidevB.C`.
    public var spiDevice: String?
    /// SPI bits per data bit for one-wire chips: 3, 4 or 8.
    public var spiBits = 3
    /// nil takes the encoding's or chip's default clock.
    public var spiClockHz: Int32?
    /// `spi-ws2812`: the latch time before and after the data; nil takes the chip's own.
    public var resetMicroseconds: Int32?
    public var gammaHundredths: Int32 = 220
    public var correction = Color.white
    /// 0 for no limit.
    public var maxMilliamps: Int32 = 0
    public var wiring = LedWiring()
    /// At exit the ring goes dark, unless the board keeps its last frame.
    public var keepOnExit = false
    /// Ring frames a second at most while it animates, on a board without a screen (a still
    /// ring sends nothing; with a screen the ring follows the screen's frames).
    public var framesPerSecond: Int32 = 30
    /// Temporal dithering for `spi-ws2812` rings while the picture moves.
    public enum Dither: String, CaseIterable, Sendable {
        /// Where the ring is sent 100 frames a second or more, where it cannot be seen.
        case auto
        case on
        case off
    }
    public var dither = Dither.auto
    /// `spi-apa102`: each LED's 5-bit brightness follows its colour, for a wider dark range;
    /// false sends every LED at 31 (some APA102s flicker on camera at lower brightness).
    public var fiveBitBrightness = true
    /// `leds.brightness`, 0...255: applied by the colour pipeline after gamma, for every
    /// driver, the mock's recorder included; the engine always draws at full brightness.
    public var brightness: UInt8 = 255
    /// How the LEDs stand on the device, for pictures of them (`halo demo`): round a circle, or
    /// in a line, as a board's status LEDs often are. The states are the same either way.
    public enum Layout: String, CaseIterable, Sendable {
        case ring
        case row
    }
    public var layout = Layout.ring

    public init() {}

    /// True for the drivers that send SPI frames.
    public var isSPI: Bool { driver == .spiWS2812 || driver == .spiAPA102 }

    /// The one-wire chip named, for `spi-ws2812`.
    public var oneWireChip: OneWireChip? { OneWireChip(rawValue: chip ?? "ws2812b") }
    /// The clocked chip named, for `spi-apa102`.
    public var clockedChip: ClockedLedChip? { ClockedLedChip(rawValue: chip ?? "apa102") }
}

extension Board {
    /// Frames a second the ring is sent at most while it moves: the screen's rate on a board
    /// with a screen, `leds.fps` on one without.
    public var ringFramesPerSecond: Int32 { display.isHeadless ? ledDriver.framesPerSecond : framesPerSecond }

    /// Whether `halo run` dithers the ring: `spi-ws2812` rings, fast enough or asked to.
    public var ringDithers: Bool {
        guard ledDriver.driver == .spiWS2812 else { return false }
        switch ledDriver.dither {
        case .on: return true
        case .off: return false
        case .auto: return ringFramesPerSecond >= 100
        }
    }

    /// The colour pipeline of the board's ring driver: its gamma, correction and budget, and
    /// `leds.brightness` applied after gamma, to light rather than to values, so that a dimmed
    /// ring keeps its colours.
    public var ringPipeline: LedColorPipeline {
        let d = ledDriver
        return LedColorPipeline(
            gamma: LedGamma(hundredths: d.gammaHundredths), correction: d.correction, brightness: d.brightness,
            budgetMilliamps: d.maxMilliamps)
    }

    /// What the engine draws the ring as: its LEDs and track, at full brightness.
    public var ringLook: LedRingLook { leds }
}
