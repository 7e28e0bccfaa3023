// SPDX-License-Identifier: Apache-2.0
/// Which activity leads when several are shown: the most important kind (`IndicatorKind.importance`:
/// a checkout, then circular and linear indicators, then spinners and partial overlays, then
/// the network spinner), the newest of that kind first. The LED ring shows the leading
/// activity, the centre of the screen draws it at full size, and each screen edge shows its own.
enum Lead {
    /// The leading visible activity of `activities`, found in place (this runs every ring
    /// frame). A cancelled activity has handed the ring to its unwinding.
    static func index(_ activities: [Activity], at now: Instant) -> Int? {
        var lead: Int? = nil
        for i in activities.indices where activities[i].isVisible(at: now) && activities[i].outcome != .cancelled {
            if let l = lead, (activities[l].kind.importance, activities[l].serial) >= (activities[i].kind.importance, activities[i].serial)
            {
                continue
            }
            lead = i
        }
        return lead
    }

    /// The leading one of `visible`.
    static func of(_ visible: [Activity]) -> Activity? {
        visible.max { ($0.kind.importance, $0.serial) < ($1.kind.importance, $1.serial) }
    }
}
