// SPDX-License-Identifier: Apache-2.0
/// Where each layer key of a display list sits: an open-addressing table of integers, so that
/// pairing two long display lists costs time linear in their length. (The standard library's
/// Dictionary works out its capacity in floating point, which the core may not use.)
struct LayerKeyTable {
    /// Slots hold an index into the list, or -1 when empty; their count is a power of two at
    /// least twice the list's length, so probes stay short.
    private var slots: [Int32]
    private let mask: Int
    private let keys: [UInt32]

    init(_ layers: [Layer]) {
        var size = 16
        while size < layers.count * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        mask = size - 1
        keys = layers.map { $0.key }
        for i in keys.indices {
            var s = LayerKeyTable.slot(keys[i], mask)
            while slots[s] >= 0 {
                // A key listed twice keeps its first place, as a linear search would find it.
                if keys[Int(slots[s])] == keys[i] { break }
                s = (s + 1) & mask
            }
            if slots[s] < 0 { slots[s] = Int32(truncatingIfNeeded: i) }
        }
    }

    /// The index of `key` in the list, or nil.
    func index(of key: UInt32) -> Int? {
        var s = LayerKeyTable.slot(key, mask)
        while slots[s] >= 0 {
            let i = Int(slots[s])
            if keys[i] == key { return i }
            s = (s + 1) & mask
        }
        return nil
    }

    /// Fibonacci hashing: keys are serials shifted left, so their low bits alone would cluster.
    private static func slot(_ key: UInt32, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> 7) & mask
    }
}
