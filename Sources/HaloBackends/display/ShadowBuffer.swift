// SPDX-License-Identifier: Apache-2.0
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The frame in RAM that the renderer blends into on fbdev. A mapped framebuffer is often
/// uncached and slow to read, so the fbdev backend draws here and copies only the damaged
/// rectangles out, row by row at the device's own pitch. (DRM draws straight into its dumb
/// buffers: see `DrmDisplay`.)
final class ShadowBuffer {
    let width: Int32
    let height: Int32
    let format: PixelFormat
    let stride: Int
    let memory: UnsafeMutableRawPointer
    private let bytes: Int

    init(width: Int32, height: Int32, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
        stride = Int(width) * Int(format.bytesPerPixel)
        // Fresh pages, which the kernel gives zeroed, so nothing clears them a second time,
        // and all of them at once (MAP_POPULATE): the first frame writes every one, and one
        // page fault apiece (375 at 800x480) cost more than the kernel's single pass.
        bytes = max(1, stride * Int(height))
        let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let mapped, mapped != MAP_FAILED else { fatalError("no memory for a \(width)x\(height) frame") }
        memory = mapped
    }

    deinit { munmap(memory, bytes) }

    var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    func target(rotation: Rotation) -> RenderTarget {
        RenderTarget(memory: memory, width: width, height: height, stride: stride, format: format, rotation: rotation)
    }

    /// Copies `rects` (clipped to the screen) to `destination`; returns the bytes copied.
    @discardableResult
    func copy(_ rects: [IntRect], to destination: UnsafeMutableRawPointer, pitch: Int) -> Int64 {
        RectCopy.copy(
            rects, clippedTo: bounds, bytesPerPixel: Int(format.bytesPerPixel), from: memory, pitch: stride, to: destination, pitch: pitch)
    }
}
