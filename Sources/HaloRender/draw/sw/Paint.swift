/// A colour prepared for one pixel layout: packed once, so solid runs are plain stores.
struct Paint<Layout: PixelLayout> {
    let color: Color
    let packed: UInt32
    let opaque: Bool

    
    init(_ color: Color) {
        self.color = color
        self.packed = Layout.pack(color)
        self.opaque = color.a == 255
    }

    var visible: Bool { color.a != 0 }

    /// Paints one pixel with coverage `coverage` (Q8, 0...256).
    func cover(_ p: UnsafeMutableRawPointer, _ coverage: Int32) {
        if coverage >= 256 && opaque {
            Layout.store(packed, p)
        } else if coverage > 0 {
            Layout.blend(p, color, alpha: Blend.weight(coverage: coverage, alpha: color.a))
        }
    }

    /// Paints `count` fully covered pixels starting at `p`, `step` bytes apart.
    func run(_ p: UnsafeMutableRawPointer, count: Int, step: Int) {
        if count <= 0 { return }
        var q = p
        if opaque {
            if Layout.bytesPerPixel == 4 && step == 4 {
                q.bindMemory(to: UInt32.self, capacity: count).update(repeating: packed, count: count)
                return
            }
            for _ in 0..<count {
                Layout.store(packed, q)
                q += step
            }
        } else {
            let alpha = UInt32(color.a)
            for _ in 0..<count {
                Layout.blend(q, color, alpha: alpha)
                q += step
            }
        }
    }
}
