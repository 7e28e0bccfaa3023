// SPDX-License-Identifier: Apache-2.0
/// A circular track with an optional indicator arc on it: the shape of every circular indicator.
///
/// The ring lies between `innerRadius` and `outerRadius` around the centre (all Q8). The arc
/// starts at `arcStart` and runs clockwise for `arcSweep`; a sweep of zero draws no indicator, a
/// sweep of a whole turn or more fills the ring. A round cap is a disc of diameter
/// `outerRadius - innerRadius` centred on the arc's end on the ring's mid-line, so it reaches
/// past the end. Track and indicator are one shape: the ring's edge is computed once and its
/// coverage is shared between the two colours, so the track never shows through the
/// indicator's anti-aliased border.
public struct RingShape: Equatable {
    public var centerX: Int32
    public var centerY: Int32
    public var outerRadius: Int32
    public var innerRadius: Int32
    public var track: Color
    public var indicator: Color
    public var arcStart: Angle
    public var arcSweep: Angle
    public var roundCaps: Bool

    public init(
        centerX: Int32, centerY: Int32, outerRadius: Int32, innerRadius: Int32,
        track: Color, indicator: Color, arcStart: Angle = .zero, arcSweep: Angle = .zero, roundCaps: Bool = false
    ) {
        self.centerX = centerX
        self.centerY = centerY
        self.outerRadius = outerRadius
        self.innerRadius = innerRadius > 0 ? innerRadius : 0
        self.track = track
        self.indicator = indicator
        self.arcStart = arcStart
        self.arcSweep = arcSweep
        self.roundCaps = roundCaps
    }

    /// Every pixel the ring can touch.
    public var bounds: IntRect {
        let r = outerRadius + 256
        return IntRect(coveringQ8: centerX - r, centerY - r, centerX + r, centerY + r)
    }

    /// True when only the arc differs: then a change damages just the angles that moved.
    public func sameRing(as other: RingShape) -> Bool {
        centerX == other.centerX && centerY == other.centerY && outerRadius == other.outerRadius
            && innerRadius == other.innerRadius && track == other.track && indicator == other.indicator
            && roundCaps == other.roundCaps
    }

    var hasIndicator: Bool { arcSweep.units > 0 && indicator.a != 0 }
}
