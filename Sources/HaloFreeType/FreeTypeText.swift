// SPDX-License-Identifier: Apache-2.0
import CFreeType
import HaloEngine
import HaloPOSIX
import HaloRender

/// Text rasterised by FreeType with grey-scale anti-aliasing and hinting, and shaped by
/// HarfBuzz: the glyphs drawn and where they go (ligatures, marks, kerning, Arabic's joining
/// forms) come from the shaper, in 64ths of a pixel, each glyph's bitmap put at its rounded
/// origin so the same text always gives the same pixels. A line is put in the order it is seen
/// by the Unicode Bidirectional Algorithm (`BidiRuns`), and each character takes the first of
/// the fonts that has it: the board's font, then its fallbacks (opened the first time a
/// character needs them), a base and its marks always together. A character no font has is
/// drawn as the board's font's "missing" box and noted in `missingCharacters`. Without
/// HarfBuzz (`shapingUnavailable` says why) each character takes its own glyph and FreeType's
/// advance.
public final class FreeTypeText: TextRasterizer {
    /// DejaVu Sans from Debian's fonts-dejavu-core.
    public static let defaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// The longest line laid out, in Unicode scalars; a label's lines are far shorter, and the
    /// rest of a longer one could not be seen anyway.
    public static let maximumScalars = 1024
    /// The most fallback fonts a board may name.
    public static let maximumFallbacks = 8
    /// The fallbacks when the board names none, from Debian's packages: Noto for Devanagari,
    /// Bengali, Thai and more (fonts-noto-core; DejaVu already has Arabic, Hebrew, Greek and
    /// Cyrillic), then a font with Chinese, Japanese and Korean (fonts-droid-fallback). Those
    /// not installed are skipped.
    public static let defaultFallbacks = [
        "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansBengali-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf", "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    ]
    /// The largest font file read; real ones are well under this.
    public static let maximumFontBytes = FontFace.maximumFontBytes

    /// The fallbacks tried for a board's `theme.font.fallbacks`: its own, or the default list.
    public static func fallbacks(_ named: [String]?) -> [String] { Array((named ?? defaultFallbacks).prefix(maximumFallbacks)) }

    public struct FontError: Error, CustomStringConvertible {
        public var description: String
    }

    let library: FT_Library
    /// The board's font first, then the fallbacks opened so far.
    var faces: [FontFace]
    /// Fallback fonts not opened yet, in order; one that cannot be opened is dropped and noted.
    var unopened: [String]
    public var path: String { faces[0].path }
    /// Fallback fonts that could not be found or read, with the reason.
    public private(set) var fallbackProblems: [String] = []
    /// Characters no font had (at most 32 kept, each once), drawn as the missing box.
    public private(set) var missingCharacters: [Unicode.Scalar] = []
    /// Why lines are laid out character by character, if they are: HarfBuzz could not be
    /// loaded or cannot read the font; or why mixed-direction lines are shaped as one run
    /// (FriBidi could not be loaded). Nil while both work or have not been tried.
    public var shapingUnavailable: String? { faces[0].shaperFailure ?? bidiFailure }
    var bidiFailure: String?
    /// `cachedFace(for:)`'s memory, made at its first use.
    var faceMemo: [UInt32] = []
    /// How much of the problems above `newProblems` has given out.
    var reported = ReportedProblems()
    /// False lays lines out character by character, as without HarfBuzz (for tests).
    var shapes = true
    /// The last line laid out, kept because a label is measured and then drawn.
    var shaped = ShapedLine()
    var scalars: [UInt32] = []
    var fontOf: [Int] = []
    /// Set when FriBidi is missing: the shaper then guesses each stretch's direction.
    var directionGuessed = false
    /// The language tag every line is shaped in, and HarfBuzz's handle for it once it is loaded.
    let language: String
    lazy var shapingLanguage: OpaquePointer? = HarfBuzzShaper.language(language)

    struct ShapedLine {
        var text = ""
        var size: Int32 = 0
        var glyphs: [ShapedGlyph] = []
    }

    /// Unmaps the pages of the font files read so far (after start-up has drawn its glyphs);
    /// FreeType maps them again when it reads them again.
    public func releaseFontPages() {
        for face in faces { face.file.releasePages() }
    }

    /// The board's font (DejaVu Sans when nil) and the fallbacks tried, in order, for the
    /// characters it lacks (at most `maximumFallbacks`; `defaultFallbacks` when nil). `language`
    /// is the board's locale as a language tag (`Board.language`): fonts with forms of their
    /// own for a language (Marathi's, Serbian's) draw those.
    public init(fontPath: String? = nil, fallbacks: [String]? = nil, language: String = "") throws(FontError) {
        let asked = fontPath ?? FreeTypeText.defaultFontPath
        let fix = fontPath == nil ? "install Debian's fonts-dejavu-core" : "set theme.font.file to a readable TrueType or OpenType file"
        let (found, looked) = FontLocator.locate(asked)
        guard let path = found else {
            throw FontError(description: "cannot find the font \(asked): looked in \(looked.joined(separator: ", ")); \(fix)")
        }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            throw FontError(description: "FreeType could not start; check that libfreetype6 is installed")
        }
        do { faces = [try FontFace(path: path, library: lib, fix: fix)] } catch {
            FT_Done_FreeType(lib)
            throw error
        }
        library = lib
        unopened = Self.fallbacks(fallbacks)
        self.language = language
    }

