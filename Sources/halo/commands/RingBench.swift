// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo bench --scene ring-DRIVER-N`: an LED ring of N LEDs (12, 24 or 60) on a turning
/// indicator, from the engine's state to what the driver hands the kernel: for `ws2812` (3-bit
/// SPI symbols at 2.4 MHz) and `apa102` (5-bit brightness per LED) the bytes of one SPI
/// message, which a bus that only counts them takes; for `gpio` (single-colour LEDs) the levels
/// of one bulk call, which lines that only count take; for `ledclass` the `brightness` values
/// of the LEDs that changed, written to files in a temporary folder laid out as
/// /sys/class/leds. What is measured is Halo's work, not a transfer.
enum RingBench {
    static let drivers = ["ws2812", "apa102", "gpio", "ledclass"]
    static let scenes = drivers.flatMap { driver in [12, 24, 60].map { "ring-\(driver)-\($0)" } }

    /// A bus that takes each frame and keeps only its size.
    final class CountingBus: SPIBus {
        let maximumMessageBytes = 1 << 20
        var bytes = 0
        func send(_ frame: [UInt8], clockHz: Int32) throws(RingError) { bytes += frame.count }
    }

    /// GPIO lines that take each frame's levels and keep only how many were set.
    final class CountingLines: GpioLines {
        let count: Int
        var sets = 0
        init(_ count: Int) { self.count = count }
        func set(_ levels: [Int32]) throws(RingError) { sets += 1 }
    }

    /// A folder laid out as /sys/class/leds with `count` LEDs `bench:N`, 255 steps each.
    static func ledFolder(_ count: Int) throws(CLIError) -> String {
        let root = "/tmp/halo-bench-leds-\(getpid())"
        do {
            try Files.makeDirectory(root)
            for i in 0..<count {
                let dir = "\(root)/bench:\(i)"
                try Files.makeDirectory(dir)
                try Files.write("\(dir)/max_brightness", Array("255\n".utf8))
                try Files.write("\(dir)/trigger", Array("[none] timer\n".utf8))
                try Files.write("\(dir)/brightness", Array("0\n".utf8))
            }
        } catch { throw CLIError(error.description) }
        return root
    }

    static func removeLedFolder(_ root: String, _ count: Int) {
        for i in 0..<count {
            for file in ["max_brightness", "trigger", "brightness"] { unlink("\(root)/bench:\(i)/\(file)") }
            rmdir("\(root)/bench:\(i)")
        }
        rmdir(root)
    }

    static func run(_ scene: String, frames: Int, setupOnly: Bool) throws(CLIError) {
        let parts = scene.split(separator: "-")
        guard parts.count == 3, let count = Int(parts[2]) else { throw CLIError("unknown scene '\(scene)'", status: 2) }
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: policy, text: NoText())
        var look = LedRingLook()
        look.count = count
        let bus = CountingBus()
        let pipeline = LedColorPipeline(brightness: 102, budgetMilliamps: 2000)
        let lights: any RingUpdating
        var folder: String? = nil
        defer { if let folder { removeLedFolder(folder, count) } }
        do {
            switch parts[1] {
            case "gpio":
                lights = RingLights(
                    engine: engine, output: try GpioRing(colour: false, pipeline: pipeline, lines: CountingLines(count)), look: look)
            case "ledclass":
                folder = try ledFolder(count)
                lights = RingLights(
                    engine: engine, output: try LedClassRing(names: (0..<count).map { "bench:\($0)" }, pipeline: pipeline, root: folder!),
                    look: look)
            case "ws2812":
                let encoding = OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000)!
                lights = RingLights(
                    engine: engine, output: try OneWireSPIRing(count: count, encoding: encoding, order: .grb, pipeline: pipeline, bus: bus),
                    look: look)
            default:
                // As boards drive it by default: each LED's 5-bit brightness from its colour.
                lights = RingLights(
                    engine: engine,
                    output: try ClockedSPIRing(count: count, chip: .apa102, pipeline: pipeline, fiveBitBrightness: true, bus: bus),
                    look: look)
            }
            try engine.apply(.show(id: "ring", kind: .circular, options: ShowOptions()), at: .zero)
        } catch {
            throw CLIError("\(error)")
        }
        if setupOnly {
            print("halo bench: scene \(scene) built; nothing sent (--setup-only)")
            return
        }
        do {
            for i in 0...frames { try lights.update(at: Instant(microseconds: Int64(i) * 16_667)) }
        } catch {
            throw CLIError("\(error)")
        }
        let traffic = lights.traffic
        print("halo bench: scene \(scene): \(frames + 1) frames, \(traffic.frames) sent, \(traffic.bytes) bytes")
    }
}

/// Text is never drawn on a ring: measuring it would only measure a font.
final class NoText: TextRasterizer {
    func lineHeight(size: Int32) -> Int32 { size }
    func width(of text: String, size: Int32) -> Int32 { Int32(text.utf8.count) * size / 2 }
    func render(_ text: String, size: Int32) -> CoverageMask { CoverageMask(width: 1, height: 1, coverage: [0]) }
}
