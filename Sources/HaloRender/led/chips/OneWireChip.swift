// SPDX-License-Identifier: Apache-2.0
/// LED chips that take their data on one wire, each bit a high pulse whose length says 0 or 1
/// (WS2812 and its kin), with what their datasheets allow. Times are nanoseconds.
public enum OneWireChip: String, CaseIterable, Sendable {
    case ws2812
    case ws2812b
    case ws2813
    case sk6812
    case sk6812rgbw = "sk6812-rgbw"

    /// How long the high part of a 0 bit and of a 1 bit may last: the datasheets' nominal
    /// figure and tolerance (WS2812B: 0.40 and 0.80 µs ±150 ns; WS2813: 220–380 and
    /// 580–1600 ns; SK6812: 0.30 and 0.60 µs ±150 ns).
    public var zeroHigh: ClosedRange<Int32> {
        switch self {
        case .ws2812, .ws2812b: return 250...550
        case .ws2813: return 220...380
        case .sk6812, .sk6812rgbw: return 150...450
        }
    }

    public var oneHigh: ClosedRange<Int32> {
        switch self {
        case .ws2812, .ws2812b: return 650...950
        case .ws2813: return 580...1600
        case .sk6812, .sk6812rgbw: return 450...750
        }
    }

    /// A whole bit, high and low together (1.25 µs ±600 ns for all of them).
    public var bitPeriod: ClosedRange<Int32> { 650...1850 }

    /// The low time that latches the data: at least 280 µs for the WS2812 family's later
    /// revisions (older sheets said 50 µs), 80 µs for SK6812.
    public var resetMicroseconds: Int32 {
        switch self {
        case .ws2812, .ws2812b, .ws2813: return 280
        case .sk6812, .sk6812rgbw: return 80
        }
    }

    /// The colour order these chips usually take.
    public var defaultOrder: LedColorOrder { self == .sk6812rgbw ? .grbw : .grb }
}
