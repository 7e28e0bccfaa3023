// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

@testable import HaloBackends

/// LED rings on SPI, on an in-memory bus that records each message as spidev would take it;
/// the spidev node itself only for its errors, which need no SPI controller.
@Suite("LED rings on an in-memory SPI bus")
struct SPIRingTests {
    /// The light each LED gets when the pipeline changes nothing.
    static let plain = LedColorPipeline(gamma: LedGamma(hundredths: 100))

    static func picture(_ n: Int) -> [Color] {
        (0..<n).map { (i: Int) -> Color in
            let r = UInt8(i * 20 % 256), g = UInt8(255 - i * 10 % 256), b = UInt8(i * 7 % 256)
            return Color(r: r, g: g, b: b)
        }
    }

    /// The data bits of a one-wire stream, read back by pulse length (ones at the start of each
    /// symbol), between the reset zeros.
    static func decode(_ stream: [UInt8], _ e: OneWireSPIEncoding, bytes: Int) -> [UInt8] {
        var bits: [Bool] = []
        for byte in stream.dropFirst(e.resetBytes) { for i in (0..<8).reversed() { bits.append(byte >> UInt8(i) & 1 == 1) } }
        var out: [UInt8] = []
        for k in 0..<bytes {
            var v: UInt8 = 0
            for b in 0..<8 {
                let start = (k * 8 + b) * e.bitsPerSymbol
                let high = bits[start..<(start + e.bitsPerSymbol)].prefix { $0 }.count
                v = v << 1 | (Double(high) * 1e9 / Double(e.clockHz) >= Double(e.chip.oneHigh.lowerBound) ? 1 : 0)
            }
            out.append(v)
        }
        return out
    }

