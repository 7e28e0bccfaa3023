// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloRender

/// Rectangles across the C boundary: the app's, which may hold any numbers, and Halo's, written
/// into the app's array of the size it gave.
enum RectList {
    /// The part of `r` on `screen`, worked out in 64 bits: an app's rectangle may reach past
    /// the ends of a 32-bit coordinate.
    static func clipped(_ r: halo_rect, to screen: IntRect) -> IntRect {
        guard r.width > 0, r.height > 0 else { return .empty }
        let minX = max(Int64(r.x), Int64(screen.x)), maxX = min(Int64(r.x) + Int64(r.width), Int64(screen.maxX))
        let minY = max(Int64(r.y), Int64(screen.y)), maxY = min(Int64(r.y) + Int64(r.height), Int64(screen.maxY))
        guard minX < maxX, minY < maxY else { return .empty }
        return IntRect(x: Int32(minX), y: Int32(minY), width: Int32(maxX - minX), height: Int32(maxY - minY))
    }

    /// Writes `damage` into `out`, folding whatever does not fit into the last rectangle;
    /// returns how many were written. `out` holds at least one.
    static func write(_ damage: DamageList, to out: UnsafeMutablePointer<halo_rect>, capacity: Int) -> Int {
        let rects = damage.rects
        var written = 0
        for (i, r) in rects.enumerated() {
            if written == capacity {
                let last = out[written - 1]
                let folded = IntRect(x: last.x, y: last.y, width: last.width, height: last.height).union(r)
                out[written - 1] = halo_rect(x: folded.x, y: folded.y, width: folded.width, height: folded.height)
                continue
            }
            out[i] = halo_rect(x: r.x, y: r.y, width: r.width, height: r.height)
            written += 1
        }
        return written
    }
}
