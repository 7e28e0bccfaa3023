// SPDX-License-Identifier: Apache-2.0
/// From the colours the engine asks an LED ring for to the light each LED is sent:
///
/// 1. gamma (`LedGamma`), so that steps of value look like steps of light;
/// 2. colour correction per channel, for LEDs whose channels are not equally bright (FastLED's
///    typical 5050 strip figure is 255, 176, 240);
/// 3. the board's overall brightness;
/// 4. the current budget: when the frame's estimated draw (`LedPower`) would pass
///    `budgetMilliamps`, every LED is scaled down by the same factor until it does not.
///
/// Integer only, for a microcontroller as much as for the daemon.
public struct LedColorPipeline: Equatable, Sendable {
    public var gamma: LedGamma
    /// Per channel, 0...255 (255: unchanged).
    public var correction: Color
    /// 0...255.
    public var brightness: UInt8
    public var power: LedPower
    /// The most the ring may draw, in milliamps; 0 for no limit.
    public var budgetMilliamps: Int32

    public init(
        gamma: LedGamma = LedGamma(), correction: Color = .white, brightness: UInt8 = 255, power: LedPower = LedPower(),
        budgetMilliamps: Int32 = 0
    ) {
        self.gamma = gamma
        self.correction = correction
        self.brightness = brightness
        self.power = power
        self.budgetMilliamps = budgetMilliamps
    }

    /// The light for each of `colors`, within the budget.
    public func lights(_ colors: [Color]) -> [LedLight] {
        let table = gamma.table
        // Correction and brightness fold into one factor a channel, in 1/65025.
        let level = UInt32(brightness)
        let scale = (UInt32(correction.r) * level, UInt32(correction.g) * level, UInt32(correction.b) * level)
        var out: [LedLight] = []
        out.reserveCapacity(colors.count)
        for c in colors {
            out.append(
                LedLight(
                    r: UInt16(UInt32(table[Int(c.r)]) * scale.0 / 65025), g: UInt16(UInt32(table[Int(c.g)]) * scale.1 / 65025),
                    b: UInt16(UInt32(table[Int(c.b)]) * scale.2 / 65025)))
        }
        return limited(out)
    }

    /// The colours as the chip's 8-bit values.
    public func colors(_ colors: [Color]) -> [Color] { lights(colors).map { $0.color } }

    /// `lights` scaled down, all by one factor, until the estimate is within the budget; the
    /// idle draw cannot be scaled, so a budget under it leaves every LED dark.
    public func limited(_ lights: [LedLight]) -> [LedLight] {
        guard budgetMilliamps > 0 else { return lights }
        let budget = Int64(budgetMilliamps) * 1000
        let estimate = power.microamps(lights)
        if estimate <= budget { return lights }
        let idle = Int64(lights.count) * power.idleMicroamps
        // Rounded up, so that the factor errs low and the result stays under the budget.
        let lit = power.microamps(lights, roundingUp: true) - idle
        let room = max(0, budget - idle)
        // Q16, rounded down: the scaled estimate can only fall below the budget.
        let factor = UInt64(room * 65536 / lit)
        return lights.map {
            LedLight(
                r: UInt16((UInt64($0.r) * factor) >> 16), g: UInt16((UInt64($0.g) * factor) >> 16),
                b: UInt16((UInt64($0.b) * factor) >> 16))
        }
    }
}
