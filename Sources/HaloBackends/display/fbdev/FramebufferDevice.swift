import HaloRender

/// What an fbdev framebuffer offers once opened: its geometry and layout, the memory the
/// screen scans out, and a flush. `LinuxFramebuffer` is /dev/fbN; tests use memory.
public protocol FramebufferDevice: AnyObject {
    var width: Int32 { get }
    var height: Int32 { get }
    var format: PixelFormat { get }
    /// Bytes from one row of the scanned-out memory to the next (`line_length`).
    var lineLength: Int { get }
    /// The scanned-out memory, `lineLength * height` bytes.
    var memory: UnsafeMutableRawPointer { get }
    /// Tells the driver the memory changed (DRM's fbdev emulation flushes on it).
    func flush()
}