    deinit {
        faces.removeAll()
        FT_Done_FreeType(library)
    }

    public func lineHeight(size: Int32) -> Int32 { faces[0].lineHeight(size: size) }

    func ascender(size: Int32) -> Int32 { faces[0].ascender(size: size) }

    /// Rasterises the printable ASCII glyphs at each of `sizes` (at most 8 sizes of 1 to 512
    /// pixels are taken), so that labels in those sizes draw from the cache from their first
    /// frame; shaping them loads HarfBuzz and warms its tables for the font.
    public func prepare(sizes: [Int32]) {
        faces[0].glyphs.reserveCapacity(1024)
        var ascii = ""
        for value in UInt32(0x20)...0x7E { ascii.unicodeScalars.append(Unicode.Scalar(value)!) }
        for size in Set(sizes.filter { (1...512).contains($0) }.prefix(8)) {
            for value in UInt32(0x20)...0x7E { _ = faces[0].glyph(id: faces[0].glyphID(value), size: size) }
            _ = width(of: ascii, size: size)
            _ = lineHeight(size: size)
        }
    }

    /// Whether one of the fonts has a glyph for `scalar` (rather than its "missing" box).
    public func hasGlyph(_ scalar: Unicode.Scalar) -> Bool { face(for: scalar.value) != nil }

    /// The first font that has `scalar`, opening fallbacks as far as needed; nil if none has.
    func face(for scalar: UInt32) -> Int? {
        for (i, face) in faces.enumerated() where face.glyphID(scalar) != 0 { return i }
        while !unopened.isEmpty {
            let asked = unopened.removeFirst()
            let (found, looked) = FontLocator.locate(asked)
            guard let path = found else {
                fallbackProblems.append(
                    "cannot find the fallback font \(asked): looked in \(looked.joined(separator: ", ")); install it or remove it from theme.font.fallbacks"
                )
                continue
            }
            do { faces.append(try FontFace(path: path, library: library, fix: "fix or remove it in theme.font.fallbacks")) } catch {
                fallbackProblems.append(error.description)
                continue
            }
            if faces[faces.count - 1].glyphID(scalar) != 0 { return faces.count - 1 }
        }
        return nil
    }

    public func width(of text: String, size: Int32) -> Int32 {
        var pen: Int64 = 0
        for g in layout(text, size: size) { pen += Int64(g.xAdvance) }
        return Int32(max(0, min((pen + 32) >> 6, Int64(size) * 4 * Int64(Self.maximumScalars))))
    }

