// SPDX-License-Identifier: Apache-2.0
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The frame in RAM that the renderer blends into. Scan-out memory (a mapped framebuffer or
/// dumb buffer) is often uncached and slow to read, so backends draw here and copy only the
/// damaged rectangles out, row by row at the destination's own pitch.
final class ShadowBuffer {
    let width: Int32
    let height: Int32
    let format: PixelFormat
    let stride: Int
    let memory: UnsafeMutableRawPointer

    init(width: Int32, height: Int32, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
        stride = Int(width) * Int(format.bytesPerPixel)
        // calloc: a frame this large comes as fresh pages the kernel gives zeroed, so nothing
        // clears it a second time (1.5 MB at 800x480, on the path to a splash's first frame).
        guard let zeroed = calloc(1, max(1, stride * Int(height))) else { fatalError("no memory for a \(width)x\(height) frame") }
        memory = zeroed
    }

    deinit { free(memory) }

    var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    func target(rotation: Rotation) -> RenderTarget {
        RenderTarget(memory: memory, width: width, height: height, stride: stride, format: format, rotation: rotation)
    }

    /// Copies `rects` (clipped to the screen) to `destination`; returns the bytes copied.
    @discardableResult
    func copy(_ rects: [IntRect], to destination: UnsafeMutableRawPointer, pitch: Int) -> Int64 {
        let bpp = Int(format.bytesPerPixel)
        var copied: Int64 = 0
        for r in rects {
            let area = r.intersection(bounds)
            if area.isEmpty { continue }
            let bytes = Int(area.width) * bpp
            for y in Int(area.y)..<Int(area.maxY) {
                let from = memory + y * stride + Int(area.x) * bpp
                let to = destination + y * pitch + Int(area.x) * bpp
                to.copyMemory(from: from, byteCount: bytes)
            }
            copied += Int64(bytes) * Int64(area.height)
        }
        return copied
    }
}
