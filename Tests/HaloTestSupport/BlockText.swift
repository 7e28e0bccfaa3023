// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// A text rasteriser with fixed metrics (8 px per character, 20 px lines), so layout, state and
/// backend tests do not depend on a font. Each character draws as a solid block.
public final class BlockText: TextRasterizer {
    public init() {}
    public func lineHeight(size: Int32) -> Int32 { 20 }
    public func width(of text: String, size: Int32) -> Int32 { Int32(text.count) * 8 }
    public func render(_ text: String, size: Int32) -> CoverageMask {
        let w = max(1, width(of: text, size: size))
        return CoverageMask(width: w, height: 20, coverage: [UInt8](repeating: 255, count: Int(w) * 20))
    }
}
