// SPDX-License-Identifier: Apache-2.0
/// Damage for a ring whose arc moved: only the angles between the old and new ends, widened by
/// the caps, are redrawn. This is what makes a 1 % step of a 224 px ring cost a few hundred
/// pixels instead of fifty thousand.
enum RingDamage {
    /// Turns longer than this are cheaper to redraw whole.
    static let longestInterval: Int32 = Angle.unitsPerTurn / 3
    /// Sector pieces are at most a sixteenth of a turn, so their boxes stay tight.
    static let pieceUnits: Int32 = Angle.unitsPerTurn / 16

    /// Adds to `damage` the boxes that change when the ring goes from `old` to `new`. False
    /// when only a redraw of the whole ring will do; some boxes may have been added by then,
    /// which the whole ring's box then swallows.
    static func add(from old: RingShape, to new: RingShape, into damage: inout DamageList) -> Bool {
        guard old.sameRing(as: new) else { return false }
        let oldHas = old.hasIndicator, newHas = new.hasIndicator
        if !oldHas && !newHas { return true }
        let full = Angle.unitsPerTurn
        if (oldHas && old.arcSweep.units >= full) || (newHas && new.arcSweep.units >= full) {
            return oldHas == newHas && old.arcSweep.units >= full && new.arcSweep.units >= full
        }
        let oldEnd = old.arcStart.units &+ old.arcSweep.units, newEnd = new.arcStart.units &+ new.arcSweep.units
        if oldHas && newHas && new.roundCaps {
            // A moved end changes only its old cap's box, its new cap's box, and the band
            // between the two end lines with their anti-aliasing; an end that did not move
            // changes nothing.
            let margin = marginUnits(new, capped: false)
            if !addCappedEnd(new, from: old.arcStart.units, to: new.arcStart.units, margin: margin, into: &damage) { return false }
            return addCappedEnd(new, from: oldEnd, to: newEnd, margin: margin, into: &damage)
        }
        let margin = marginUnits(new, capped: new.roundCaps)
        if oldHas && newHas {
            if !addSector(new, movedInterval(old.arcStart.units, new.arcStart.units, margin), into: &damage) { return false }
            return addSector(new, movedInterval(oldEnd, newEnd, margin), into: &damage)
        }
        let arc = oldHas ? old : new
        return addSector(new, (arc.arcStart.units &- margin, arc.arcStart.units &+ arc.arcSweep.units &+ margin), into: &damage)
    }

    /// The boxes a capped end moving from angle `a` to `b` changes, the band between widened
    /// by `margin` (the end line's anti-aliasing); false when that band is long enough that
    /// redrawing the whole ring is cheaper.
    static func addCappedEnd(_ ring: RingShape, from a: Int32, to b: Int32, margin: Int32, into damage: inout DamageList) -> Bool {
        if Int16(truncatingIfNeeded: b &- a) == 0 { return true }
        damage.add(capBounds(ring, at: a))
        damage.add(capBounds(ring, at: b))
        return addSector(ring, movedInterval(a, b, margin), into: &damage)
    }

    /// The boxes of the ring's band between two angles, a piece at a time; false when the
    /// interval is long enough that redrawing the whole ring is cheaper.
    static func addSector(_ ring: RingShape, _ interval: (from: Int32, to: Int32), into damage: inout DamageList) -> Bool {
        if interval.to &- interval.from > longestInterval { return false }
        var a = interval.from
        while a < interval.to {
            let b = min(interval.to, a &+ pieceUnits)
            damage.add(sectorBounds(ring, from: a, to: b))
            a = b
        }
        return true
    }

    /// The box of every pixel a round cap at angle `units` can change: the pixels that meet
    /// its disc's own box. The end line's anti-aliasing is the band's (`movedInterval` widens
    /// the band by it). The quarter-pixel margin holds what the cap's coverage gives beyond
    /// the disc: it takes the rim as straight across a pixel, and that tangent strays at most
    /// 1/(8r + 4) px past the disc's box for a cap of radius r px.
    static func capBounds(_ ring: RingShape, at units: Int32) -> IntRect {
        let d = Angle(units: units).direction
        let outer = Int64(ring.outerRadius), inner = Int64(ring.innerRadius)
        let mid = (outer + inner) >> 1
        let half = ((outer - inner) >> 1) + 64
        // The same centre as `RingRaster`'s caps.
        let x = Int64(ring.centerX) + ((mid * Int64(d.x)) >> 16), y = Int64(ring.centerY) + ((mid * Int64(d.y)) >> 16)
        return IntRect(coveringQ8: Int32(x - half) - 1, Int32(y - half) - 1, Int32(x + half) + 1, Int32(y + half) + 1)
    }

    /// The interval swept by an end moving from `a` to `b` the short way round, with margins.
    static func movedInterval(_ a: Int32, _ b: Int32, _ margin: Int32) -> (Int32, Int32) {
        let delta = Int32(Int16(truncatingIfNeeded: b &- a))
        return delta >= 0 ? (a &- margin, a &+ delta &+ margin) : (a &+ delta &- margin, a &+ margin)
    }

    /// How far past an end its pixels reach, in angle units: anti-aliasing, and the cap when
    /// `capped`.
    static func marginUnits(_ ring: RingShape, capped: Bool) -> Int32 {
        let reach = Int64(capped ? (ring.outerRadius - ring.innerRadius) / 2 : 0) + EdgeCoverage.reach + 64
        // Arc length to angle: units = length / (2π r) · 65536; 65536 / 2π ≈ 10430.4.
        // At the inner rim the same length is a wider angle, so divide by the inner radius.
        let rim = max(Int64(ring.innerRadius), 256)
        return Int32(min(Int64(Angle.unitsPerTurn), reach * 10431 / rim + 1))
    }

    /// Box around the annulus sector between two angles (at most a quarter turn apart).
    static func sectorBounds(_ ring: RingShape, from: Int32, to: Int32) -> IntRect {
        // Anti-aliasing reaches a little over half a pixel past either rim.
        let outer = Int64(ring.outerRadius) + EdgeCoverage.reach
        let inner = max(Int64(ring.innerRadius) - EdgeCoverage.reach, 0)
        var minX = Int64.max, minY = Int64.max, maxX = Int64.min, maxY = Int64.min
        func include(_ d: (x: Int32, y: Int32), _ radius: Int64) {
            let x = (radius * Int64(d.x)) >> 16, y = (radius * Int64(d.y)) >> 16
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
        let a = Angle(units: from).direction, b = Angle(units: to).direction
        include(a, outer)
        include(a, inner)
        include(b, outer)
        include(b, inner)
        // Where the sector crosses 12, 3, 6 or 9 o'clock its outer rim bulges past the corners.
        var axis = (from & ~0x3FFF) &+ 0x4000
        while axis < to {
            // The axes' directions are exact: no table lookup needed.
            switch (axis >> 14) & 3 {
            case 0: include((0, -65536), outer)
            case 1: include((65536, 0), outer)
            case 2: include((0, 65536), outer)
            default: include((-65536, 0), outer)
            }
            axis = axis &+ 0x4000
        }
        let cx = Int64(ring.centerX), cy = Int64(ring.centerY)
        return IntRect(
            coveringQ8: Int32(cx + minX) - 1, Int32(cy + minY) - 1, Int32(cx + maxX) + 1, Int32(cy + maxY) + 1
        )
    }
}
