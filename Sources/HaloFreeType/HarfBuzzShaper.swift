// SPDX-License-Identifier: Apache-2.0
import CTextLibraries

/// One glyph of a shaped line, its position in 64ths of a pixel.
public struct ShapedGlyph: Equatable, Sendable {
    public var id: UInt32
    /// The index of the first scalar of the grapheme this glyph comes from (HarfBuzz's
    /// default clusters: a base and its marks are one cluster, never split).
    public var cluster: UInt32
    public var xAdvance: Int32
    public var xOffset: Int32
    public var yOffset: Int32
    /// Which of the text's fonts draws it: 0 the board's font, then its fallbacks in order.
    public var face: Int
}

/// Glyph ids and positions for a line of text from HarfBuzz, over the same font bytes FreeType
/// reads: ligatures, marks, kerning and the joining forms of Arabic come from the font's own
/// tables. HarfBuzz is loaded the first time a shaper is made (`halo_harfbuzz.h` says why).
final class HarfBuzzShaper {
    typealias Glyph = ShapedGlyph

    typealias Unavailable = TextLibraryUnavailable

    let hb: UnsafePointer<halo_harfbuzz>
    let blob: OpaquePointer
    let face: OpaquePointer
    let font: OpaquePointer
    let buffer: OpaquePointer
    var size: Int32 = 0

    /// The library's functions, loaded by the first shaper made; the reason if that failed.
    /// Loaded once (a static's first use), from the one thread that owns the text.
    nonisolated(unsafe) static let library = open("libharfbuzz.so.0")

    /// Loads the HarfBuzz library `name` into a table that lives as long as the process.
    static func open(_ name: String) -> Result<UnsafePointer<halo_harfbuzz>, Unavailable> {
        TextLibrary.open(name, "HarfBuzz", install: "libharfbuzz0b", halo_harfbuzz_open)
    }

    /// A shaper for the font whose file is `bytes`, which must outlive it (FreeTypeText's
    /// mapping of the font file does).
    init(fontBytes bytes: UnsafeRawBufferPointer) throws(Unavailable) {
        let hb = try Self.library.get()
        guard let base = bytes.baseAddress, bytes.count <= Int(UInt32.max),
            let blob = hb.pointee.blob_create(
                base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), Int32(HALO_HB_MEMORY_MODE_READONLY), nil, nil)
        else { throw Unavailable(description: "HarfBuzz could not read the font") }
        // HarfBuzz checks a font's tables before it uses them and treats what it cannot use
        // as empty: a face with no glyphs means the file is not one it can shape with.
        let face = hb.pointee.face_create(blob, 0)
        guard let face, hb.pointee.face_get_glyph_count(face) > 0, let font = hb.pointee.font_create(face) else {
            if let face { hb.pointee.face_destroy(face) }
            hb.pointee.blob_destroy(blob)
            throw Unavailable(description: "HarfBuzz found no glyphs in the font")
        }
        guard let buffer = hb.pointee.buffer_create() else {
            hb.pointee.font_destroy(font)
            hb.pointee.face_destroy(face)
            hb.pointee.blob_destroy(blob)
            throw Unavailable(description: "HarfBuzz could not make a buffer")
        }
        self.hb = hb
        self.blob = blob
        self.face = face
        self.font = font
        self.buffer = buffer
    }

    deinit {
        hb.pointee.buffer_destroy(buffer)
        hb.pointee.font_destroy(font)
        hb.pointee.face_destroy(face)
        hb.pointee.blob_destroy(blob)
    }

    /// HarfBuzz's version, for logs and `halo --version`.
    var version: String { hb.pointee.version_string().map { String(cString: $0) } ?? "unknown" }

    /// HarfBuzz's language for a BCP 47 tag (`mr`, `fr-CA`), nil for "" or without the library.
    static func language(_ tag: String) -> OpaquePointer? {
        guard !tag.isEmpty, let hb = try? library.get() else { return nil }
        return hb.pointee.language_from_string(tag, -1)
    }

    /// Shapes `run` of the line's scalars, the rest of the line given as context (Arabic
    /// letters join across a run's edge), and appends its glyphs; clusters count from the
    /// line's start. A nil direction is guessed from the run's script; a nil language is the
    /// process's (HarfBuzz reads the C library's locale).
    func shapeRun(
        _ scalars: [UInt32], _ run: Range<Int>, rightToLeft: Bool?, language: OpaquePointer? = nil, size: Int32, face: Int,
        into glyphs: inout [Glyph]
    ) {
        let pixels = max(1, min(size, 4096))
        if pixels != self.size {
            hb.pointee.font_set_scale(font, pixels * 64, pixels * 64)
            hb.pointee.font_set_ppem(font, UInt32(pixels), UInt32(pixels))
            self.size = pixels
        }
        hb.pointee.buffer_clear_contents(buffer)
        scalars.withUnsafeBufferPointer {
            hb.pointee.buffer_add_utf32(buffer, $0.baseAddress, Int32($0.count), UInt32(run.lowerBound), Int32(run.count))
        }
        if let rightToLeft {
            hb.pointee.buffer_set_direction(buffer, Int32(rightToLeft ? HALO_HB_DIRECTION_RTL : HALO_HB_DIRECTION_LTR))
        }
        if let language { hb.pointee.buffer_set_language(buffer, language) }
        hb.pointee.buffer_guess_segment_properties(buffer)
        hb.pointee.shape(font, buffer, nil, 0)
        guard hb.pointee.buffer_allocation_successful(buffer) != 0 else { return }
        var count: UInt32 = 0, positionCount: UInt32 = 0
        guard let infos = hb.pointee.buffer_get_glyph_infos(buffer, &count),
            let positions = hb.pointee.buffer_get_glyph_positions(buffer, &positionCount), positionCount == count
        else { return }
        // A font's positions are input like any other: clamped so a line's sums stay small.
        let reach = pixels * 64 * 4
        for i in 0..<Int(count) {
            let p = positions[i]
            glyphs.append(
                Glyph(
                    id: infos[i].codepoint, cluster: infos[i].cluster, xAdvance: max(-reach, min(reach, p.x_advance)),
                    xOffset: max(-reach, min(reach, p.x_offset)), yOffset: max(-reach, min(reach, p.y_offset)), face: face))
        }
    }
}
