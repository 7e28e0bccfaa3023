// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender

/// The LED ring `halo run` drives, as the board's `leds:` keys ask: opened once at start.
public enum RingChoice {
    /// The board's ring, or nil when it has none (`leds.count` 0).
    public static func open(_ board: Board) throws(RingError) -> (any RingOutput)? {
        try make(
            board, bus: { path throws(RingError) in try Spidev(path: path) },
            lines: { names, activeLow throws(RingError) in try GpiodLines(names, activeLow: activeLow) })
    }

    /// The board's ring on a bus `bus(path)` opens, or GPIO lines `lines(names, activeLow)`
    /// requests: spidev and libgpiod for `halo run`, recorders for `halo replay`.
    public static func make(
        _ board: Board, bus: (String) throws(RingError) -> any SPIBus, lines: ([String], Bool) throws(RingError) -> any GpioLines
    ) throws(RingError) -> (any RingOutput)? {
        guard let ring = try bare(board, bus: bus, lines: lines) else { return nil }
        guard let line = board.ledDriver.powerLine else { return ring }
        return try powered(ring, line)
    }

    /// `ring` joined to `engine`, for the daemon's or a replay's outputs.
    public static func lights<R: RingOutput>(_ ring: R, _ engine: Engine, _ board: Board, paced: Bool = false) -> any RingUpdating {
        let lights = RingLights(engine: engine, output: ring, look: board.ringLook)
        lights.dithers = board.ringDithers
        // The daemon's ring keeps the board's pace whatever asks for frames; a replay takes
        // its frames at the times it is given.
        if paced { lights.minimumFrameMicroseconds = 1_000_000 / Int64(max(1, board.ringFramesPerSecond)) }
        return lights
    }

    public static func powered<R: RingOutput>(_ ring: R, _ line: String) throws(RingError) -> any RingOutput {
        try PoweredRing(ring, powerLine: line)
    }

    /// The ring without its power line.
    public static func bare(
        _ board: Board, bus: (String) throws(RingError) -> any SPIBus, lines: ([String], Bool) throws(RingError) -> any GpioLines
    ) throws(RingError) -> (any RingOutput)? {
        let count = board.leds.count
        guard count > 0 else { return nil }
        let d = board.ledDriver
        let pipeline = board.ringPipeline
        switch d.driver {
        case .mock:
            return LedRecorder(count: count, pipeline: pipeline)
        case .ledClass:
            return try LedClassRing(names: d.ledNames(count: count), pipeline: pipeline)
        case .gpio:
            // The schema checked that the lines make whole LEDs.
            return try GpioRing(colour: d.rgbLines, pipeline: pipeline, lines: try lines(d.lines, d.activeLow))
        case .spiWS2812:
            // The board schema checked the chip, the order and the clock.
            guard let chip = d.oneWireChip, let device = d.spiDevice,
                let clock = d.spiClockHz ?? OneWireSPIEncoding.defaultClock(chip: chip, bitsPerSymbol: d.spiBits),
                let encoding = OneWireSPIEncoding(
                    chip: chip, bitsPerSymbol: d.spiBits, clockHz: clock, resetMicroseconds: d.resetMicroseconds)
            else {
                throw RingError(
                    "the board's leds keys do not describe a spi-ws2812 ring; check leds.chip, leds.spi-bits and leds.spi-clock-hz")
            }
            return try OneWireSPIRing(
                count: count, encoding: encoding, order: d.order ?? chip.defaultOrder, pipeline: pipeline, wiring: d.wiring,
                bus: try bus(device))
        case .spiAPA102:
            guard let chip = d.clockedChip, let device = d.spiDevice else {
                throw RingError("the board's leds keys do not describe a spi-apa102 ring; check leds.chip and leds.spi-device")
            }
            return try ClockedSPIRing(
                count: count, chip: chip, clockHz: d.spiClockHz, order: d.order ?? .bgr, pipeline: pipeline, wiring: d.wiring,
                fiveBitBrightness: d.fiveBitBrightness, bus: try bus(device))
        }
    }

    /// The ring's driver, chip and device, for the log.
    public static func describe(_ board: Board) -> String {
        let d = board.ledDriver
        switch d.driver {
        case .mock: return "mock"
        case .spiWS2812:
            return "spi-ws2812 \(d.oneWireChip?.rawValue ?? "") on \(d.spiDevice ?? "")\(board.ringDithers ? ", dithered" : "")"
        case .spiAPA102:
            return
                "spi-apa102 \(d.clockedChip?.rawValue ?? "") on \(d.spiDevice ?? "")\(d.fiveBitBrightness ? ", 5-bit brightness per LED" : "")"
        case .ledClass: return "led-class \(d.ledNames(count: board.leds.count).first ?? "")…"
        case .gpio: return "gpio \(d.lines.first ?? "")…"
        }
    }
}
