// SPDX-License-Identifier: Apache-2.0
/// The last things the engine did on its own (a lease ended, a request carried out), kept
/// until its host asks so it can log and announce them; at most `capacity`, oldest dropped
/// first, so an engine whose host never asks holds a bounded list.
struct RecentList<Element> {
    static var capacity: Int { 64 }
    private var items: [Element] = []

    mutating func record(_ item: Element) {
        if items.count >= Self.capacity { items.removeFirst() }
        items.append(item)
    }

    mutating func take() -> [Element] {
        defer { items.removeAll() }
        return items
    }
}
