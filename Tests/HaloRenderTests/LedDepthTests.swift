// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

/// Dim colours on 8-bit LED chips, against exact arithmetic: APA102's 5-bit brightness,
/// temporal dithering, and the white channel of RGBW chips.
@Suite("LED depth: 5-bit brightness, dithering and white")
struct LedDepthTests {
    @Test("APA102 5-bit brightness: the least level that holds the brightest channel, and every channel within half a step of its light")
    func fiveBit() {
        var v: UInt32 = 0
        while v <= 65535 {
            let light = LedLight(r: UInt16(v), g: UInt16(v / 3), b: UInt16(v / 17))
            let led = ClockedLedChip.fiveBit(light)
            if v == 0 {
                #expect(led == (0, 0, 0, 0))
            } else {
                #expect(led.level >= 1 && led.level <= 31)
                // The least level: one lower could not hold the brightest channel.
                #expect(UInt32(led.level - 1) * 65535 < v * 31, "light \(v): level \(led.level)")
                // What the LED emits, in the light's units, is the nearest the level's steps allow.
                let step = Double(led.level) * 65535 / (31 * 255)
                for (byte, want) in [(led.r, light.r), (led.g, light.g), (led.b, light.b)] {
                    #expect(
                        abs(Double(byte) * step - Double(want)) <= step / 2 + 0.001, "light \(want) at level \(led.level): byte \(byte)")
                }
            }
            v += 97
        }
    }

    @Test("5-bit brightness keeps a dim colour lit and its hue where 8 bits round it away")
    func fiveBitKeepsDimColours() {
        // 0.4 % of full red with a little green: 8 bits give (1, 0, 0); five bits keep the green.
        let light = LedLight(r: 260, g: 90, b: 0)
        #expect(light.color == Color(r: 1, g: 0, b: 0))
        let led = ClockedLedChip.fiveBit(light)
        #expect(led.level == 1 && led.r == 31 && led.g == 11 && led.b == 0, "\(led)")
    }

    @Test("dithered bytes are each the light's floor or ceiling, and average to the light exactly over 257 frames")
    func ditheringAverages() {
        let writer = LedFrameWriter(pipeline: LedColorPipeline(brightness: 40), order: .grb)
        var colors: [Color] = []
        for i in 0..<16 { colors.append(Color(r: UInt8(i * 3), g: UInt8(i * 2 + 1), b: UInt8(40 - i))) }
        var lights = [LedLight](repeating: LedLight(r: 0, g: 0, b: 0), count: 16)
        lights.withUnsafeMutableBufferPointer { writer.writeLights(colors, into: $0) }
        var carry = [UInt16](repeating: 0, count: 48)
        var sums = [Int](repeating: 0, count: 48)
        var data = [UInt8](repeating: 0, count: 48)
        for _ in 0..<257 {
            lights.withUnsafeBufferPointer { l in
                data.withUnsafeMutableBufferPointer { d in carry.withUnsafeMutableBufferPointer { writer.write(l, into: d, carry: $0) } }
            }
            for (k, light) in lights.enumerated() {
                for (slot, want) in [(0, light.g), (1, light.r), (2, light.b)] {
                    let byte = Int(data[3 * k + slot])
                    #expect(byte == Int(want) / 257 || byte == Int(want) / 257 + 1, "LED \(k): \(byte) for light \(want)")
                    sums[3 * k + slot] += byte
                }
            }
        }
        for (k, light) in lights.enumerated() {
            for (slot, want) in [(0, light.g), (1, light.r), (2, light.b)] {
                #expect(abs(sums[3 * k + slot] - Int(want)) <= 1, "LED \(k): \(sums[3 * k + slot]) over 257 frames for light \(want)")
            }
        }
        #expect(lights.contains { $0.g % 257 != 0 }, "the picture has light between bytes to dither")
    }

    @Test("an RGBW chip's white takes the light the colours share; they keep the rest")
    func whiteChannel() {
        let writer = LedFrameWriter(pipeline: LedColorPipeline(gamma: LedGamma(hundredths: 100)), order: .grbw)
        var data = [UInt8](repeating: 0, count: 12)
        let colors = [Color(r: 200, g: 200, b: 200), Color(r: 255, g: 128, b: 0), Color(r: 90, g: 60, b: 30)]
        data.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
        #expect(Array(data[0..<4]) == [0, 0, 0, 200])
        #expect(Array(data[4..<8]) == [128, 255, 0, 0])
        #expect(Array(data[8..<12]) == [30, 60, 0, 30])
    }
}
