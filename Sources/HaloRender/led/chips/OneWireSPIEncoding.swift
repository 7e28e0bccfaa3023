/// A one-wire LED chip's bits sent as SPI symbols on MOSI: each data bit becomes `bitsPerSymbol`
/// SPI bits, a run of ones (the high pulse) then zeros, at `clockHz`. With 3 bits at 2.4 MHz a
/// WS2812 0 is `100` (417 ns high) and a 1 is `110` (833 ns); 4 bits suit about 3.2 MHz and 8
/// bits 6.4 MHz. The pulses are worked out from the chip's datasheet windows, so a clock that
/// cannot meet them is refused rather than sent.
///
/// A frame is the reset time of zero bytes, the LEDs' bits, and the reset again, all in one
/// transfer: zeros first guard against a MOSI line that idled high (which turns the first LED
/// green), and one transfer keeps a controller from pausing between small pieces.
public struct OneWireSPIEncoding: Equatable, Sendable {
    public let chip: OneWireChip
    public let bitsPerSymbol: Int
    public let clockHz: Int32
    /// SPI bits high for a data 0 and a data 1.
    public let zeroOnes: Int
    public let oneOnes: Int

    /// The encodings offered: 3, 4 or 8 SPI bits for each data bit.
    public static let symbolWidths = [3, 4, 8]

    /// The encoding of `chip` with `bitsPerSymbol` SPI bits per data bit at `clockHz`; nil when
    /// no pulse lengths at that clock fall inside the chip's windows.
    public init?(chip: OneWireChip, bitsPerSymbol: Int, clockHz: Int32) {
        guard OneWireSPIEncoding.symbolWidths.contains(bitsPerSymbol), clockHz > 0 else { return nil }
        // Nanoseconds per SPI bit, in 1/256 ns so that 6.4 MHz (156.25 ns) is exact.
        let slot = Int64(256_000_000_000) / Int64(clockHz)
        func inside(_ slots: Int, _ window: ClosedRange<Int32>) -> Bool {
            let ns = Int64(slots) * slot
            return ns >= Int64(window.lowerBound) * 256 && ns <= Int64(window.upperBound) * 256
        }
        guard inside(bitsPerSymbol, chip.bitPeriod) else { return nil }
        // The shortest 0 and the 1 nearest the middle of its window, each ending low.
        guard let zero = (1..<bitsPerSymbol).first(where: { inside($0, chip.zeroHigh) }) else { return nil }
        let middle = Int64(chip.oneHigh.lowerBound + chip.oneHigh.upperBound) * 128
        let ones = (1..<bitsPerSymbol).filter { $0 > zero && inside($0, chip.oneHigh) }
        guard let one = ones.min(by: { abs(Int64($0) * slot - middle) < abs(Int64($1) * slot - middle) }) else { return nil }
        self.chip = chip
        self.bitsPerSymbol = bitsPerSymbol
        self.clockHz = clockHz
        zeroOnes = zero
        oneOnes = one
    }

    /// The clock a board gets without choosing one: 2.4 MHz for 3 bits, 3.2 MHz for 4 and
    /// 6.4 MHz for 8, or, where the chip's windows rule that out, the nearest clock that works.
    public static func defaultClock(chip: OneWireChip, bitsPerSymbol: Int) -> Int32? {
        let preferred: Int32 = bitsPerSymbol == 3 ? 2_400_000 : bitsPerSymbol == 4 ? 3_200_000 : 6_400_000
        if OneWireSPIEncoding(chip: chip, bitsPerSymbol: bitsPerSymbol, clockHz: preferred) != nil { return preferred }
        guard let range = clockRange(chip: chip, bitsPerSymbol: bitsPerSymbol) else { return nil }
        return preferred < range.lowerBound ? range.lowerBound : range.upperBound
    }

    /// The clocks (to 10 kHz) at which `chip` can be driven with `bitsPerSymbol`; nil if none.
    public static func clockRange(chip: OneWireChip, bitsPerSymbol: Int) -> ClosedRange<Int32>? {
        var low: Int32? = nil, high: Int32? = nil
        var hz: Int32 = 500_000
        while hz <= 20_000_000 {
            if OneWireSPIEncoding(chip: chip, bitsPerSymbol: bitsPerSymbol, clockHz: hz) != nil {
                if low == nil { low = hz }
                high = hz
            }
            hz += 10_000
        }
        guard let low, let high else { return nil }
        return low...high
    }

    /// Zero bytes that last at least the chip's reset time at this clock.
    public var resetBytes: Int {
        let bits = Int64(chip.resetMicroseconds) * Int64(clockHz)
        return Int((bits + 7_999_999) / 8_000_000)
    }

    /// Bytes of a frame for `ledCount` LEDs of `channels` bytes each.
    public func frameBytes(ledCount: Int, channels: Int) -> Int {
        2 * resetBytes + (ledCount * channels * 8 * bitsPerSymbol + 7) / 8
    }

    /// Appends the frame for `data` (the LEDs' bytes in wire order, see `LedColorOrder`) to `out`.
    public func encode(_ data: [UInt8], into out: inout [UInt8]) {
        out.reserveCapacity(out.count + 2 * resetBytes + (data.count * 8 * bitsPerSymbol + 7) / 8)
        for _ in 0..<resetBytes { out.append(0) }
        let zero = UInt32((1 << zeroOnes) - 1) << UInt32(bitsPerSymbol - zeroOnes)
        let one = UInt32((1 << oneOnes) - 1) << UInt32(bitsPerSymbol - oneOnes)
        // Symbols gather in `pending`, most significant bit first, and leave a byte at a time.
        var pending: UInt32 = 0, held = 0
        for byte in data {
            var bit = 7
            while bit >= 0 {
                pending = pending << UInt32(bitsPerSymbol) | ((byte >> UInt8(bit)) & 1 == 1 ? one : zero)
                held += bitsPerSymbol
                while held >= 8 {
                    held -= 8
                    out.append(UInt8(truncatingIfNeeded: pending >> UInt32(held)))
                }
                pending &= (1 << UInt32(held)) - 1
                bit -= 1
            }
        }
        if held > 0 { out.append(UInt8(truncatingIfNeeded: pending << UInt32(8 - held))) }
        for _ in 0..<resetBytes { out.append(0) }
    }
}
