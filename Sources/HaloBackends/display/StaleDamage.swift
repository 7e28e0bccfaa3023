// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Buffer age for a display with several scan-out buffers: for each buffer, the damage shown
/// since it was last on screen. Before a buffer is shown again it is repaired with that union,
/// so the renderer only ever draws what changed since the previous frame.
struct StaleDamage {
    /// More rectangles than this are merged into their bounding box.
    static let limit = 16
    private(set) var perBuffer: [[IntRect]]

    init(buffers: Int) { perBuffer = Array(repeating: [], count: buffers) }

    /// What buffer `index` needs besides the new frame's damage; clears its record.
    mutating func take(_ index: Int) -> [IntRect] {
        defer { perBuffer[index] = [] }
        return perBuffer[index]
    }

    /// What to copy into buffer `index` for a frame with `damage`: the frame's own rectangles
    /// and what was shown while that buffer was off screen. The frame is recorded against the
    /// other buffers.
    mutating func repair(_ index: Int, for damage: [IntRect]) -> [IntRect] {
        let rects = Self.withoutContained(damage + take(index))
        shown(damage, except: index)
        return rects
    }

    /// `rects` less those another one holds whole (of equal ones, the first stays): a buffer
    /// wholly out of date is copied once, not once more for each rectangle of the frame.
    static func withoutContained(_ rects: [IntRect]) -> [IntRect] {
        rects.enumerated().filter { i, rect in
            !rects.enumerated().contains { j, other in j != i && other.contains(rect) && (other != rect || j < i) }
        }.map(\.element)
    }

    /// Records a frame's damage against every buffer except the one it was drawn into.
    mutating func shown(_ damage: [IntRect], except index: Int?) {
        for i in perBuffer.indices where i != index { add(damage, to: i) }
    }

    private mutating func add(_ damage: [IntRect], to i: Int) {
        perBuffer[i].append(contentsOf: damage.filter { !$0.isEmpty })
        if perBuffer[i].count > Self.limit {
            perBuffer[i] = [perBuffer[i].dropFirst().reduce(perBuffer[i][0]) { $0.union($1) }]
        }
    }
}
