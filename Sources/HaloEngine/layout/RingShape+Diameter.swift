// SPDX-License-Identifier: Apache-2.0
import HaloRender

extension RingShape {
    /// The ring of a circular indicator `diameter` px across whose band is `thickness` px wide,
    /// centred at (`cx`, `cy`) in Q8: the one sizing every ring the engine draws goes through.
    init(
        cx: Int32, cy: Int32, diameter: Int32, thickness: Int32, track: Color, indicator: Color, arcStart: Angle = .zero,
        arcSweep: Angle = .zero, roundCaps: Bool = false
    ) {
        self.init(
            centerX: cx, centerY: cy, outerRadius: diameter << 7, innerRadius: (diameter - 2 * thickness) << 7, track: track,
            indicator: indicator, arcStart: arcStart, arcSweep: arcSweep, roundCaps: roundCaps)
    }
}
