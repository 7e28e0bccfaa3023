import HaloRender

/// The colours an LED ring shows for the engine's state at a moment.
///
/// The ring follows the activity that matters most: a checkout first, then the newest circular
/// or linear indicator, then the newest spinner or partial overlay, then the network spinner.
/// A determinate activity fills the ring clockwise from 12 o'clock as its value glides; anything
/// indeterminate shows the same turning arc as the screen; success and error light the whole
/// ring in their colours until the indicator leaves the screen. Toasts have text only, so the
/// ring does not show them. With nothing to show, every LED is off.
enum LedRingScene {
    static func colors(_ engine: Engine, look: LedRingLook, at now: Instant) -> [Color] {
        let off = [Color](repeating: .black, count: look.count)
        // The leading visible activity, found in place: this runs every ring frame.
        var lead: Int? = nil
        for i in engine.activities.indices where engine.activities[i].isVisible(at: now) {
            let a = engine.activities[i]
            if let l = lead, (engine.activities[l].kind.importance, engine.activities[l].serial) >= (a.kind.importance, a.serial) {
                continue
            }
            lead = i
        }
        guard look.count > 0, let lead else { return off }
        let a = engine.activities[lead]
        let theme = engine.theme
        let arc: (start: Int32, sweep: Int32)
        let lit: Color
        switch a.outcome {
        case .succeeded: (arc, lit) = ((0, Angle.unitsPerTurn), theme.success)
        case .failed: (arc, lit) = ((0, Angle.unitsPerTurn), theme.error)
        case .cancelled: return off
        case nil: (arc, lit) = (a.arc(at: now), theme.indicator)
        }
        // Whole LEDs, lit or dark, are most of the ring: their colours are worked out once.
        let on = dimmed(lit, look.brightness), dark = dimmed(look.track, look.brightness)
        var colors: [Color] = []
        colors.reserveCapacity(look.count)
        for i in 0..<look.count {
            let c = LedSectors.coverage(index: i, count: look.count, start: arc.start, sweep: arc.sweep)
            colors.append(c == 256 ? on : c == 0 ? dark : dimmed(mix(lit, over: look.track, coverage: c), look.brightness))
        }
        return colors
    }

    /// The activity the ring follows, by the order in the type's description.
    static func leading(_ visible: [Activity]) -> Activity? {
        visible.max { ($0.kind.importance, $0.serial) < ($1.kind.importance, $1.serial) }
    }

    static func mix(_ top: Color, over bottom: Color, coverage: Int32) -> Color {
        let w = UInt32(min(255, max(0, (coverage * 255 + 128) >> 8)))
        return Color(
            r: UInt8(Blend.channel(UInt32(top.r), UInt32(bottom.r), w)),
            g: UInt8(Blend.channel(UInt32(top.g), UInt32(bottom.g), w)),
            b: UInt8(Blend.channel(UInt32(top.b), UInt32(bottom.b), w)))
    }

    static func dimmed(_ c: Color, _ brightness: UInt8) -> Color {
        let k = UInt32(brightness)
        return Color(
            r: UInt8(Blend.mul255(UInt32(c.r), k)), g: UInt8(Blend.mul255(UInt32(c.g), k)), b: UInt8(Blend.mul255(UInt32(c.b), k)))
    }
}

extension Engine {
    /// The colours of an LED ring of `look` at `now`, LED 0 (12 o'clock) first.
    public func ledColors(_ look: LedRingLook, at now: Instant) -> [Color] {
        expire(at: now)
        return LedRingScene.colors(self, look: look, at: now)
    }
}
