// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// Long display lists are paired through `LayerKeyTable` instead of a linear search; the damage
/// must be the same rectangles in the same order, or the screen would differ.
@Suite("Layer diff")
struct LayerDiffTests {
    /// A display list of `count` boxes with keys and positions drawn from `seed`.
    func list(_ count: Int, seed: inout UInt64, keys: [UInt32]) -> [Layer] {
        (0..<count).map { i in
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let x = Int32(truncatingIfNeeded: (seed >> 33) % 400), y = Int32(truncatingIfNeeded: (seed >> 45) % 400)
            let shade = UInt8(truncatingIfNeeded: seed >> 20)
            return Layer(key: keys[i], .fill(IntRect(x: x, y: y, width: 20, height: 12), Color(r: shade, g: 0, b: 0)))
        }
    }

    @Test("the table pairs long lists exactly as the linear search does: kept, changed, new, gone and reordered layers")
    func hashedEqualsLinear() {
        var seed: UInt64 = 7
        for round in 0..<200 {
            let count = 17 + round % 40
            let keys = (0..<count).map { UInt32($0) << 4 | UInt32(round % 3) }
            let old = list(count, seed: &seed, keys: keys)
            var new = old
            // Change some, drop some, add some, and now and then swap two.
            for i in stride(from: round % 5, to: new.count, by: 7) { new[i] = list(1, seed: &seed, keys: [new[i].key])[0] }
            new.removeAll { $0.key % 11 == UInt32(round % 11) }
            new += list(round % 4, seed: &seed, keys: (0..<(round % 4)).map { 0x8000_0000 | UInt32($0 + round) })
            if round % 6 == 0, new.count > 3 { new.swapAt(1, new.count - 2) }
            var hashed = DamageList(), linear = DamageList()
            LayerDiff.hashedDamage(from: old, to: new, into: &hashed)
            LayerDiff.linearDamage(from: old, to: new, into: &linear)
            #expect(hashed == linear, "round \(round)")
        }
    }

    @Test("keys that collide in the table's low bits are all found")
    func collidingKeys() {
        let keys = (0..<64).map { UInt32($0) << 20 }
        var seed: UInt64 = 3
        let layers = list(keys.count, seed: &seed, keys: keys)
        let table = LayerKeyTable(layers)
        for (i, k) in keys.enumerated() { #expect(table.index(of: k) == i) }
        #expect(table.index(of: 12345) == nil)
    }
}
