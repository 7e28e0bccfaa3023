// SPDX-License-Identifier: Apache-2.0
import HaloRender

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
        let bytes = max(1, stride * Int(height))
        memory = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    }

    deinit { memory.deallocate() }

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
