import HaloEngine
import HaloRender

/// A `Display` on an fbdev framebuffer. Frames are drawn into a shadow buffer in RAM, and only
/// the damaged rectangles are copied to the framebuffer, row by row at its own line length:
/// framebuffer memory is often uncached and slow to read, so the renderer never blends on it.
public final class FbdevDisplay<Device: FramebufferDevice>: Display {
    public let device: Device
    public let rotation: Rotation
    public var width: Int32 { device.width }
    public var height: Int32 { device.height }
    public var format: PixelFormat { device.format }
    let shadow: UnsafeMutableRawPointer
    let shadowStride: Int
    /// Bytes copied to the framebuffer so far (for `stats`).
    public private(set) var bytesPushed: Int64 = 0

    public init(device: Device, rotation: Rotation = .none) {
        self.device = device
        self.rotation = rotation
        shadowStride = Int(device.width) * Int(device.format.bytesPerPixel)
        let bytes = max(1, shadowStride * Int(device.height))
        shadow = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        shadow.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    deinit { shadow.deallocate() }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        body(RenderTarget(memory: shadow, width: width, height: height, stride: shadowStride, format: format, rotation: rotation))
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        let bpp = Int(format.bytesPerPixel)
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        var copied = false
        for r in damage {
            let area = r.intersection(screen)
            if area.isEmpty { continue }
            let bytes = Int(area.width) * bpp
            for y in Int(area.y)..<Int(area.maxY) {
                let from = shadow + y * shadowStride + Int(area.x) * bpp
                let to = device.memory + y * device.lineLength + Int(area.x) * bpp
                to.copyMemory(from: from, byteCount: bytes)
            }
            bytesPushed += Int64(bytes) * Int64(area.height)
            copied = true
        }
        if copied { device.flush() }
    }
}
