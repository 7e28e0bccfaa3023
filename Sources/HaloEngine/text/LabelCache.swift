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
    var masks: [Key: CoverageMask] = [:]
    var layouts: [LayoutKey: LabelLayout.Result] = [:]
    static let capacity = 64

    /// Made with room for what it holds, at start rather than on the first label drawn.
    init(_ text: TextRasterizer) {
        self.text = text
        masks.reserveCapacity(LabelCache.capacity)
        layouts.reserveCapacity(LabelCache.capacity)
        recentMasks.reserveCapacity(LabelCache.recentCount)
        recentLayouts.reserveCapacity(LabelCache.recentCount)
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
        if let known = masks[key] {
            m = known
        } else {
            if masks.count >= LabelCache.capacity { masks.removeAll(keepingCapacity: true) }
            m = text.render(line, size: size)
            masks[key] = m
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
        if let known = layouts[key] {
            r = known
        } else {
            if layouts.count >= LabelCache.capacity { layouts.removeAll(keepingCapacity: true) }
            r = LabelLayout.lines(line, maxWidth: maxWidth, maxLines: maxLines) { text.width(of: $0, size: size) }
            layouts[key] = r
        }
        if recentLayouts.count >= LabelCache.recentCount { recentLayouts.removeFirst() }
        recentLayouts.append((key, r))
        return r
    }

    func width(_ line: String, size: Int32) -> Int32 { text.width(of: line, size: size) }
    func lineHeight(size: Int32) -> Int32 { text.lineHeight(size: size) }
}
