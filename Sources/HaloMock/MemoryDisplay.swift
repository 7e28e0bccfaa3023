// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// A display in memory, in the board's pixel format, with an optional padded stride so that
/// code which ignores the stride is caught. Its pictures can be saved as PNG.
///
/// In the premultiplied format it stands in for the Wayland overlay: Halo's background is
/// clear, its pictures show the frame laid over `backdrop` (an app of one colour) as a
/// compositor lays it, and the input region it is given is kept.
public final class MemoryDisplay: SnapshotSource, OverlayDisplay {
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
    /// Every `present` call's damage, newest last (bounded). Written on every frame from the
    /// one thread that draws: unchecked at run time, so the benchmarks count Halo's work rather
    /// than the mock's bookkeeping.
    @exclusivity(unchecked) public private(set) var presented: [[IntRect]] = []

    /// The app under a premultiplied frame, in its pictures (`screen.backdrop`).
    public var backdrop = Color.black
    /// The input region last set: where touches would reach Halo over an app.
    public private(set) var inputRegion: [IntRect] = []
    public var laidOverAnApp: Bool { format == .premultipliedARGB8888 }
    public func setInputRegion(_ rects: [IntRect]) { inputRegion = rects }

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
        case .premultipliedARGB8888: copy(OverApp(canvas: target.canvas(PremultipliedARGB8888.self), app: backdrop), &out)
        }
        return out
    }

    func copy<P: PhysicalPicture>(_ physical: P, _ out: inout [UInt8]) {
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
        var out: [UInt8] = []
        try writePNG { (piece: ArraySlice<UInt8>) throws(PNGError) in out += piece }
        return out
    }

    /// The picture as a PNG, handed to `sink` in pieces as it is compressed, read from the
    /// framebuffer a row at a time: a snapshot of a large board costs two rows of memory, not
    /// a copy of the screen.
    public func writeSnapshot(_ sink: (ArraySlice<UInt8>) -> Bool) throws(DisplayError) {
        var stopped = false
        do {
            // The fastest compression: a snapshot is taken inside the daemon's loop.
            try writePNG(level: 1) { (piece: ArraySlice<UInt8>) throws(PNGError) in
                if !stopped && !sink(piece) { stopped = true }
            }
        } catch {
            throw DisplayError("cannot encode the picture as PNG: \(error.description)")
        }
    }

    public func writePNG(level: Int32 = 6, _ sink: (ArraySlice<UInt8>) throws(PNGError) -> Void) throws(PNGError) {
        let target = RenderTarget(memory: pixels, width: width, height: height, stride: stride, format: format)
        switch format {
        case .xrgb8888: try stream(target.canvas(XRGB8888.self), level, sink)
        case .argb8888: try stream(target.canvas(ARGB8888.self), level, sink)
        case .xbgr8888: try stream(target.canvas(XBGR8888.self), level, sink)
        case .abgr8888: try stream(target.canvas(ABGR8888.self), level, sink)
        case .rgb565: try stream(target.canvas(RGB565.self), level, sink)
        case .bgr565: try stream(target.canvas(BGR565.self), level, sink)
        case .rgb888: try stream(target.canvas(RGB888.self), level, sink)
        case .bgr888: try stream(target.canvas(BGR888.self), level, sink)
        case .premultipliedARGB8888: try stream(OverApp(canvas: target.canvas(PremultipliedARGB8888.self), app: backdrop), level, sink)
        }
    }

    func stream<P: PhysicalPicture>(_ physical: P, _ level: Int32, _ sink: (ArraySlice<UInt8>) throws(PNGError) -> Void)
        throws(PNGError)
    {
        try PNGEncoder.stream(
            width: width, height: height, level: level,
            row: { y, row in
                var i = 0
                for x in 0..<physical.width {
                    let c = physical.pixel(x, Int32(y))
                    row[i] = c.r
                    row[i + 1] = c.g
                    row[i + 2] = c.b
                    i += 3
                }
            }, sink: sink)
    }
}

/// What a picture is read from, pixel by pixel: the framebuffer as stored, or an overlay's
/// frame as it looks over the app.
protocol PhysicalPicture {
    var width: Int32 { get }
    var height: Int32 { get }
    func pixel(_ x: Int32, _ y: Int32) -> Color
}

extension Canvas: PhysicalPicture {}

/// A premultiplied frame laid over an app of one colour, as a compositor lays it.
struct OverApp: PhysicalPicture {
    let canvas: Canvas<PremultipliedARGB8888>
    let app: Color
    var width: Int32 { canvas.width }
    var height: Int32 { canvas.height }
    func pixel(_ x: Int32, _ y: Int32) -> Color {
        PremultipliedARGB8888.over(PremultipliedARGB8888.load(canvas.address(x, y)), app: app)
    }
}
