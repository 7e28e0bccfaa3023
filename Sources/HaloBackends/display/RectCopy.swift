// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Copies rectangles of pixels between two buffers of one size and format, row by row at each
/// buffer's own pitch: how a backend brings scan-out memory up to date.
enum RectCopy {
    /// Copies `rects`, clipped to `bounds`, from `source` to `destination`; returns the bytes
    /// copied.
    static func copy(
        _ rects: [IntRect], clippedTo bounds: IntRect, bytesPerPixel bpp: Int,
        from source: UnsafeRawPointer, pitch sourcePitch: Int, to destination: UnsafeMutableRawPointer, pitch destinationPitch: Int
    ) -> Int64 {
        var copied: Int64 = 0
        for r in rects {
            let area = r.intersection(bounds)
            if area.isEmpty { continue }
            let bytes = Int(area.width) * bpp
            for y in Int(area.y)..<Int(area.maxY) {
                let offset = Int(area.x) * bpp
                (destination + y * destinationPitch + offset).copyMemory(from: source + y * sourcePitch + offset, byteCount: bytes)
            }
            copied += Int64(bytes) * Int64(area.height)
        }
        return copied
    }
}
