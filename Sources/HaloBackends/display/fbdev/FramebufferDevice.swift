// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// What an fbdev framebuffer offers once opened: its geometry and layout, the memory the
/// screen scans out, and a flush. `LinuxFramebuffer` is /dev/fbN; tests use memory.
public protocol FramebufferDevice: AnyObject {
    var width: Int32 { get }
    var height: Int32 { get }
    var format: PixelFormat { get }
    /// Bytes from one row of the scanned-out memory to the next (`line_length`).
    var lineLength: Int { get }
    /// The first page of scanned-out memory, `lineLength * height` bytes.
    var memory: UnsafeMutableRawPointer { get }
    /// Tells the driver the memory changed (DRM's fbdev emulation flushes on it).
    func flush()

    /// 2 when the device double-buffers by panning, else 1.
    var pageCount: Int { get }
    /// The memory of page `index` (0 is `memory`).
    func page(_ index: Int) -> UnsafeMutableRawPointer
    /// Makes page `index` the one scanned out (FBIOPAN_DISPLAY).
    func show(page index: Int) throws(DisplayError)
    /// Waits for the next vertical blank where the driver reports one; never for long.
    func waitForVerticalBlank()
}

extension FramebufferDevice {
    public var pageCount: Int { 1 }
    public func page(_ index: Int) -> UnsafeMutableRawPointer { memory }
    public func show(page index: Int) throws(DisplayError) {}
    public func waitForVerticalBlank() {}
}
