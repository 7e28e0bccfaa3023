// SPDX-License-Identifier: Apache-2.0
import CFreeType
import HaloEngine
import HaloPOSIX
import HaloRender

/// Text rasterised by FreeType from a TrueType font, with grey-scale anti-aliasing and hinting,
/// and shaped by HarfBuzz: the glyphs drawn and where they go (ligatures, marks, kerning,
/// Arabic's joining forms) come from the shaper, in 64ths of a pixel, each glyph's bitmap put
/// at its rounded origin so the same text always gives the same pixels. Without HarfBuzz
/// (`shapingUnavailable` says why) each character takes its own glyph and FreeType's advance.
/// Glyphs are cached by glyph id and size.
public final class FreeTypeText: TextRasterizer {
    /// DejaVu Sans from Debian's fonts-dejavu-core.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    public struct FontError: Error, CustomStringConvertible {
        public var description: String
    }

    struct Glyph {
        var width: Int32, rows: Int32, left: Int32, top: Int32, advance: Int32
        var coverage: [UInt8]
    }

    struct GlyphKey: Hashable {
        var id: UInt32
        var size: Int32
    }

    let library: FT_Library
    let face: FT_Face
    /// The font file, which FreeType reads from for as long as the face lives.
    let fontFile: MappedFile
    public let path: String
    // Looked up for every character drawn, from the one thread that owns the text: the
    // run-time exclusivity check would cost more than the lookup.
    @exclusivity(unchecked) var glyphs: [GlyphKey: Glyph] = [:]
    var currentSize: Int32 = 0
    /// Made the first time a line is shaped; nil once HarfBuzz turned out to be missing.
    var shaper: HarfBuzzShaper?
    var shaperTried = false
    /// Why lines are laid out character by character, if they are: HarfBuzz could not be
    /// loaded or cannot read the font; or why mixed-direction lines are shaped as one run
    /// (FriBidi could not be loaded). Nil while both work or have not been tried.
    public var shapingUnavailable: String? { shaperFailure ?? shaper?.bidiUnavailable }
    var shaperFailure: String?
    /// The last line shaped, kept because a label is measured and then drawn.
    var shaped = ShapedLine()

    struct ShapedLine {
        var text = ""
        var size: Int32 = 0
        var glyphs: [HarfBuzzShaper.Glyph] = []
    }
    /// The largest font file read; real ones are well under this.
    public static let maximumFontBytes = 64 << 20

    /// Unmaps the pages of the font file read so far (after start-up has drawn its glyphs);
    /// FreeType maps them again when it reads them again.
    public func releaseFontPages() { fontFile.releasePages() }

    public init(fontPath: String? = nil) throws(FontError) {
        let asked = fontPath ?? FreeTypeText.defaultFontPath
        let fix = fontPath == nil ? "install Debian's fonts-dejavu-core" : "set theme.font.file to a readable TrueType or OpenType file"
        let (found, looked) = FontLocator.locate(asked)
        guard let path = found else {
            throw FontError(description: "cannot find the font \(asked): looked in \(looked.joined(separator: ", ")); \(fix)")
        }
        // Read through RegularFile: a FIFO or a device named as the font must not block or
        // feed FreeType for ever.
        let file: MappedFile
        do { file = try MappedFile(path, limit: FreeTypeText.maximumFontBytes) } catch {
            throw FontError(description: "cannot load the font: \(error.description); \(fix)")
        }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            throw FontError(description: "FreeType could not start; check that libfreetype6 is installed")
        }
        var f: FT_Face?
        let status = FT_New_Memory_Face(
            lib, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(file.bytes.count), 0, &f)
        guard status == 0, let f else {
            FT_Done_FreeType(lib)
            throw FontError(description: "cannot load the font \(path): \(FreeTypeText.explain(status)); \(fix)")
        }
        // A scalable font's glyphs lie within a few ems; a box many times its em means its units
        // per em lie, and every glyph would be rasterised that many times too large.
        let em = Int64(f.pointee.units_per_EM), box = f.pointee.bbox
        let span = max(Int64(box.xMax) - Int64(box.xMin), Int64(box.yMax) - Int64(box.yMin))
        if f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 && em > 0 && span > em * FreeTypeText.maximumEmsPerGlyph {
            FT_Done_Face(f)
            FT_Done_FreeType(lib)
            throw FontError(
                description:
                    "cannot use the font \(path): its glyphs reach \(span / em) times its em (\(span) units against \(em) units per em), so the file is damaged or its units per em are wrong; \(fix)"
            )
        }
        library = lib
        face = f
        fontFile = file
        self.path = path
    }

    /// How many ems a scalable font's glyphs may span; real fonts stay within two or three.
    static let maximumEmsPerGlyph: Int64 = 16

    deinit {
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// FreeType's error codes that a wrong font file gives, in words.
    static func explain(_ status: FT_Error) -> String {
        switch status {
        case 1, 2: return "it is not a font FreeType knows (unknown file format)"
        case 3, 8, 9: return "the font file is damaged (invalid file format)"
        case 4, 5: return "the font's format version is not supported"
        case 6, 7: return "the font file is not a usable face"
        case 0x51...0x58: return "it is not a font FreeType knows (too short or cut off)"
        case 0x40: return "out of memory"
        default: return "FreeType error \(status)"
        }
    }

    func select(_ size: Int32) {
        if size != currentSize {
            FT_Set_Pixel_Sizes(face, 0, FT_UInt(max(1, size)))
            currentSize = size
        }
    }

    public func lineHeight(size: Int32) -> Int32 {
        select(size)
        let m = face.pointee.size.pointee.metrics
        return Int32(max(1, min((Int64(m.height) + 32) >> 6, Int64(size) * 4)))
    }

    func ascender(size: Int32) -> Int32 {
        select(size)
        return Int32(max(0, min((Int64(face.pointee.size.pointee.metrics.ascender) + 32) >> 6, Int64(size) * 4)))
    }

    /// The glyph a character takes when lines are not shaped.
    func glyph(_ scalar: Unicode.Scalar, size: Int32) -> Glyph {
        glyph(id: UInt32(FT_Get_Char_Index(face, FT_ULong(scalar.value))), size: size)
    }

    func glyph(id index: UInt32, size: Int32) -> Glyph {
        let key = GlyphKey(id: index, size: size)
        if let g = glyphs[key] { return g }
        select(size)
        var g = Glyph(width: 0, rows: 0, left: 0, top: 0, advance: 0, coverage: [])
        let reach = Int64(size) * 8
        // Loaded as an outline and measured before it is rasterised: a font whose units per em
        // lie (16 for outlines drawn on 2048) would make a glyph of thousands of pixels a side,
        // and FreeType would spend seconds and hundreds of megabytes drawing it.
        if FT_Load_Glyph(face, FT_UInt(index), FT_Int32(FT_LOAD_DEFAULT)) == 0, let slot = face.pointee.glyph,
            Self.fits(slot.pointee.metrics, reach: reach), FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0
        {
            let bitmap = slot.pointee.bitmap
            if Int64(bitmap.width) <= reach && Int64(bitmap.rows) <= reach {
                g.width = Int32(bitmap.width)
                g.rows = Int32(bitmap.rows)
            }
            g.left = Int32(max(-reach, min(reach, Int64(slot.pointee.bitmap_left))))
            g.top = Int32(max(-reach, min(reach, Int64(slot.pointee.bitmap_top))))
            // A font file is input like any other: its metrics are clamped so the sums made
            // on them (a line's width, a mask's size) stay small.
            let advance = (Int64(slot.pointee.advance.x) + 32) >> 6
            g.advance = Int32(max(0, min(advance, Int64(size) * 4)))
            if let buffer = bitmap.buffer, g.width > 0, g.rows > 0 {
                g.coverage.reserveCapacity(Int(g.width * g.rows))
                for row in 0..<Int(g.rows) {
                    let line = buffer + row * Int(bitmap.pitch)
                    for col in 0..<Int(g.width) { g.coverage.append(line[col]) }
                }
            }
        }
        if glyphs.count > 2048 { glyphs.removeAll(keepingCapacity: true) }
        glyphs[key] = g
        return g
    }

    /// Whether a loaded glyph's box is at most `reach` pixels a side; an absurd one is drawn
    /// as nothing, with its advance clamped.
    static func fits(_ m: FT_Glyph_Metrics, reach: Int64) -> Bool {
        let width = Int64(m.width) >> 6, height = Int64(m.height) >> 6
        return width >= 0 && height >= 0 && width <= reach && height <= reach
    }

    /// Rasterises the printable ASCII glyphs at each of `sizes` (at most 8 sizes of 1 to 512
    /// pixels are taken), so that labels in those sizes draw from the cache from their first
    /// frame.
    public func prepare(sizes: [Int32]) {
        glyphs.reserveCapacity(1024)
        var ascii = ""
        for value in UInt32(0x20)...0x7E { ascii.unicodeScalars.append(Unicode.Scalar(value)!) }
        for size in Set(sizes.filter { (1...512).contains($0) }.prefix(8)) {
            for value in UInt32(0x20)...0x7E { _ = glyph(Unicode.Scalar(value)!, size: size) }
            // Shaping it loads HarfBuzz and warms its tables for the font.
            _ = width(of: ascii, size: size)
            _ = lineHeight(size: size)
        }
    }

    /// Whether the font has a glyph for `scalar` (rather than its "missing" box).
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool { FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0 }

    public func width(of text: String, size: Int32) -> Int32 {
        if let glyphs = shapedGlyphs(text, size: size) {
            var pen: Int64 = 0
            for g in glyphs { pen += Int64(g.xAdvance) }
            return Int32(max(0, min((pen + 32) >> 6, Int64(size) * 4 * Int64(HarfBuzzShaper.maximumScalars))))
        }
        var w: Int32 = 0
        for s in text.unicodeScalars { w += glyph(s, size: size).advance }
        return w
    }

    /// The glyphs HarfBuzz chose for `text` at `size` and where they go, left to right; nil
    /// when lines are laid out character by character (`shapingUnavailable`).
    public func glyphPositions(of text: String, size: Int32) -> [ShapedGlyph]? { shapedGlyphs(text, size: size) }

    /// `text` shaped at `size`, or nil when lines are laid out character by character.
    func shapedGlyphs(_ text: String, size: Int32) -> [HarfBuzzShaper.Glyph]? {
        guard let shaper = loadShaper() else { return nil }
        if shaped.size == size && shaped.text == text { return shaped.glyphs }
        var glyphs = shaped.glyphs
        shaped = ShapedLine()
        shaper.shape(text, size: size, into: &glyphs)
        shaped = ShapedLine(text: text, size: size, glyphs: glyphs)
        return glyphs
    }

    /// False lays lines out character by character, as without HarfBuzz (for tests).
    var shapes = true

    func loadShaper() -> HarfBuzzShaper? {
        guard shapes else { return nil }
        if shaperTried { return shaper }
        shaperTried = true
        do { shaper = try HarfBuzzShaper(fontBytes: UnsafeRawBufferPointer(fontFile.bytes)) } catch {
            shaperFailure =
                "\(error.description); labels are laid out character by character, without ligatures, joining or marks placed"
        }
        return shaper
    }

    public func render(_ text: String, size: Int32) -> CoverageMask {
        let width = max(1, width(of: text, size: size))
        let height = max(1, lineHeight(size: size))
        let baseline = ascender(size: size)
        var bytes = [UInt8](repeating: 0, count: Int(width * height))
        bytes.withUnsafeMutableBufferPointer { line in
            if let shapedLine = shapedGlyphs(text, size: size) {
                // Origins in 64ths of a pixel, each glyph put at its rounded origin.
                var pen: Int64 = 0
                for s in shapedLine {
                    let x = Int32(truncatingIfNeeded: (pen + Int64(s.xOffset) + 32) >> 6)
                    let y = Int32(truncatingIfNeeded: (Int64(s.yOffset) + 32) >> 6)
                    Self.blit(glyph(id: s.id, size: size), at: x, baseline: baseline - y, into: line, width: width, height: height)
                    pen += Int64(s.xAdvance)
                }
            } else {
                var pen: Int32 = 0
                for s in text.unicodeScalars {
                    let g = glyph(s, size: size)
                    Self.blit(g, at: pen, baseline: baseline, into: line, width: width, height: height)
                    pen += g.advance
                }
            }
        }
        return CoverageMask(width: width, height: height, coverage: bytes)
    }

    /// Draws `g` with its origin at `x` on `baseline`, keeping the brighter coverage where
    /// glyphs overlap (a mark over its base, a joined pair).
    static func blit(_ g: Glyph, at x: Int32, baseline: Int32, into line: UnsafeMutableBufferPointer<UInt8>, width: Int32, height: Int32) {
        // The glyph's columns and rows that fall inside the line, worked out once.
        let x0 = Int64(x) + Int64(g.left)
        let firstCol = max(0, -x0), endCol = min(Int64(g.width), Int64(width) - x0)
        let y0 = Int64(baseline) - Int64(g.top)
        let firstRow = max(0, -y0), endRow = min(Int64(g.rows), Int64(height) - y0)
        guard firstCol < endCol && firstRow < endRow && g.coverage.count >= Int(g.width) * Int(g.rows) else { return }
        g.coverage.withUnsafeBufferPointer { glyphBytes in
            for row in firstRow..<endRow {
                let from = Int(row * Int64(g.width)), to = Int((y0 + row) * Int64(width) + x0)
                for col in Int(firstCol)..<Int(endCol) {
                    let c = glyphBytes[from + col]
                    if c > line[to + col] { line[to + col] = c }
                }
            }
        }
    }
}