    /// Whether the line's first strong letter reads right to left; false without FriBidi (the
    /// line is then shaped as one run, its direction guessed from its script).
    public func isRightToLeft(_ text: String) -> Bool {
        let scalars = text.unicodeScalars.prefix(Self.maximumScalars).map(\.value)
        return (try? BidiRuns.paragraphIsRightToLeft(scalars)) ?? false
    }

    /// Each scalar's advance from one shaping of `text`, on the first scalar of each cluster;
    /// nil for a text longer than a line is shaped (`maximumScalars`).
    public func scalarAdvances(of text: String, size: Int32) -> [Int32]? {
        var count = 0
        for _ in text.unicodeScalars {
            count += 1
            if count > Self.maximumScalars { return nil }
        }
        var advances = [Int32](repeating: 0, count: count)
        for glyph in layout(text, size: size) where Int(glyph.cluster) < count {
            advances[Int(glyph.cluster)] &+= glyph.xAdvance
        }
        return advances
    }

    /// The glyphs chosen for `text` at `size` and where they go, left to right; nil when lines
    /// are laid out character by character (`shapingUnavailable`).
    public func glyphPositions(of text: String, size: Int32) -> [ShapedGlyph]? {
        shapes && faces[0].loadShaper() != nil ? layout(text, size: size) : nil
    }

    /// `text` laid out at `size`: its glyphs left to right, from whichever font has each
    /// character, shaped where HarfBuzz is at hand.
    func layout(_ text: String, size: Int32) -> [ShapedGlyph] {
        if shaped.size == size && shaped.text == text { return shaped.glyphs }
        var glyphs = shaped.glyphs
        shaped = ShapedLine()
        glyphs.removeAll(keepingCapacity: true)
        for stretch in stretches(of: text) {
            place(stretch.range, rightToLeft: stretch.rightToLeft, size: size, into: &glyphs)
        }
        shaped = ShapedLine(text: text, size: size, glyphs: glyphs)
        return glyphs
    }

    /// A piece of a line shaped at once: one font, one direction (nil: left to the shaper).
    struct Stretch: Equatable {
        var range: Range<Int>
        var face: Int
        var rightToLeft: Bool?
    }

    /// The stretches `text` is shaped in, left to right as seen: its direction runs, each cut
    /// where the font changes (a right-to-left run's pieces seen last to first). Fills
    /// `scalars` and `fontOf` for the line.
    func stretches(of text: String) -> [Stretch] {
        scalars.removeAll(keepingCapacity: true)
        for s in text.unicodeScalars.prefix(Self.maximumScalars) { scalars.append(s.value) }
        chooseFaces()
        var out: [Stretch] = []
        for run in directionRuns() {
            let first = out.count
            var start = run.start
            for i in run.start..<run.end where i + 1 == run.end || fontOf[i + 1] != fontOf[i] {
                out.append(Stretch(range: start..<(i + 1), face: fontOf[start], rightToLeft: directionGuessed ? nil : run.rightToLeft))
                start = i + 1
            }
            if run.rightToLeft { out[first...].reverse() }
        }
        return out
    }

    /// Which font each scalar takes: the first that has it; a mark, a joiner or a variation
    /// selector the font of the character before it, so a base and its marks stay together.
    func chooseFaces() {
        // Filled as a local, its room kept: appending to the property would check exclusive
        // access at every character.
        var chosen: [Int] = []
        swap(&chosen, &fontOf)
        defer { swap(&chosen, &fontOf) }
        chosen.removeAll(keepingCapacity: true)
        for (i, s) in scalars.enumerated() {
            if i > 0, Self.followsItsBase(s) {
                chosen.append(chosen[i - 1])
                continue
            }
            if let face = cachedFace(for: s) {
                chosen.append(face)
            } else {
                chosen.append(0)
                if missingCharacters.count < 32, let scalar = Unicode.Scalar(s), !missingCharacters.contains(scalar),
                    !Self.isControl(s)
                {
                    missingCharacters.append(scalar)
                }
            }
        }
    }

