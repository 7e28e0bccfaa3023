// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// How a board's LED ring looks: how many LEDs, how bright, and the colour of unlit LEDs.
/// A ring has no room for text, so it shows the state of the most important activity only.
public struct LedRingLook: Equatable, Sendable {
    /// LEDs on the ring, clockwise from the one at 12 o'clock; 0 when the board has none.
    public var count: Int = 0
    /// Colour of the part of the ring the indicator does not cover; off by default.
    public var track = Color.black

    public init() {}
}