    @Test("a WS2812 ring sends each frame as one message: GRB bytes in wiring order, reset zeros around them, at the encoding's clock")
    func ws2812() throws {
        let bus = RecordingSPIBus()
        let e = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000))
        let wiring = LedWiring(first: 3, clockwise: false)
        let ring = try OneWireSPIRing(count: 12, encoding: e, order: .grb, pipeline: Self.plain, wiring: wiring, bus: bus)
        let picture = Self.picture(12)
        try ring.show(picture)
        try ring.show(picture)
        #expect(bus.messages.count == 2 && bus.messages.allSatisfy { $0.clockHz == 2_400_000 })
        let message = bus.messages[0].bytes
        #expect(message.count == e.frameBytes(ledCount: 12, channels: 3))
        #expect(message.prefix(e.resetBytes).allSatisfy { $0 == 0 } && message.suffix(e.resetBytes).allSatisfy { $0 == 0 })
        let data = Self.decode(message, e, bytes: 36)
        let wire = wiring.wireOrder(picture)
        #expect(data == wire.flatMap { [$0.g, $0.r, $0.b] })
        // LED 3 on the wire sits at 12 o'clock; the next on the wire, LED 4, is one step counter-clockwise.
        #expect(wire[3] == picture[0] && wire[2] == picture[1] && wire[4] == picture[11])
    }

    @Test("a frame over the bus's message limit is refused at start, saying how to raise spidev.bufsiz")
    func tooBig() throws {
        let e = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 8, clockHz: 6_400_000))
        do {
            _ = try OneWireSPIRing(count: 600, encoding: e, order: .grb, pipeline: Self.plain, bus: RecordingSPIBus())
            Issue.record("a 600-LED 8-bit frame was accepted on a 4096-byte bus")
        } catch {
            #expect(error.description.contains("spidev.bufsiz=16384") && error.description.contains("4096"), "\(error)")
        }
        let ring = try OneWireSPIRing(count: 12, encoding: e, order: .grb, pipeline: Self.plain, bus: RecordingSPIBus())
        #expect(throws: RingError.self) { try ring.show(Self.picture(11)) }
    }

    @Test("an APA102 ring sends the chip's frame in one message; a white channel is refused for it")
    func apa102() throws {
        let bus = RecordingSPIBus()
        let ring = try ClockedSPIRing(count: 24, chip: .apa102, pipeline: Self.plain, bus: bus)
        let picture = Self.picture(24)
        try ring.show(picture)
        let message = try #require(bus.messages.first)
        #expect(message.clockHz == 6_000_000 && message.bytes.count == ClockedLedChip.apa102.frameBytes(ledCount: 24))
        for (i, c) in picture.enumerated() {
            #expect(Array(message.bytes[(4 + 4 * i)..<(8 + 4 * i)]) == [0xFF, c.b, c.g, c.r])
        }
        #expect(throws: RingError.self) { try ClockedSPIRing(count: 4, chip: .sk9822, order: .grbw, pipeline: Self.plain, bus: bus) }
    }

    @Test("an APA102 ring with 5-bit brightness sends each LED's level from its light, in the wiring's order")
    func apa102FiveBit() throws {
        let bus = RecordingSPIBus()
        let pipeline = LedColorPipeline(brightness: 30)
        let wiring = LedWiring(first: 3, clockwise: false)
        let ring = try ClockedSPIRing(count: 12, chip: .sk9822, pipeline: pipeline, wiring: wiring, fiveBitBrightness: true, bus: bus)
        let picture = Self.picture(12)
        try ring.show(picture)
        let message = try #require(bus.messages.first)
        #expect(message.bytes.count == ClockedLedChip.sk9822.frameBytes(ledCount: 12))
        let wired = wiring.wireOrder(pipeline.lights(picture))
        for (i, light) in wired.enumerated() {
            let led = ClockedLedChip.fiveBit(light)
            #expect(Array(message.bytes[(4 + 4 * i)..<(8 + 4 * i)]) == [0xE0 | led.level, led.b, led.g, led.r], "LED \(i)")
        }
        #expect(wired.contains { ClockedLedChip.fiveBit($0).level < 31 }, "a dim ring uses levels under 31")
    }

    @Test("a WS2812 ring's dithered frames decode to each byte's floor or ceiling; a plain frame after them is rounded")
    func ws2812Dithered() throws {
        let bus = RecordingSPIBus()
        let pipeline = LedColorPipeline(brightness: 20)
        let encoding = OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000)!
        let ring = try OneWireSPIRing(count: 4, encoding: encoding, order: .grb, pipeline: pipeline, bus: bus)
        let picture = [Color(r: 40, g: 30, b: 20), Color(r: 90, g: 10, b: 60), Color(r: 7, g: 200, b: 3), .white]
        for _ in 0..<8 { try ring.showDithered(picture) }
        try ring.show(picture)
        #expect(bus.messages.count == 9)
        let lights = pipeline.lights(picture)
        var ideal: [UInt16] = []
        for l in lights { ideal += [l.g, l.r, l.b] }
        var differs = false
        for message in bus.messages.dropLast() {
            let bytes = Self.decode(message.bytes, encoding, bytes: 12)
            for (byte, light) in zip(bytes, ideal) {
                #expect(Int(byte) == Int(light) / 257 || Int(byte) == Int(light) / 257 + 1)
            }
            if bytes != Self.decode(bus.messages[0].bytes, encoding, bytes: 12) { differs = true }
        }
        #expect(differs, "the dithered frames are not all alike")
        let writer = LedFrameWriter(pipeline: pipeline, order: .grb)
        var rounded = [UInt8](repeating: 0, count: 12)
        rounded.withUnsafeMutableBufferPointer { writer.write(picture, into: $0) }
        #expect(Self.decode(bus.messages.last!.bytes, encoding, bytes: 12) == rounded)
    }

    @Test("the colour pipeline runs before the bytes: a current budget dims the whole ring")
    func pipelineApplies() throws {
        let bus = RecordingSPIBus()
        var pipeline = LedColorPipeline(gamma: LedGamma(hundredths: 100))
        pipeline.budgetMilliamps = 200
        let ring = try ClockedSPIRing(count: 12, chip: .apa102, pipeline: pipeline, bus: bus)
        try ring.show([Color](repeating: .white, count: 12))
        let levels = try #require(bus.messages.first).bytes[5..<8]
        #expect(levels.allSatisfy { $0 < 255 && $0 > 0 }, "12 white LEDs at 60 mA each are over 200 mA: \(Array(levels))")
    }

    @Test("a missing spidev node names the overlay or module that gives it; a node that is not spidev is refused")
    func spidevErrors() {
        do {
            _ = try Spidev(path: "/dev/spidev9.9")
            Issue.record("opened a spidev node that cannot exist here")
        } catch {
            #expect(error.description.contains("dtparam=spi=on") && error.description.contains("spidev"), "\(error)")
        }
        do {
            _ = try Spidev(path: "/dev/null")
            Issue.record("/dev/null taken for spidev")
        } catch {
            #expect(error.description.contains("refused SPI mode 0"), "\(error)")
        }
    }
}

