// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

/// The bytes LED chips are sent, checked by decoding them again independently: pulse lengths
/// against the datasheets' windows, frame layout against the chips' protocols.
@Suite("LED chip byte streams")
struct LedChipEncodingTests {
    static let counts = [1, 12, 16, 24, 33]

    /// A deterministic pseudo-random byte stream.
    static func bytes(_ n: Int, seed: UInt64) -> [UInt8] {
        var s = seed
        return (0..<n).map { _ in
            s = s &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: s >> 56)
        }
    }

    /// Reads a one-wire SPI stream back: the reset zeros around it, then each symbol's run of
    /// ones as a pulse in nanoseconds, classified by the chip's windows.
    static func decode(_ stream: [UInt8], _ e: OneWireSPIEncoding, dataBytes: Int) -> [UInt8]? {
        let reset = e.resetBytes
        guard stream.count == 2 * reset + (dataBytes * 8 * e.bitsPerSymbol + 7) / 8 else { return nil }
        guard stream.prefix(reset).allSatisfy({ $0 == 0 }), stream.suffix(reset).allSatisfy({ $0 == 0 }) else { return nil }
        var bits: [Bool] = []
        for byte in stream.dropFirst(reset).dropLast(reset) { for i in (0..<8).reversed() { bits.append(byte >> UInt8(i) & 1 == 1) } }
        var out: [UInt8] = []
        var value: UInt8 = 0
        for k in 0..<(dataBytes * 8) {
            let symbol = bits[(k * e.bitsPerSymbol)..<((k + 1) * e.bitsPerSymbol)]
            let ones = symbol.prefix { $0 }.count
            guard symbol.dropFirst(ones).allSatisfy({ !$0 }) else { return nil }  // one pulse, then low
            let nanoseconds = Double(ones) * 1e9 / Double(e.clockHz)
            let isOne: Bool
            if e.chip.oneHigh.contains(Int32(nanoseconds.rounded(.down))) && e.chip.oneHigh.contains(Int32(nanoseconds.rounded(.up))) {
                isOne = true
            } else if e.chip.zeroHigh.contains(Int32(nanoseconds.rounded(.down)))
                && e.chip.zeroHigh.contains(Int32(nanoseconds.rounded(.up)))
            {
                isOne = false
            } else {
                return nil  // a pulse no chip of this kind reads reliably
            }
            value = value << 1 | (isOne ? 1 : 0)
            if k % 8 == 7 {
                out.append(value)
                value = 0
            }
        }
        return out
    }

    @Test(
        "every one-wire chip and symbol width at its default clock: pulses inside the datasheet windows, reset zeros around the data, the bytes decode back",
        arguments: OneWireChip.allCases)
    func oneWire(chip: OneWireChip) throws {
        for width in OneWireSPIEncoding.symbolWidths {
            let clock = try #require(OneWireSPIEncoding.defaultClock(chip: chip, bitsPerSymbol: width), "\(chip) \(width)-bit")
            let e = try #require(OneWireSPIEncoding(chip: chip, bitsPerSymbol: width, clockHz: clock))
            let period = Double(width) * 1e9 / Double(clock)
            #expect(Double(chip.bitPeriod.lowerBound) <= period && period <= Double(chip.bitPeriod.upperBound))
            #expect(Double(e.resetBytes * 8) * 1e6 / Double(clock) >= Double(chip.resetMicroseconds), "\(chip) reset")
            let channels = chip.defaultOrder.count
            for n in Self.counts {
                let data = Self.bytes(n * channels, seed: UInt64(n * 31 + width))
                var stream: [UInt8] = []
                e.encode(data, into: &stream)
                #expect(stream.count == e.frameBytes(ledCount: n, channels: channels))
                #expect(Self.decode(stream, e, dataBytes: data.count) == data, "\(chip) \(width)-bit at \(clock) Hz, \(n) LEDs")
            }
        }
    }

    @Test(
        "WS2812 with 3 bits at 2.4 MHz: 0 is 100, 1 is 110 (0xA5 is 110 100 110 100 100 110 100 110), and 280 µs of reset is 84 zero bytes on each side"
    )
    func ws2812Golden() throws {
        let e = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000))
        var stream: [UInt8] = []
        e.encode([0x00, 0xFF, 0xA5], into: &stream)
        #expect(e.resetBytes == 84)
        #expect(Array(stream[84..<93]) == [0x92, 0x49, 0x24, 0xDB, 0x6D, 0xB6, 0xD3, 0x49, 0xA6])
        #expect(stream.count == 84 + 9 + 84)
        // 12 LEDs: 108 bytes of data between the resets.
        #expect(e.frameBytes(ledCount: 12, channels: 3) == 84 + 108 + 84)
    }

    @Test(
        "the pulse lengths come from the chip: WS2812 with 4 bits at 3.2 MHz sends 1 as 1110, SK6812 as 1100; 8 bits at 6.4 MHz send 0xC0 and 0xF8"
    )
    func symbols() throws {
        let ws4 = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 4, clockHz: 3_200_000))
        let sk4 = try #require(OneWireSPIEncoding(chip: .sk6812, bitsPerSymbol: 4, clockHz: 3_200_000))
        #expect((ws4.zeroOnes, ws4.oneOnes) == (1, 3) && (sk4.zeroOnes, sk4.oneOnes) == (1, 2))
        let ws8 = try #require(OneWireSPIEncoding(chip: .ws2812, bitsPerSymbol: 8, clockHz: 6_400_000))
        var stream: [UInt8] = []
        ws8.encode([0x80], into: &stream)
        #expect(Array(stream[ws8.resetBytes..<(ws8.resetBytes + 8)]) == [0xF8, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0, 0xC0])
        #expect(sk4.resetBytes == 32, "80 µs at 3.2 MHz")
    }

    @Test(
        "a longer reset asked for is that many zero bytes on each side, the data unchanged; never shorter than the chip's, never over 10 ms"
    )
    func longerReset() throws {
        let plain = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000))
        let long = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000, resetMicroseconds: 500))
        #expect(long.resetBytes == 150, "500 µs at 2.4 MHz")
        var a: [UInt8] = [], b: [UInt8] = []
        plain.encode([1, 2, 3], into: &a)
        long.encode([1, 2, 3], into: &b)
        #expect(Array(b[150..<159]) == Array(a[84..<93]) && b.count == 150 + 9 + 150 && b.prefix(150).allSatisfy { $0 == 0 })
        #expect(OneWireSPIEncoding(chip: .sk6812, bitsPerSymbol: 4, clockHz: 3_200_000, resetMicroseconds: 10)?.resetMicroseconds == 80)
        #expect(
            OneWireSPIEncoding(chip: .sk6812, bitsPerSymbol: 4, clockHz: 3_200_000, resetMicroseconds: .max)?.resetMicroseconds == 10_000)
    }

    @Test("a clock whose pulses would fall outside the chip's windows is refused, and the range that works is known")
    func refusedClocks() throws {
        #expect(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 1_000_000) == nil)
        #expect(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 4_000_000) == nil)
        #expect(OneWireSPIEncoding(chip: .sk6812, bitsPerSymbol: 3, clockHz: 2_400_000) == nil, "a 1 of 833 ns is too long for SK6812")
        #expect(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 5, clockHz: 3_000_000) == nil)
        let range = try #require(OneWireSPIEncoding.clockRange(chip: .ws2812b, bitsPerSymbol: 3))
        #expect(range.contains(2_400_000) && range.lowerBound >= 2_100_000 && range.upperBound <= 3_100_000, "\(range)")
        for hz in [range.lowerBound, range.upperBound] {
            #expect(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: hz) != nil)
        }
        #expect(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: range.upperBound + 10_000) == nil)
    }

    @Test(
        "APA102-family frames: zero start frame, 0xE0 with the 5-bit level then the colour per LED, at least n/16 end bytes, SK9822's extra latch frame",
        arguments: ClockedLedChip.allCases)
    func apa102(chip: ClockedLedChip) throws {
        for n in Self.counts {
            let raw = Self.bytes(n * 3, seed: UInt64(n))
            let colors = (0..<n).map { Color(r: raw[3 * $0], g: raw[3 * $0 + 1], b: raw[3 * $0 + 2]) }
            let levels = (0..<n).map { UInt8($0 * 7 % 40) }  // some above 31, clamped
            var out: [UInt8] = []
            chip.encode(colors, brightness: levels, into: &out)
            #expect(out.count == chip.frameBytes(ledCount: n))
            #expect(Array(out.prefix(4)) == [0, 0, 0, 0])
            for i in 0..<n {
                let led = Array(out[(4 + 4 * i)..<(8 + 4 * i)])
                #expect(led == [0xE0 | min(levels[i], 31), colors[i].b, colors[i].g, colors[i].r], "\(chip) LED \(i) of \(n)")
            }
            let tail = out.dropFirst(4 + 4 * n)
            #expect(tail.allSatisfy { $0 == 0 })
            let extraEdges = (tail.count - (chip == .sk9822 ? 4 : 0)) * 8
            #expect(extraEdges * 2 >= n, "\(n) LEDs need \(n / 2) more clock edges, got \(extraEdges)")
            #expect(tail.count >= (chip == .sk9822 ? 4 : 0) + 1)
        }
    }

    @Test("colour orders: any arrangement of R, G and B (and W) once each; anything else is refused")
    func orders() throws {
        var out: [UInt8] = []
        try #require(LedColorOrder("GRB")).append(Color(r: 1, g: 2, b: 3), to: &out)
        try #require(LedColorOrder("bgr")).append(Color(r: 1, g: 2, b: 3), to: &out)
        try #require(LedColorOrder("GRBW")).append(Color(r: 1, g: 2, b: 3), white: 4, to: &out)
        #expect(out == [2, 1, 3, 3, 2, 1, 2, 1, 3, 4])
        for bad in ["", "RG", "RGBB", "RGX", "WRGBW"] { #expect(LedColorOrder(bad) == nil, "\(bad)") }
    }
}

extension LedChipEncodingTests {
    @Test("wiring maps the picture (LED 0 at 12 o'clock, clockwise) to the wire from any first LED, either way round")
    func wiring() {
        let picture = Array(0..<8)
        #expect(LedWiring().wireOrder(picture) == picture)
        #expect(LedWiring(first: 3).wireOrder(picture) == [5, 6, 7, 0, 1, 2, 3, 4])
        #expect(LedWiring(first: 0, clockwise: false).wireOrder(picture) == [0, 7, 6, 5, 4, 3, 2, 1])
        #expect(LedWiring(first: 2, clockwise: false).wireOrder(picture) == [2, 1, 0, 7, 6, 5, 4, 3])
        #expect(
            LedWiring(first: -6, clockwise: true).wireOrder(picture) == LedWiring(first: 2).wireOrder(picture), "taken modulo the count")
        #expect(LedWiring(first: 5).wireOrder([Int]()) == [])
    }
}
