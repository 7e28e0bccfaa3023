// SPDX-License-Identifier: Apache-2.0
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
    /// The low time before and after the data, at least the chip's own (`resetMicroseconds`):
    /// some clones need longer to latch.
    public let resetMicroseconds: Int32
    /// The longest reset a board may ask for: 10 ms, far past any chip's latch.
    public static let longestReset: Int32 = 10_000
    /// SPI bits high for a data 0 and a data 1.
    public let zeroOnes: Int
    public let oneOnes: Int
    /// Each data byte's symbols: `bitsPerSymbol` bytes a data byte (8 symbols of that many
    /// bits), so a frame is copied from here a byte at a time rather than built bit by bit.
    let symbolsOfByte: [UInt8]

    /// The encodings offered: 3, 4 or 8 SPI bits for each data bit.
    public static let symbolWidths = [3, 4, 8]

    /// The encoding of `chip` with `bitsPerSymbol` SPI bits per data bit at `clockHz`; nil when
    /// no pulse lengths at that clock fall inside the chip's windows. The reset lasts
    /// `resetMicroseconds`, kept between the chip's own and `longestReset`.
    public init?(chip: OneWireChip, bitsPerSymbol: Int, clockHz: Int32, resetMicroseconds: Int32? = nil) {
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
        self.resetMicroseconds = min(max(resetMicroseconds ?? 0, chip.resetMicroseconds), OneWireSPIEncoding.longestReset)
        zeroOnes = zero
        oneOnes = one
        symbolsOfByte = OneWireSPIEncoding.table(bitsPerSymbol: bitsPerSymbol, zeroOnes: zero, oneOnes: one)
    }

    /// The symbols of every byte value, most significant bit first.
    static func table(bitsPerSymbol: Int, zeroOnes: Int, oneOnes: Int) -> [UInt8] {
        let zero = UInt64((1 << zeroOnes) - 1) << UInt64(bitsPerSymbol - zeroOnes)
        let one = UInt64((1 << oneOnes) - 1) << UInt64(bitsPerSymbol - oneOnes)
        var out: [UInt8] = []
        out.reserveCapacity(256 * bitsPerSymbol)
        for value in 0..<256 {
            // Eight symbols of up to 8 bits fit in 64.
            var bits: UInt64 = 0
            for bit in (0..<8).reversed() { bits = bits << UInt64(bitsPerSymbol) | ((value >> bit) & 1 == 1 ? one : zero) }
            for k in (0..<bitsPerSymbol).reversed() { out.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * k))) }
        }
        return out
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

    /// Zero bytes that last at least the reset time at this clock.
    public var resetBytes: Int {
        let bits = Int64(resetMicroseconds) * Int64(clockHz)
        return Int((bits + 7_999_999) / 8_000_000)
    }

    /// Bytes of a frame for `ledCount` LEDs of `channels` bytes each.
    public func frameBytes(ledCount: Int, channels: Int) -> Int {
        2 * resetBytes + ledCount * channels * bitsPerSymbol
    }

    /// Writes `data`'s symbols into `frame` from `resetBytes` on: for a frame kept between
    /// updates, whose reset zeros are already in place (`frameBytes` long, zeros elsewhere).
    public func encode(_ data: UnsafeBufferPointer<UInt8>, intoFrame frame: UnsafeMutableBufferPointer<UInt8>) {
        let width = bitsPerSymbol
        guard frame.count >= 2 * resetBytes + data.count * width else { return }
        symbolsOfByte.withUnsafeBufferPointer { symbols in
            var at = resetBytes
            // One loop a width, so the copies are unrolled.
            switch width {
            case 3:
                for byte in data {
                    let from = Int(byte) &* 3
                    frame[at] = symbols[from]
                    frame[at &+ 1] = symbols[from &+ 1]
                    frame[at &+ 2] = symbols[from &+ 2]
                    at &+= 3
                }
            case 4:
                for byte in data {
                    let from = Int(byte) &* 4
                    for k in 0..<4 { frame[at &+ k] = symbols[from &+ k] }
                    at &+= 4
                }
            default:
                for byte in data {
                    let from = Int(byte) &* width
                    for k in 0..<width { frame[at &+ k] = symbols[from &+ k] }
                    at &+= width
                }
            }
        }
    }

    /// Appends the frame for `data` (the LEDs' bytes in wire order, see `LedColorOrder`) to `out`.
    public func encode(_ data: [UInt8], into out: inout [UInt8]) {
        let start = out.count, width = bitsPerSymbol
        // Zeros throughout: the resets on both sides are already in place.
        out.append(contentsOf: repeatElement(0, count: 2 * resetBytes + data.count * width))
        out.withUnsafeMutableBufferPointer { frame in
            symbolsOfByte.withUnsafeBufferPointer { symbols in
                var at = start + resetBytes
                for byte in data {
                    let from = Int(byte) &* width
                    for k in 0..<width { frame[at &+ k] = symbols[from &+ k] }
                    at &+= width
                }
            }
        }
    }
}
