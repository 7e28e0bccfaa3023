// SPDX-License-Identifier: Apache-2.0
/// A table of values kept between frames, bounded in entries and in bytes, that drops the
/// least recently used half when it is full. Dropping everything at once (as a plain table
/// would) makes a screen whose labels do not all fit work every one of them out again on every
/// frame; dropping the oldest half costs a sort now and then, and keeps whatever is on screen.
struct BoundedCache<Key: Hashable, Value> {
    struct Entry {
        var value: Value
        var cost: Int
        var used: UInt64
    }

    let capacity: Int
    let costLimit: Int
    var entries: [Key: Entry] = [:]
    var totalCost = 0
    var clock: UInt64 = 0

    init(capacity: Int, costLimit: Int) {
        self.capacity = max(1, capacity)
        self.costLimit = max(1, costLimit)
    }

    var count: Int { entries.count }

    /// The value for `key`, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard var e = entries[key] else { return nil }
        clock &+= 1
        e.used = clock
        entries[key] = e
        return e.value
    }

    /// Keeps `value` under `key`; `cost` is what it holds, in bytes.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        if let old = entries[key] { totalCost -= old.cost }
        if entries.count >= capacity || totalCost + cost > costLimit { dropOldestHalf() }
        clock &+= 1
        entries[key] = Entry(value: value, cost: cost, used: clock)
        totalCost += cost
    }

    mutating func dropOldestHalf() {
        let stamps = entries.values.map(\.used).sorted()
        guard !stamps.isEmpty else { return }
        let cut = stamps[stamps.count / 2]
        entries = entries.filter { $0.value.used > cut }
        totalCost = entries.values.reduce(0) { $0 + $1.cost }
    }
}
