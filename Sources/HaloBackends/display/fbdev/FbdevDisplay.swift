import HaloEngine
import HaloRender

/// A `Display` on an fbdev framebuffer. Frames are drawn into a shadow buffer in RAM, and only
/// the damaged rectangles are copied to the framebuffer, row by row at its own line length.
public final class FbdevDisplay<Device: FramebufferDevice>: Display {
    public let device: Device
    public let rotation: Rotation
    public var width: Int32 { device.width }
    public var height: Int32 { device.height }
    public var format: PixelFormat { device.format }
    let shadow: ShadowBuffer
    /// Bytes copied to the framebuffer so far (for `stats`).
    public private(set) var bytesPushed: Int64 = 0

    public init(device: Device, rotation: Rotation = .none) {
        self.device = device
        self.rotation = rotation
        shadow = ShadowBuffer(width: device.width, height: device.height, format: device.format)
    }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        body(shadow.target(rotation: rotation))
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        let copied = shadow.copy(damage, to: device.memory, pitch: device.lineLength)
        bytesPushed += copied
        if copied > 0 { device.flush() }
    }
}

extension FbdevDisplay {
    /// Fills the framebuffer with black (the board's `on-exit: blank`).
    public func blank() {
        device.memory.initializeMemory(as: UInt8.self, repeating: 0, count: device.lineLength * Int(height))
        device.flush()
    }
}
