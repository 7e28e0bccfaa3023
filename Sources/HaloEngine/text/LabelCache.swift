import HaloRender

/// Rasterised lines of text, kept between frames: text changes rarely, frames come often.
final class LabelCache {
    struct Key: Hashable {
        var text: String
        var size: Int32
    }

    let text: TextRasterizer
    var masks: [Key: CoverageMask] = [:]
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

    func width(_ line: String, size: Int32) -> Int32 { text.width(of: line, size: size) }
    func lineHeight(size: Int32) -> Int32 { text.lineHeight(size: size) }
}
