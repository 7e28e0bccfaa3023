// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Turns one line of text into a coverage mask. FreeType implements it on devices; tests may
/// use any implementation. Sizes are pixel heights of the em square.
public protocol TextRasterizer: AnyObject {
    /// Distance from one baseline to the next.
    func lineHeight(size: Int32) -> Int32
    /// Advance width of the line, in whole pixels.
    func width(of text: String, size: Int32) -> Int32
    /// The line drawn into a mask `width(of:)` wide and `lineHeight` tall.
    func render(_ text: String, size: Int32) -> CoverageMask
    /// Gets ready to draw text at `sizes` before it is first asked for (a font rasterises the
    /// printable ASCII glyphs), so that the first label, toast or checkout on screen pays only
    /// for drawing it. A daemon does this at start.
    func prepare(sizes: [Int32])
    /// Whether the line reads right to left (its first strong letter is Hebrew, Arabic or of
    /// another right-to-left script), so that it is aligned from the right.
    func isRightToLeft(_ text: String) -> Bool
    /// Each scalar's advance in 64ths of a pixel from one shaping of the whole line (a glyph's
    /// on the first scalar of its cluster, 0 on the rest), so that a label's candidate lines
    /// are measured by addition; nil when the text cannot say (each line is then measured).
    func scalarAdvances(of text: String, size: Int32) -> [Int32]?
    /// What went wrong drawing text since the last call, each thing said once, with its fix
    /// (a character no font has, a fallback font that cannot be read): for the daemon's log,
    /// which otherwise never hears of a client's label drawn as boxes. Asked after every frame,
    /// so it returns quickly, and without allocating, when there is nothing new.
    func newProblems() -> [String]
}

extension TextRasterizer {
    public func prepare(sizes: [Int32]) {}
    public func isRightToLeft(_ text: String) -> Bool { false }
    public func scalarAdvances(of text: String, size: Int32) -> [Int32]? { nil }
    public func newProblems() -> [String] { [] }
}
