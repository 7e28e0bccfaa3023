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
    }

    let text: TextRasterizer
    var masks: [Key: CoverageMask] = [:]
    var layouts: [LayoutKey: LabelLayout.Result] = [:]
    static let capacity = 64

    init(_ text: TextRasterizer) { self.text = text }

    func mask(_ line: String, size: Int32) -> CoverageMask {
        let key = Key(text: line, size: size)
        if let m = masks[key] { return m }
        if masks.count >= LabelCache.capacity { masks.removeAll(keepingCapacity: true) }
        let m = text.render(line, size: size)
        masks[key] = m
        return m
    }

    /// `text` broken into at most two lines of at most `maxWidth` pixels (see `LabelLayout`).
    func layout(_ line: String, size: Int32, maxWidth: Int32) -> LabelLayout.Result {
        let key = LayoutKey(text: line, size: size, maxWidth: maxWidth)
        if let r = layouts[key] { return r }
        if layouts.count >= LabelCache.capacity { layouts.removeAll(keepingCapacity: true) }
        let r = LabelLayout.lines(line, maxWidth: maxWidth) { text.width(of: $0, size: size) }
        layouts[key] = r
        return r
    }

    func width(_ line: String, size: Int32) -> Int32 { text.width(of: line, size: size) }
    func lineHeight(size: Int32) -> Int32 { text.lineHeight(size: size) }
}
