// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// A text rasteriser with fixed metrics (8 px per character, 20 px lines), so layout, state and
/// backend tests do not depend on a font. Each character draws as a solid block.
public final class BlockText: TextRasterizer {
    public init() {}
    public func lineHeight(size: Int32) -> Int32 { 20 }
    /// 8 px a character; a format character (a direction mark) is drawn as nothing.
    public func width(of text: String, size: Int32) -> Int32 {
        Int32(text.filter { $0.unicodeScalars.first?.properties.generalCategory != .format }.count) * 8
    }
    /// 8 px on the first scalar of each character, as `width(of:)` counts them.
    public func scalarAdvances(of text: String, size: Int32) -> [Int32]? { Self.advances(text) }

    public static func advances(_ text: String) -> [Int32] {
        var out: [Int32] = []
        for c in text {
            for (k, s) in c.unicodeScalars.enumerated() {
                out.append(k == 0 && s.properties.generalCategory != .format ? 8 * 64 : 0)
            }
        }
        return out
    }

    /// Right to left when the first letter is Hebrew or Arabic (the rule FriBidi follows, for
    /// the letters tests use).
    public func isRightToLeft(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first(where: { $0.properties.isAlphabetic }) else { return false }
        return (0x0590...0x08FF).contains(first.value)
    }
    public func render(_ text: String, size: Int32) -> CoverageMask {
        let w = max(1, width(of: text, size: size))
        return CoverageMask(width: w, height: 20, coverage: [UInt8](repeating: 255, count: Int(w) * 20))
    }
}
