import HaloEngine
import HaloRender

/// A display in memory, in the board's pixel format, with an optional padded stride so that
/// code which ignores the stride is caught. Its pictures can be saved as PNG.
public final class MemoryDisplay: Display {
    public let width: Int32
    public let height: Int32
    public let format: PixelFormat
    public let rotation: Rotation
    public let stride: Int
    public private(set) var memory: [UInt8]
    /// Every `present` call's damage, newest last (bounded).
    public private(set) var presented: [[IntRect]] = []

    public init(width: Int32, height: Int32, format: PixelFormat, rotation: Rotation = .none, stridePadding: Int = 0) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.stride = Int(width * format.bytesPerPixel) + stridePadding
        self.memory = [UInt8](repeating: 0, count: stride * Int(height))
    }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        let (w, h, s, f, r) = (width, height, stride, format, rotation)
        return memory.withUnsafeMutableBytes { raw in
            body(RenderTarget(memory: raw.baseAddress!, width: w, height: h, stride: s, format: f, rotation: r))
        }
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        if presented.count >= 64 { presented.removeFirst() }
        presented.append(damage)
    }

    /// The physical picture (as scanned out) as 8-bit RGB, row after row.
    public func rgb() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(width * height) * 3)
        let (w, h, s, f) = (width, height, stride, format)
        memory.withUnsafeMutableBytes { raw in
            let target = RenderTarget(memory: raw.baseAddress!, width: w, height: h, stride: s, format: f)
            switch f {
            case .xrgb8888: copy(target.canvas(XRGB8888.self), &out)
            case .argb8888: copy(target.canvas(ARGB8888.self), &out)
            case .xbgr8888: copy(target.canvas(XBGR8888.self), &out)
            case .abgr8888: copy(target.canvas(ABGR8888.self), &out)
            case .rgb565: copy(target.canvas(RGB565.self), &out)
            case .bgr565: copy(target.canvas(BGR565.self), &out)
            case .rgb888: copy(target.canvas(RGB888.self), &out)
            case .bgr888: copy(target.canvas(BGR888.self), &out)
            }
        }
        return out
    }

    func copy<L: PixelLayout>(_ physical: Canvas<L>, _ out: inout [UInt8]) {
        var i = 0
        for y in 0..<physical.height {
            for x in 0..<physical.width {
                let c = physical.pixel(x, y)
                out[i] = c.r
                out[i + 1] = c.g
                out[i + 2] = c.b
                i += 3
            }
        }
    }

    /// The picture as a PNG file's bytes.
    public func png() throws(PNGError) -> [UInt8] {
        try PNGEncoder.encode(width: width, height: height, rgb: rgb())
    }
}
