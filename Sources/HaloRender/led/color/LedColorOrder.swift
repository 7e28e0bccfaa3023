// SPDX-License-Identifier: Apache-2.0
/// The order in which an LED chip takes its colour channels on the wire. WS2812 wants green,
/// red, blue; SK6812 RGBW green, red, blue, white; APA102 blue, green, red; and clones swap
/// them, so it is a board setting.
public struct LedColorOrder: Equatable, Sendable {
    /// For each byte on the wire, the channel it carries: 0 red, 1 green, 2 blue, 3 white.
    public let channels: [UInt8]

    /// An order spelled with the letters R, G, B and W, each at most once and R, G and B each
    /// exactly once (`GRB`, `GRBW`); nil for anything else.
    public init?(_ name: String) {
        var picked: [UInt8] = []
        for c in name.utf8 {
            let channel: UInt8
            switch c {
            case UInt8(ascii: "R"), UInt8(ascii: "r"): channel = 0
            case UInt8(ascii: "G"), UInt8(ascii: "g"): channel = 1
            case UInt8(ascii: "B"), UInt8(ascii: "b"): channel = 2
            case UInt8(ascii: "W"), UInt8(ascii: "w"): channel = 3
            default: return nil
            }
            if picked.contains(channel) { return nil }
            picked.append(channel)
        }
        guard picked.contains(0), picked.contains(1), picked.contains(2) else { return nil }
        channels = picked
    }

    public static let grb = LedColorOrder("GRB")!
    public static let rgb = LedColorOrder("RGB")!
    public static let bgr = LedColorOrder("BGR")!
    public static let grbw = LedColorOrder("GRBW")!

    /// Bytes per LED on the wire.
    public var count: Int { channels.count }
    public var hasWhite: Bool { channels.contains(3) }

    /// Appends `color`'s channels in this order; a white channel gets `white`.
    @inline(__always)
    public func append(_ color: Color, white: UInt8 = 0, to out: inout [UInt8]) {
        for channel in channels {
            switch channel {
            case 0: out.append(color.r)
            case 1: out.append(color.g)
            case 2: out.append(color.b)
            default: out.append(white)
            }
        }
    }
}
