// SPDX-License-Identifier: Apache-2.0

/// The centre arrangement's slot for each activity, by serial. A frame looks every activity up:
/// a dictionary would hash each serial in the standard library's shared code, which a splash
/// otherwise never runs and so keeps mapped for this alone. The group holds a handful of
/// activities (at most `Engine.maximumActivities`), so the entries are searched in order.
struct SlotTable {
    struct Entry {
        var serial: UInt32
        var slot: CentreArrangement.Slot
    }

    private(set) var entries: [Entry] = []

    subscript(serial: UInt32) -> CentreArrangement.Slot? {
        get {
            for e in entries where e.serial == serial { return e.slot }
            return nil
        }
        set {
            let at = entries.firstIndex { $0.serial == serial }
            switch (at, newValue) {
            case (let i?, let slot?): entries[i].slot = slot
            case (let i?, nil): entries.remove(at: i)
            case (nil, let slot?): entries.append(Entry(serial: serial, slot: slot))
            case (nil, nil): break
            }
        }
    }
}
