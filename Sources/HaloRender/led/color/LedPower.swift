// SPDX-License-Identifier: Apache-2.0
/// What an LED ring draws from its supply, estimated per channel: each channel at full
/// brightness draws its milliamps, scaled by the light it is sent, and each LED a little more
/// just for being powered. The defaults are a conservative WS2812 at 5 V: 20 mA a channel
/// (60 mA for full white, Adafruit's rule of thumb) and 1 mA idle (FastLED's and WLED's
/// figure). Estimates in microamps, so that a small ring's budget is not rounded away. Each
/// figure counts as 0...1000 mA whatever it is set to, which keeps every sum far inside 64 bits
/// for any ring.
public struct LedPower: Equatable, Sendable {
    public var redMilliamps: Int32 = 20
    public var greenMilliamps: Int32 = 20
    public var blueMilliamps: Int32 = 20
    public var idleMilliamps: Int32 = 1

    public init() {}

    /// The estimate, in microamps, for `lights` (red, green, blue light per LED, 0...65535),
    /// each LED's share rounded down, or up.
    public func microamps(_ lights: [LedLight], roundingUp: Bool = false) -> Int64 {
        var total: Int64 = 0
        let extra: Int64 = roundingUp ? 65534 : 0
        let (r, g, b) = (LedPower.sane(redMilliamps), LedPower.sane(greenMilliamps), LedPower.sane(blueMilliamps))
        for l in lights {
            let lit = Int64(l.r) * r + Int64(l.g) * g + Int64(l.b) * b
            total += (lit * 1000 + extra) / 65535
        }
        return total + Int64(lights.count) * idleMicroamps
    }

    /// What one LED draws while dark, in microamps.
    public var idleMicroamps: Int64 { LedPower.sane(idleMilliamps) * 1000 }

    static func sane(_ milliamps: Int32) -> Int64 { Int64(max(0, min(1000, milliamps))) }
}

/// The light an LED is sent, per channel, before it is cut to the chip's 8 bits: 0...65535.
public struct LedLight: Equatable, Sendable {
    public var r: UInt16
    public var g: UInt16
    public var b: UInt16

    public init(r: UInt16, g: UInt16, b: UInt16) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The nearest 8-bit colour.
    public var color: Color {
        Color(r: LedLight.eightBit(r), g: LedLight.eightBit(g), b: LedLight.eightBit(b))
    }

    @inline(__always)
    static func eightBit(_ v: UInt16) -> UInt8 { UInt8((UInt32(v) * 255 + 32767) / 65535) }
}
