// SPDX-License-Identifier: Apache-2.0
/// LED chips with a clock line beside the data (APA102, APA102C, SK9822, HD107S): a frame is a
/// start of 32 zero bits; per LED, three ones then a 5-bit global brightness, then blue, green
/// and red (in the board's order); then extra clock edges to push the last LEDs' data along
/// the chain. Each LED passes data on half a clock late, so `n` LEDs need `n/2` more edges: at
/// least n/16 bytes. SK9822 shows a frame only when the next start frame arrives, so a zero
/// frame follows the LEDs there. The end bytes are zeros: ones could read as a white LED on a
/// ring longer than the board says.
public enum ClockedLedChip: String, CaseIterable, Sendable {
    case apa102
    case apa102c
    case sk9822
    case hd107s

    /// A clock every chip of the family takes along a short ring (FastLED's default for APA102).
    public var defaultClockHz: Int32 { 6_000_000 }

    /// The extra zero frame that makes SK9822 latch.
    public var latchBytes: Int { self == .sk9822 ? 4 : 0 }

    /// Bytes of a frame for `ledCount` LEDs.
    public func frameBytes(ledCount: Int) -> Int { 4 + 4 * ledCount + latchBytes + endBytes(ledCount: ledCount) }

    /// Clock bytes after the LEDs: at least n/16 (n/2 edges), and never none.
    public func endBytes(ledCount: Int) -> Int { max(1, (ledCount + 15) / 16) }

    /// Appends the frame for `colors`, each LED at 5-bit brightness `brightness[i]` (0...31;
    /// an LED with no entry gets 31), its colour bytes in `order` (BGR on the genuine chips).
    public func encode(_ colors: [Color], brightness: [UInt8] = [], order: LedColorOrder = .bgr, into out: inout [UInt8]) {
        out.reserveCapacity(out.count + frameBytes(ledCount: colors.count))
        for _ in 0..<4 { out.append(0) }
        for (i, color) in colors.enumerated() {
            let level = i < brightness.count ? min(brightness[i], 31) : 31
            out.append(0xE0 | level)
            order.append(color, to: &out)
        }
        for _ in 0..<(latchBytes + endBytes(ledCount: colors.count)) { out.append(0) }
    }

    /// One LED's 5-bit brightness and 8-bit red, green and blue for its 16-bit light: the
    /// least brightness that holds the brightest channel, and the channels scaled up to fill
    /// their bytes under it. A dim colour then keeps up to 5 more bits: light that 8 bits alone
    /// would round to 0 or to a neighbouring hue stays lit and true. Dark is brightness 0.
    @inline(__always)
    public static func fiveBit(_ light: LedLight) -> (level: UInt8, r: UInt8, g: UInt8, b: UInt8) {
        let r = UInt32(light.r), g = UInt32(light.g), b = UInt32(light.b)
        let most = max(r, g, b)
        if most == 0 { return (0, 0, 0, 0) }
        // 1...31, rounded up so that the brightest channel fits its byte.
        let level = (most &* 31 &+ 65534) / 65535
        let step = level &* 257
        @inline(__always) func byte(_ c: UInt32) -> UInt8 { UInt8(min(255, (c &* 31 &+ step / 2) / step)) }
        return (UInt8(level), byte(r), byte(g), byte(b))
    }
}
