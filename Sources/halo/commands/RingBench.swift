import HaloBackends
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// `halo bench --scene ring-CHIP-N`: an LED ring of N LEDs (12, 24 or 60) on a turning
/// indicator, from the engine's state to the bytes ready for the bus, for `ws2812` (3-bit SPI
/// symbols at 2.4 MHz) or `apa102`. The bus only counts the bytes: what is measured is Halo's
/// work, not a transfer. Every frame differs, so every frame is sent.
enum RingBench {
    static let scenes = ["ws2812", "apa102"].flatMap { chip in [12, 24, 60].map { "ring-\(chip)-\($0)" } }

    /// A bus that takes each frame and keeps only its size.
    final class CountingBus: SPIBus {
        let maximumMessageBytes = 1 << 20
        var bytes = 0
        func send(_ frame: [UInt8], clockHz: Int32) throws(RingError) { bytes += frame.count }
    }

    static func run(_ scene: String, frames: Int, setupOnly: Bool) throws(CLIError) {
        let parts = scene.split(separator: "-")
        guard parts.count == 3, let count = Int(parts[2]) else { throw CLIError("unknown scene '\(scene)'", status: 2) }
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: policy, text: NoText())
        var look = LedRingLook()
        look.count = count
        look.brightness = 102
        let bus = CountingBus()
        let pipeline = LedColorPipeline(budgetMilliamps: 2000)
        let lights: any EngineOutput
        do {
            if parts[1] == "ws2812" {
                let encoding = OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000)!
                lights = RingLights(
                    engine: engine, output: try OneWireSPIRing(count: count, encoding: encoding, order: .grb, pipeline: pipeline, bus: bus),
                    look: look)
            } else {
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
            for i in 0...frames { _ = try lights.present(at: Instant(microseconds: Int64(i) * 16_667)) }
        } catch {
            throw CLIError("\(error)")
        }
        print("halo bench: scene \(scene): \(frames + 1) frames, \(bus.bytes) bytes for the bus")
    }
}

/// Text is never drawn on a ring: measuring it would only measure a font.
final class NoText: TextRasterizer {
    func lineHeight(size: Int32) -> Int32 { size }
    func width(of text: String, size: Int32) -> Int32 { Int32(text.utf8.count) * size / 2 }
    func render(_ text: String, size: Int32) -> CoverageMask { CoverageMask(width: 1, height: 1, coverage: [0]) }
}
