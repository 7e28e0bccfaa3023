// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloRender
import Testing

/// The LED colour pipeline against exact arithmetic: gamma tables against the formula, the
/// current limiter against its budget.
@Suite("LED colour pipeline")
struct LedColorPipelineTests {
    @Test("gamma tables are within half a step of 65535 · (v/255)^γ for every value", arguments: [100, 180, 220, 222, 250, 280, 400])
    func gammaExact(hundredths: Int) {
        let table = LedGamma(hundredths: Int32(hundredths)).table
        #expect(table.count == 256)
        var worst = 0.0
        for v in 0...255 {
            let exact = 65535 * pow(Double(v) / 255, Double(hundredths) / 100)
            worst = max(worst, abs(Double(table[v]) - exact))
        }
        #expect(worst <= 0.5, "γ \(Double(hundredths) / 100): worst error \(worst) steps")
        #expect(table[0] == 0 && table[255] == 65535)
        #expect(zip(table, table.dropFirst()).allSatisfy { $0 <= $1 }, "never decreasing")
    }

    @Test("an exponent outside 1.00...4.00 is clamped, not trusted")
    func gammaClamped() {
        #expect(LedGamma(hundredths: -5).hundredths == 100 && LedGamma(hundredths: .max).hundredths == 400)
        #expect(LedGamma(hundredths: 100).table.enumerated().allSatisfy { Int($0.element) == $0.offset * 257 }, "1.0 is the identity")
    }

    @Test("correction and brightness scale each channel; full white at full settings stays full")
    func correctionAndBrightness() {
        var p = LedColorPipeline(gamma: LedGamma(hundredths: 100))
        #expect(p.colors([.white]) == [.white])
        p.correction = Color(r: 255, g: 176, b: 240)
        p.brightness = 128
        let c = p.colors([.white])[0]
        #expect(c == Color(r: 128, g: 88, b: 120), "\(c)")
        #expect(p.colors([.black]) == [.black])
    }

    @Test("the current limiter never lets the estimate pass the budget, and leaves frames under it alone")
    func limiter() {
        var seed: UInt64 = 7
        func next(_ n: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % n
        }
        for round in 0..<500 {
            var p = LedColorPipeline()
            p.power.redMilliamps = Int32(next(40))
            p.power.greenMilliamps = Int32(next(40))
            p.power.blueMilliamps = Int32(next(40))
            p.power.idleMilliamps = Int32(next(3))
            p.budgetMilliamps = Int32(1 + next(2000))
            let n = Int(1 + next(60))
            let colors = (0..<n).map { _ in Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256))) }
            let unlimited = LedColorPipeline(gamma: p.gamma, power: p.power).lights(colors)
            let lights = p.lights(colors)
            let budget = Int64(p.budgetMilliamps) * 1000
            let estimate = p.power.microamps(lights)
            let idle = Int64(n) * p.power.idleMicroamps
            if p.power.microamps(unlimited) <= budget {
                #expect(lights == unlimited, "round \(round): under budget, untouched")
            } else if idle <= budget {
                #expect(estimate <= budget, "round \(round): \(estimate) µA over \(budget)")
                // Dimmed no more than the budget needs (within 1 % and the rounding of each LED).
                #expect(
                    estimate >= budget - budget / 100 - Int64(n) * 2,
                    "round \(round): dimmed more than the budget needs: \(estimate) µA for \(budget), idle \(idle), unlimited \(p.power.microamps(unlimited)), n \(n)"
                )
            } else {
                #expect(
                    lights.allSatisfy { $0 == LedLight(r: 0, g: 0, b: 0) },
                    "round \(round): a budget under the idle draw leaves the ring dark")
            }
        }
    }

    @Test("absurd milliamp figures cannot overflow the estimate")
    func absurdPower() {
        var power = LedPower()
        power.redMilliamps = .max
        power.greenMilliamps = .min
        power.blueMilliamps = .max
        power.idleMilliamps = .max
        let lights = [LedLight](repeating: LedLight(r: 65535, g: 65535, b: 65535), count: 4096)
        #expect(power.microamps(lights) == 4096 * (2 * 1_000_000 + 1_000_000))
    }
}

extension LedColorPipelineTests {
    @Test("the frame writer's tables give exactly the pipeline's colours, in colour order and wiring order, over budget or not")
    func frameWriter() {
        var seed: UInt64 = 99
        func next(_ n: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % n
        }
        let orders = ["GRB", "RGB", "BGR", "GRBW", "WRGB"].compactMap { LedColorOrder($0) }
        for round in 0..<300 {
            var p = LedColorPipeline(gamma: LedGamma(hundredths: Int32(100 + next(300))))
            p.correction = Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256)))
            p.brightness = UInt8(next(256))
            p.budgetMilliamps = next(2) == 0 ? 0 : Int32(1 + next(1500))
            let order = orders[Int(next(UInt64(orders.count)))]
            let n = Int(1 + next(40))
            let wiring = LedWiring(first: Int(next(UInt64(n))), clockwise: next(2) == 0)
            let colors = (0..<n).map { _ in Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256))) }
            var expected: [UInt8] = []
            if order.hasWhite {
                // White takes the light the three colours share; they keep the rest.
                for l in wiring.wireOrder(p.lights(colors)) {
                    let w = min(l.r, l.g, l.b)
                    let rest = LedLight(r: l.r - w, g: l.g - w, b: l.b - w).color
                    order.append(rest, white: LedLight(r: w, g: 0, b: 0).color.r, to: &expected)
                }
            } else {
                for c in wiring.wireOrder(p.colors(colors)) { order.append(c, to: &expected) }
            }
            var written = [UInt8](repeating: 0xAA, count: n * order.count)
            let writer = LedFrameWriter(pipeline: p, order: order, wiring: wiring)
            written.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
            #expect(written == expected, "round \(round): \(n) LEDs, order \(order.channels), budget \(p.budgetMilliamps) mA")
        }
    }

    @Test("on/off levels are exactly the pipeline's colours at half brightness or more, one level an LED or three, over budget or not")
    func onOff() {
        var seed: UInt64 = 7
        func next(_ n: UInt64) -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (seed >> 33) % n
        }
        for round in 0..<300 {
            var p = LedColorPipeline(gamma: LedGamma(hundredths: Int32(100 + next(300))))
            p.correction = Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256)))
            p.brightness = UInt8(next(256))
            p.budgetMilliamps = next(2) == 0 ? 0 : Int32(1 + next(1500))
            let n = Int(1 + next(40))
            let colors = (0..<n).map { _ in Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256))) }
            let shown = p.colors(colors)
            let onOff = LedOnOff(pipeline: p)
            var single = [Int32](repeating: 9, count: n), rgb = [Int32](repeating: 9, count: 3 * n)
            single.withUnsafeMutableBufferPointer { onOff.write(colors, colour: false, into: $0) }
            rgb.withUnsafeMutableBufferPointer { onOff.write(colors, colour: true, into: $0) }
            #expect(single == shown.map { max($0.r, $0.g, $0.b) >= 128 ? 1 : 0 }, "round \(round)")
            #expect(rgb == shown.flatMap { [$0.r, $0.g, $0.b].map { $0 >= 128 ? 1 : 0 } }, "round \(round)")
        }
    }
}
