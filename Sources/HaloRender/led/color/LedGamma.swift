// SPDX-License-Identifier: Apache-2.0
/// An LED's brightness against the value it is sent is about linear, but eyes are not: a ring
/// sent half of full looks nearly as bright as full. A gamma table maps a colour value `v` to
/// `65535 · (v / 255)^γ`, so equal steps of value look like equal steps of light. 2.2 is the
/// usual figure (WLED's default; the Raspberry Pi kernel's WS2812 driver uses about 2.22);
/// FastLED's high-definition path uses 2.8.
///
/// Worked out in integers only (a fixed-point log2 and exp2), so a microcontroller without an
/// FPU builds the same table, within half a step of the exact formula.
public struct LedGamma: Equatable, Sendable {
    /// The exponent in hundredths: 220 is 2.2.
    public let hundredths: Int32
    /// For each 8-bit value, the light to send, 0...65535.
    public let table: [UInt16]

    /// The exponents a board may ask for: 1.00 (no correction) to 4.00.
    public static let range: ClosedRange<Int32> = 100...400

    public init(hundredths: Int32 = 220) {
        let h = max(LedGamma.range.lowerBound, min(LedGamma.range.upperBound, hundredths))
        self.hundredths = h
        let top = LedGamma.log2Q32(255)
        var t: [UInt16] = [0]
        t.reserveCapacity(256)
        for v in 1...255 {
            // log2(v / 255) ≤ 0, scaled by the exponent; then 2 to that power, in Q62.
            let scaled = (top - LedGamma.log2Q32(UInt64(v))) * Int64(h) / 100
            let light = LedGamma.exp2NegativeQ62(UInt64(scaled))
            let (high, low) = light.multipliedFullWidth(by: 65535)
            // Rounded: add half of 2^62 before shifting right by 62.
            let (sum, carry) = low.addingReportingOverflow(1 << 61)
            t.append(UInt16(truncatingIfNeeded: (high &+ (carry ? 1 : 0)) << 2 | sum >> 62))
        }
        table = t
    }

    /// log2(v) in Q32 (v ≥ 1): the integer part from the highest bit, then 32 fraction bits by
    /// squaring the mantissa, each square past 2 being a 1 bit.
    static func log2Q32(_ v: UInt64) -> Int64 {
        let n = 63 - v.leadingZeroBitCount
        var m = v << UInt64(62 - n)  // in [1, 2) as Q62
        var fraction: Int64 = 0
        for k in 1...32 {
            let (high, low) = m.multipliedFullWidth(by: m)
            m = high << 2 | low >> 62
            if m >= 1 << 63 {
                m >>= 1
                fraction |= 1 << Int64(32 - k)
            }
        }
        return Int64(n) << 32 | fraction
    }

    /// 2^(−q) for q ≥ 0 in Q32, as Q62: whole halvings, then a product of 2^(−1/2^k) for each
    /// fraction bit.
    static func exp2NegativeQ62(_ q: UInt64) -> UInt64 {
        let whole = q >> 32
        if whole >= 62 { return 0 }
        var r: UInt64 = 1 << 62
        for k in 1...32 where (q >> UInt64(32 - k)) & 1 == 1 {
            let (high, low) = r.multipliedFullWidth(by: LedGamma.rootsOfHalf[k - 1])
            r = high << 2 | low >> 62
        }
        return r >> whole
    }

    /// 2^(−1/2^k) for k = 1...32, in Q62.
    static let rootsOfHalf: [UInt64] = [
        0x2D41_3CCC_FE77_9921, 0x35D1_3F32_B5A7_5ABD, 0x3AB0_31B9_F749_0E4C, 0x3D49_5F45_4921_B30B,
        0x3EA0_ECB6_DC8A_80CF, 0x3F4F_8303_3D21_B05D, 0x3FA7_8457_1EE3_E213, 0x3FD3_B2D6_5447_B229,
        0x3FE9_D594_8723_6BB4, 0x3FF4_E9D4_703D_F843, 0x3FFA_74AC_BDF6_C9D5, 0x3FFD_3A46_FFC6_E30F,
        0x3FFE_9D1F_A801_0199, 0x3FFF_4E8E_DE05_3AD5, 0x3FFF_A747_3183_76AC, 0x3FFF_D3A3_8961_E6FF,
        0x3FFF_E9D1_C0D8_FD14, 0x3FFF_F4E8_DF76_80C5, 0x3FFF_FA74_6F7D_C0EC, 0x3FFF_FD3A_37AF_8098,
        0x3FFF_FE9D_1BD3_E854, 0x3FFF_FF4E_8DE8_FE2C, 0x3FFF_FFA7_46F4_4197, 0x3FFF_FFD3_A37A_116B,
        0x3FFF_FFE9_D1BD_04DE, 0x3FFF_FFF4_E8DE_8179, 0x3FFF_FFFA_746F_407F, 0x3FFF_FFFD_3A37_A030,
        0x3FFF_FFFE_9D1B_D014, 0x3FFF_FFFF_4E8D_E809, 0x3FFF_FFFF_A746_F404, 0x3FFF_FFFF_D3A3_7A02,
    ]
}
