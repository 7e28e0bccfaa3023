// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Rasterised lines of text and label layouts, kept between frames: text changes rarely,
/// frames come often, and measuring a label glyph by glyph every frame would cost more than
/// drawing the indicator.
final class LabelCache {
    struct Key: Hashable {
        var text: String
        var size: Int32
    }

    struct LayoutKey: Hashable {
        var text: String
        var size: Int32
        var maxWidth: Int32
        var maxLines: Int
    }

    let text: TextRasterizer
    /// Sized for what can be on screen at once: every activity Halo keeps with two lines, in
    /// two sizes (a leading label and a compact row), and the toasts; and at most 8 MiB of
    /// rasterised lines, whatever fonts and sizes a board sets.
    static let capacity = Engine.maximumActivities * 4 + ToastQueue.capacity * 2
    static let maskBytes = 8 << 20
    var masks = BoundedCache<Key, CoverageMask>(capacity: LabelCache.capacity, costLimit: LabelCache.maskBytes)
    var layouts = BoundedCache<LayoutKey, LabelLayout.Result>(capacity: LabelCache.capacity, costLimit: Int.max)

    /// Made with room for what it holds, at start rather than on the first label drawn.
    init(_ text: TextRasterizer) {
        self.text = text
        masks.entries.reserveCapacity(LabelCache.capacity)
        layouts.entries.reserveCapacity(LabelCache.capacity)
        recentMasks.reserveCapacity(LabelCache.recentCount)
        recentLayouts.reserveCapacity(LabelCache.recentCount)
        joins.reserveCapacity(LabelCache.joinCount)
        directions.reserveCapacity(LabelCache.joinCount)
    }

    /// The last few lookups, checked before the dictionaries: a frame asks again for the
    /// strings it asked for last frame, and comparing a string with itself is cheaper than
    /// hashing it.
    var recentMasks: [(key: Key, mask: CoverageMask)] = []
    var recentLayouts: [(key: LayoutKey, result: LabelLayout.Result)] = []
    static let recentCount = 8

    func mask(_ line: String, size: Int32) -> CoverageMask {
        let key = Key(text: line, size: size)
        if let hit = recentMasks.first(where: { $0.key == key }) { return hit.mask }
        let m: CoverageMask
        if let known = masks.value(for: key) {
            m = known
        } else {
            m = text.render(line, size: size)
            masks.insert(m, for: key, cost: m.coverage.count + line.utf8.count)
        }
        if recentMasks.count >= LabelCache.recentCount { recentMasks.removeFirst() }
        recentMasks.append((key, m))
        return m
    }

    /// `text` broken into at most `maxLines` lines of at most `maxWidth` pixels (see `LabelLayout`).
    func layout(_ line: String, size: Int32, maxWidth: Int32, maxLines: Int = LabelLayout.maximumLines) -> LabelLayout.Result {
        let key = LayoutKey(text: line, size: size, maxWidth: maxWidth, maxLines: maxLines)
        if let hit = recentLayouts.first(where: { $0.key == key }) { return hit.result }
        let r: LabelLayout.Result
        if let known = layouts.value(for: key) {
            r = known
        } else {
            var laid = LabelLayout.lines(
                line, maxWidth: maxWidth, maxLines: maxLines, measure: { text.width(of: $0, size: size) },
                advances: text.scalarAdvances(of: line, size: size))
            laid.rightToLeft = isRightToLeft(line)
            // Each line is ordered on its own: one that starts with a Latin word would read left
            // to right, so it is told with a right-to-left mark (drawn as nothing).
            if laid.rightToLeft { laid.lines = laid.lines.map { isRightToLeft($0) ? $0 : "\u{200F}" + $0 } }
            r = laid
            layouts.insert(r, for: key, cost: 1)
        }
        if recentLayouts.count >= LabelCache.recentCount { recentLayouts.removeFirst() }
        recentLayouts.append((key, r))
        return r
    }

    /// Labels joined with their values ("Uploading photos 40%"), the latest first. Joined anew
    /// every frame, a label longer than a small string's 15 bytes would allocate each time.
    var joins: [(label: String, value: String, joined: String)] = []
    /// Room for every activity's label on screen at once, and a few more.
    static let joinCount = 16

    /// `label` and `value` as one line, from `joins` when they were joined lately.
    func joined(_ label: String, _ value: String) -> String {
        if let hit = joins.first(where: { $0.label == label && $0.value == value }) { return hit.joined }
        let line = label + " " + value
        if joins.count >= LabelCache.joinCount { joins.removeLast() }
        joins.insert((label, value, line), at: 0)
        return line
    }

    /// Labels asked about lately and whether each reads right to left.
    var directions: [(text: String, rightToLeft: Bool)] = []

    /// Whether `line` reads right to left. Asked every frame for every bar and row, so a line
    /// with no character of a right-to-left script (all of them lie at U+0590 and above,
    /// whose UTF-8 starts at 0xD6) is answered without asking the text.
    func isRightToLeft(_ line: String) -> Bool {
        if line.utf8.allSatisfy({ $0 < 0xD6 }) { return false }
        if let hit = directions.first(where: { $0.text == line }) { return hit.rightToLeft }
        let answer = text.isRightToLeft(line)
        if directions.count >= LabelCache.joinCount { directions.removeLast() }
        directions.insert((line, answer), at: 0)
        return answer
    }

    func width(_ line: String, size: Int32) -> Int32 { text.width(of: line, size: size) }
    func lineHeight(size: Int32) -> Int32 { text.lineHeight(size: size) }
}
