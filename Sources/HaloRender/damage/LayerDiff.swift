// SPDX-License-Identifier: Apache-2.0
/// What changed between two display lists, as screen damage.
public enum LayerDiff {
    /// Up to this many layers a side, layers are paired by linear search; past it, through a
    /// table of keys, so a frame's cost grows linearly with what is on screen.
    static let linearSearchLimit = 16

    public static func damage(from old: [Layer], to new: [Layer]) -> DamageList {
        var damage = DamageList()
        addDamage(from: old, to: new, into: &damage)
        return damage
    }

    /// `damage(from:to:)` added to a list the caller keeps: one that held a frame's damage
    /// before has its room already, and the frame allocates nothing for it.
    public static func addDamage(from old: [Layer], to new: [Layer], into damage: inout DamageList) {
        if old.count > linearSearchLimit || new.count > linearSearchLimit {
            hashedDamage(from: old, to: new, into: &damage)
        } else {
            linearDamage(from: old, to: new, into: &damage)
        }
    }

    static func linearDamage(from old: [Layer], to new: [Layer], into damage: inout DamageList) {
        // Usually a dozen layers or fewer: pairing them by a linear search is the cheapest way.
        var lastMatchedIndex = -1
        var orderChanged = false
        for layer in new {
            guard let i = old.firstIndex(where: { $0.key == layer.key }) else {
                damage.add(layer.drawable.bounds)
                continue
            }
            if i < lastMatchedIndex { orderChanged = true }
            lastMatchedIndex = i
            let before = old[i].drawable
            if before == layer.drawable { continue }
            addChange(from: before, to: layer.drawable, into: &damage)
        }
        for layer in old where !new.contains(where: { $0.key == layer.key }) {
            damage.add(layer.drawable.bounds)
        }
        if orderChanged {
            // Rare (an activity moved in the stacking order): redraw everything that moved.
            for layer in new { damage.add(layer.drawable.bounds) }
        }
    }

    /// `damage(from:to:)` for many layers: the same pairing by key, through a table.
    static func hashedDamage(from old: [Layer], to new: [Layer], into damage: inout DamageList) {
        let oldIndex = LayerKeyTable(old), newIndex = LayerKeyTable(new)
        var lastMatchedIndex = -1
        var orderChanged = false
        for layer in new {
            guard let i = oldIndex.index(of: layer.key) else {
                damage.add(layer.drawable.bounds)
                continue
            }
            if i < lastMatchedIndex { orderChanged = true }
            lastMatchedIndex = i
            if old[i].drawable != layer.drawable { addChange(from: old[i].drawable, to: layer.drawable, into: &damage) }
        }
        for layer in old where newIndex.index(of: layer.key) == nil { damage.add(layer.drawable.bounds) }
        if orderChanged {
            for layer in new { damage.add(layer.drawable.bounds) }
        }
    }

    /// Adds what changes from one drawing of a layer to the next: the moved part of a ring
    /// or a bar, or both drawings' boxes.
    static func addChange(from old: Drawable, to new: Drawable, into damage: inout DamageList) {
        if case .ring(let a) = old, case .ring(let b) = new, RingDamage.add(from: a, to: b, into: &damage) { return }
        if case .bar(let a) = old, case .bar(let b) = new, a.sameBar(as: b) {
            b.addDamage(from: a, into: &damage)
            return
        }
        damage.add(old.bounds)
        damage.add(new.bounds)
    }
}
