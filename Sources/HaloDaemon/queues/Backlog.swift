// SPDX-License-Identifier: Apache-2.0
/// Things read and not yet handled, oldest first: one array read from `start`, emptied
/// (keeping its room) once all are taken, so taking one costs no copy. Bounded by its owner,
/// which reads no more while any wait.
struct Backlog<Element> {
    private var items: [Element] = []
    private var start = 0

    var isEmpty: Bool { start == items.count }
    /// The next to take, without taking it.
    var first: Element? { isEmpty ? nil : items[start] }

    mutating func append<S: Sequence>(contentsOf more: S) where S.Element == Element { items.append(contentsOf: more) }
    mutating func append(_ item: Element) { items.append(item) }

    mutating func take() -> Element? {
        guard !isEmpty else { return nil }
        let item = items[start]
        start += 1
        if start == items.count { removeAll() }
        return item
    }

    mutating func removeAll() {
        items.removeAll(keepingCapacity: true)
        start = 0
    }
}
