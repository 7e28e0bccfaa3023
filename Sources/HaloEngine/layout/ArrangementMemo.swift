// SPDX-License-Identifier: Apache-2.0
/// The centre's arrangement kept from one frame to the next. It follows from which activities
/// are visible and what they are, and from the screen, the theme and the font: all of them
/// change on commands, not on frames. Worked out every frame, with two or more activities on
/// screen, its lists and table were allocated anew each time (libhalo promises frames that
/// allocate nothing).
struct ArrangementMemo {
    /// What `arrange` works out. A struct, not a labelled tuple, for Swift 6.0's optimiser
    /// (see `EdgeSerials`).
    struct Kept {
        var arrangement: CentreArrangement?
        var edges: EdgeSerials
        var edgeLabels: Bool
    }

    /// `Engine.layoutRevision` when it was worked out.
    var revision: UInt64 = .max
    /// The serials of the activities visible then, in order.
    var serials: [UInt32] = []
    var kept = Kept(arrangement: nil, edges: EdgeSerials(), edgeLabels: true)

    /// Whether the arrangement kept is the one for `visible` at `revision`.
    func holds(_ visible: [Activity], revision: UInt64) -> Bool {
        guard revision == self.revision, serials.count == visible.count else { return false }
        for i in visible.indices where visible[i].serial != serials[i] { return false }
        return true
    }

    mutating func keep(_ visible: [Activity], revision: UInt64, _ kept: Kept) {
        self.revision = revision
        serials.removeAll(keepingCapacity: true)
        for a in visible { serials.append(a.serial) }
        self.kept = kept
    }
}