    /// `face(for:)`, remembered for the last scalar seen at each of 256 places: a label's
    /// characters repeat, and asking each font's character map costs more than looking here.
    /// Safe to keep: a scalar no opened font has opens every fallback, so its answer is final.
    func cachedFace(for s: UInt32) -> Int? {
        if faceMemo.isEmpty { faceMemo = [UInt32](repeating: 0, count: 256) }
        let slot = Int(s & 0xFF)
        let entry = faceMemo[slot]
        if entry != 0 && entry >> 8 == s { return entry & 0xFF == 0xFF ? nil : Int(entry & 0xFF) - 1 }
        let face = face(for: s)
        faceMemo[slot] = s << 8 | UInt32(face.map { $0 + 1 } ?? 0xFF)
        return face
    }

    static func followsItsBase(_ s: UInt32) -> Bool {
        // Nothing before the combining diacritical marks attaches to what precedes it.
        if s < 0x300 { return false }
        if s == 0x200D || (0xFE00...0xFE0F).contains(s) || (0xE0100...0xE01EF).contains(s) { return true }
        guard let scalar = Unicode.Scalar(s) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// Direction controls and other format characters have no glyph to miss.
    static func isControl(_ s: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(s) else { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// The line's runs of one direction in the order they are seen; one run, its direction
    /// left to the shaper, when the line needs no reordering or FriBidi is missing.
    func directionRuns() -> [BidiRuns.Run] {
        directionGuessed = false
        let whole = [BidiRuns.Run(start: 0, end: scalars.count, rightToLeft: false)]
        guard !scalars.isEmpty else { return [] }
        guard BidiRuns.needsBidi(scalars) else { return whole }
        do { return try BidiRuns.runs(scalars) } catch {
            bidiFailure = "\(error.description); mixed-direction labels are shaped as one run"
            directionGuessed = true
            return whole
        }
    }

    /// Appends the glyphs of `stretch` (one font, one direction): shaped by the font's shaper,
    /// or one glyph per character with FreeType's advance when there is none.
    func place(_ stretch: Range<Int>, rightToLeft: Bool?, size: Int32, into glyphs: inout [ShapedGlyph]) {
        let index = fontOf[stretch.lowerBound], face = faces[index]
        if shapes, let shaper = face.loadShaper() {
            shaper.shapeRun(scalars, stretch, rightToLeft: rightToLeft, language: shapingLanguage, size: size, face: index, into: &glyphs)
            return
        }
        let order = rightToLeft == true ? Array(stretch.reversed()) : Array(stretch)
        for i in order where !Self.isControl(scalars[i]) {
            let id = face.glyphID(scalars[i])
            let advance = face.glyph(id: id, size: size).advance
            glyphs.append(ShapedGlyph(id: id, cluster: UInt32(i), xAdvance: advance * 64, xOffset: 0, yOffset: 0, face: index))
        }
    }

    public func render(_ text: String, size: Int32) -> CoverageMask {
        let width = max(1, width(of: text, size: size))
        let height = max(1, lineHeight(size: size))
        let baseline = ascender(size: size)
        var bytes = [UInt8](repeating: 0, count: Int(width * height))
        let line = layout(text, size: size)
        bytes.withUnsafeMutableBufferPointer { out in
            // Origins in 64ths of a pixel, each glyph put at its rounded origin.
            var pen: Int64 = 0
            for s in line {
                let x = Int32(truncatingIfNeeded: (pen + Int64(s.xOffset) + 32) >> 6)
                let y = Int32(truncatingIfNeeded: (Int64(s.yOffset) + 32) >> 6)
                let glyph = faces[s.face].glyph(id: s.id, size: size)
                Self.blit(glyph, at: x, baseline: baseline - y, into: out, width: width, height: height)
                pen += Int64(s.xAdvance)
            }
        }
        return CoverageMask(width: width, height: height, coverage: bytes)
    }

    /// Draws `g` with its origin at `x` on `baseline`, keeping the brighter coverage where
    /// glyphs overlap (a mark over its base, a joined pair).
    static func blit(
        _ g: FontFace.Glyph, at x: Int32, baseline: Int32, into line: UnsafeMutableBufferPointer<UInt8>, width: Int32, height: Int32
    ) {
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