/// GPIO rings' errors that need no GPIO chip; their lines and bulk sets are tested on a real
/// kernel (QEMURingTests).
@Suite("GPIO ring errors, on a host without the ring's chip")
struct GpioRingErrorTests {
    @Test("a line name no chip has, lines that do not make whole LEDs, and too many lines are refused with the fix")
    func errors() {
        let pipeline = LedColorPipeline()
        do {
            _ = try GpioRing(lines: ["HALO_NO_SUCH_LINE"], colour: false, activeLow: false, pipeline: pipeline)
            Issue.record("a line that does not exist was found")
        } catch {
            #expect(
                error.description.contains("no GPIO line is called HALO_NO_SUCH_LINE") && error.description.contains("gpioinfo"), "\(error)"
            )
        }
        #expect(throws: RingError.self) { try GpioRing(lines: ["a", "b"], colour: true, activeLow: false, pipeline: pipeline) }
        #expect(throws: RingError.self) {
            try GpioRing(lines: (0..<65).map { "gpiochip0:\($0)" }, colour: false, activeLow: false, pipeline: pipeline)
        }
        do {
            _ = try GpioRing(lines: ["halo-no-chip:3"], colour: false, activeLow: false, pipeline: pipeline)
            Issue.record("a chip that does not exist was opened")
        } catch {
            #expect(error.description.contains("no GPIO chip halo-no-chip") && error.description.contains("ls /dev/gpiochip"), "\(error)")
        }
    }
}

/// spidev's message limit, read as the kernel offers it, on files shaped like sysfs attributes.
@Suite("spidev's bufsiz, from an in-memory stand-in for its sysfs file")
struct SpidevBufsizTests {
    /// Where the bytes of a file stand in for a sysfs attribute: 4096 bytes long, whatever it holds.
    func sysfsLike(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("halo-bufsiz-\(UUID().uuidString.prefix(8))").path
        var bytes = Array(text.utf8)
        bytes += [UInt8](repeating: 0, count: 4096 - bytes.count)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("spidev's bufsiz is read from a sysfs-sized file: a raised spidev.bufsiz= counts; nonsense or no file means 4096")
    func bufsiz() throws {
        #expect(Spidev.bufsiz(at: try sysfsLike("32768\n")) == 32768)
        #expect(Spidev.bufsiz(at: try sysfsLike("lots\n")) == 4096)
        #expect(Spidev.bufsiz(at: try sysfsLike("99999999999999\n")) == 4096)
        #expect(Spidev.bufsiz(at: "/nonexistent/halo/bufsiz") == 4096)
    }
}

/// A running ring takes a reloaded board's colours, and keeps its pace whatever asks for frames.
@Suite("LED rings while the daemon runs")
struct RunningRingTests {
    func lights() throws -> (RingLights<OneWireSPIRing>, RecordingSPIBus, Engine) {
        let bus = RecordingSPIBus()
        let e = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000))
        let ring = try OneWireSPIRing(
            count: 12, encoding: e, order: .grb, pipeline: LedColorPipeline(gamma: LedGamma(hundredths: 100)), bus: bus)
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 200, screenHeight: 200, theme: Theme(), policy: policy, text: BlockText())
        return (RingLights(engine: engine, output: ring, look: LedRingLook()), bus, engine)
    }

    @Test("a reloaded brightness reaches the bus at the next frame, with nothing else on the ring changed")
    func retunedBrightness() throws {
        let (lights, bus, engine) = try lights()
        try engine.apply(CommandParser.parse("show up circular value=50%").get(), at: .zero)
        #expect(try lights.update(at: .milliseconds(1000)))
        let bright = bus.messages.last!.bytes
        var dim = LedColorPipeline(gamma: LedGamma(hundredths: 100))
        dim.brightness = 64
        #expect(lights.retune(look: LedRingLook(), pipeline: dim, dithers: false))
        #expect(try lights.update(at: .milliseconds(1000)), "sent again, though the picture did not change")
        let dimmed = bus.messages.last!.bytes
        #expect(dimmed != bright && dimmed.count == bright.count)
        #expect(lights.look.count == 12, "the LED count stays the output's")
    }

    @Test("frames asked for faster than the ring's pace are held back and sent when the pace allows")
    func paced() throws {
        let (lights, bus, engine) = try lights()
        lights.minimumFrameMicroseconds = 100_000
        try engine.apply(CommandParser.parse("show up circular value=50%").get(), at: .zero)
        var sent = 0
        for ms in stride(from: Int64(1000), to: 2000, by: 2) {
            lights.invalidate()
            if try lights.update(at: .milliseconds(ms)) { sent += 1 }
        }
        #expect(sent == 10 && bus.messages.count == 10, "a second at 10 frames a second: \(sent)")
        lights.invalidate()
        // The last frame went at 1900 ms.
        #expect(try !lights.update(at: .milliseconds(1950)))
        #expect(lights.nextChange(after: .milliseconds(1950)) == .milliseconds(2000), "the loop comes back for the frame held back")
        #expect(try lights.update(at: .milliseconds(2000)))
    }
}
