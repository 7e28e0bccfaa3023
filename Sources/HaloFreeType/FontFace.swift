// SPDX-License-Identifier: Apache-2.0
import CFreeType
import HaloPOSIX

/// One font file, read by FreeType and, when a line needs it, shaped by HarfBuzz over the same
/// bytes; its glyph bitmaps cached by glyph id and size. A `FreeTypeText` holds the board's
/// font and its fallbacks as faces.
final class FontFace {
    typealias FontError = FreeTypeText.FontError

    struct Glyph {
        var width: Int32, rows: Int32, left: Int32, top: Int32, advance: Int32
        var coverage: [UInt8]
    }

    struct GlyphKey: Hashable {
        var id: UInt32
        var size: Int32
    }

    let face: FT_Face
    /// The font file, which FreeType and HarfBuzz read from for as long as the face lives.
    let file: MappedFile
    let path: String
    // Looked up for every glyph drawn, from the one thread that owns the text: the run-time
    // exclusivity check would cost more than the lookup.
    @exclusivity(unchecked) var glyphs: [GlyphKey: Glyph] = [:]
    var currentSize: Int32 = 0
    /// Made the first time a line is shaped with this face; nil once HarfBuzz turned out to
    /// be missing or unable to read the font (`shaperFailure` says why).
    var shaper: HarfBuzzShaper?
    var shaperTried = false
    var shaperFailure: String?

    /// The largest font file read; real ones are well under this.
    static let maximumFontBytes = 64 << 20
    /// How many ems a scalable font's glyphs may span; real fonts stay within two or three.
    static let maximumEmsPerGlyph: Int64 = 16

    /// Opens the font file at `path` (already located) for `library`; `fix` ends its errors.
    init(path: String, library: FT_Library, fix: String) throws(FontError) {
        // Read through RegularFile: a FIFO or a device named as the font must not block or
        // feed FreeType for ever.
        let file: MappedFile
        do { file = try MappedFile(path, limit: Self.maximumFontBytes) } catch {
            throw FontError(description: "cannot load the font: \(error.description); \(fix)")
        }
        var f: FT_Face?
        let status = FT_New_Memory_Face(
            library, file.bytes.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long(file.bytes.count), 0, &f)
        guard status == 0, let f else {
            throw FontError(description: "cannot load the font \(path): \(Self.explain(status)); \(fix)")
        }
        // A scalable font's glyphs lie within a few ems; a box many times its em means its units
        // per em lie, and every glyph would be rasterised that many times too large.
        let em = Int64(f.pointee.units_per_EM), box = f.pointee.bbox
        let span = max(Int64(box.xMax) - Int64(box.xMin), Int64(box.yMax) - Int64(box.yMin))
        if f.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 && em > 0 && span > em * Self.maximumEmsPerGlyph {
            FT_Done_Face(f)
            throw FontError(
                description:
                    "cannot use the font \(path): its glyphs reach \(span / em) times its em (\(span) units against \(em) units per em), so the file is damaged or its units per em are wrong; \(fix)"
            )
        }
        face = f
        self.file = file
        self.path = path
    }

    deinit { FT_Done_Face(face) }

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

    func lineHeight(size: Int32) -> Int32 {
        select(size)
        let m = face.pointee.size.pointee.metrics
        return Int32(max(1, min((Int64(m.height) + 32) >> 6, Int64(size) * 4)))
    }

    func ascender(size: Int32) -> Int32 {
        select(size)
        return Int32(max(0, min((Int64(face.pointee.size.pointee.metrics.ascender) + 32) >> 6, Int64(size) * 4)))
    }

    /// The font's glyph id for `scalar`, 0 (its "missing" box) when it has none.
    func glyphID(_ scalar: UInt32) -> UInt32 { UInt32(FT_Get_Char_Index(face, FT_ULong(scalar))) }

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

    /// HarfBuzz over this face's bytes, made the first time a line is shaped with it.
    func loadShaper() -> HarfBuzzShaper? {
        if shaperTried { return shaper }
        shaperTried = true
        do { shaper = try HarfBuzzShaper(fontBytes: UnsafeRawBufferPointer(file.bytes)) } catch {
            shaperFailure =
                "\(error.description); labels are laid out character by character, without ligatures, joining or marks placed"
        }
        return shaper
    }
}
