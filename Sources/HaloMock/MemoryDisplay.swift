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
    /// The framebuffer: owned by the display and zeroed at the start, as a mapped one is, and
    /// handed to each frame as it stands, with no array access in between.
    private let pixels: UnsafeMutableRawPointer
    /// The framebuffer's bytes, `stride` to a row (a copy).
    public var memory: [UInt8] { Array(UnsafeRawBufferPointer(start: pixels, count: stride * Int(height))) }
    /// Every `present` call's damage, newest last (bounded).
    public private(set) var presented: [[IntRect]] = []

    public init(width: Int32, height: Int32, format: PixelFormat, rotation: Rotation = .none, stridePadding: Int = 0) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.stride = Int(width * format.bytesPerPixel) + stridePadding
        let byteCount = max(1, stride * Int(height))
        pixels = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    }

    deinit { pixels.deallocate() }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        body(RenderTarget(memory: pixels, width: width, height: height, stride: stride, format: format, rotation: rotation))
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        if presented.count >= 64 { presented.removeFirst() }
        presented.append(damage)
    }

    /// The physical picture (as scanned out) as 8-bit RGB, row after row.
    public func rgb() -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(width * height) * 3)
        let target = RenderTarget(memory: pixels, width: width, height: height, stride: stride, format: format)
        switch format {
        case .xrgb8888: copy(target.canvas(XRGB8888.self), &out)
        case .argb8888: copy(target.canvas(ARGB8888.self), &out)
        case .xbgr8888: copy(target.canvas(XBGR8888.self), &out)
        case .abgr8888: copy(target.canvas(ABGR8888.self), &out)
        case .rgb565: copy(target.canvas(RGB565.self), &out)
        case .bgr565: copy(target.canvas(BGR565.self), &out)
        case .rgb888: copy(target.canvas(RGB888.self), &out)
        case .bgr888: copy(target.canvas(BGR888.self), &out)
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
