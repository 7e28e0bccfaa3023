// SPDX-License-Identifier: Apache-2.0
/// Pixel memory described at run time: what a display hands the renderer each frame.
/// The renderer picks the specialised code for `format` once per frame, not per pixel.
public struct RenderTarget {
    public var memory: UnsafeMutableRawPointer
    public var width: Int32
    public var height: Int32
    /// Bytes from one physical row to the next; at least `width * bytesPerPixel`.
    public var stride: Int
    public var format: PixelFormat
    public var rotation: Rotation

    public init(memory: UnsafeMutableRawPointer, width: Int32, height: Int32, stride: Int, format: PixelFormat, rotation: Rotation = .none)
    {
        self.memory = memory
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.rotation = rotation
    }

    /// The picture's size as the user sees it, after rotation.
    public var logicalSize: (width: Int32, height: Int32) { rotation.logicalSize(width: width, height: height) }

    public func canvas<Layout: PixelLayout>(_ layout: Layout.Type) -> Canvas<Layout> {
        Canvas(memory: memory, physicalWidth: width, physicalHeight: height, stride: stride, rotation: rotation)
    }

    /// A logical rectangle as the physical rectangle it occupies in memory (for flushing).
    public func physicalRect(_ r: IntRect) -> IntRect {
        switch rotation {
        case .none: return r
        case .quarter: return IntRect(x: width - r.maxY, y: r.x, width: r.height, height: r.width)
        case .half: return IntRect(x: width - r.maxX, y: height - r.maxY, width: r.width, height: r.height)
        case .threeQuarters: return IntRect(x: r.y, y: height - r.maxX, width: r.height, height: r.width)
        }
    }
}

extension Compositor {
    /// Renders into memory of any supported format; see `render(_:into:)` for a canvas.
    @discardableResult
    public mutating func render(_ layers: [Layer], into target: RenderTarget) -> DamageList {
        switch target.format {
        case .xrgb8888: return render(layers, into: target.canvas(XRGB8888.self))
        case .argb8888: return render(layers, into: target.canvas(ARGB8888.self))
        case .xbgr8888: return render(layers, into: target.canvas(XBGR8888.self))
        case .abgr8888: return render(layers, into: target.canvas(ABGR8888.self))
        case .rgb565: return render(layers, into: target.canvas(RGB565.self))
        case .bgr565: return render(layers, into: target.canvas(BGR565.self))
        case .rgb888: return render(layers, into: target.canvas(RGB888.self))
        case .bgr888: return render(layers, into: target.canvas(BGR888.self))
        case .premultipliedARGB8888: return render(layers, into: target.canvas(PremultipliedARGB8888.self))
        }
    }
}
