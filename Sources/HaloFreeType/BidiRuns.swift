// SPDX-License-Identifier: Apache-2.0
import CTextLibraries

/// A line split into runs of one direction, in the order they are seen, by the Unicode
/// Bidirectional Algorithm (FriBidi, opened the first time a line needs it: `halo_fribidi.h`).
/// Each run is shaped on its own in its direction; a right-to-left run's glyphs come out of
/// the shaper already reversed.
struct BidiRuns {
    struct Run: Equatable {
        /// The run's scalars, as offsets into the line in logical order.
        var start: Int
        var end: Int
        var rightToLeft: Bool
    }

    typealias Unavailable = TextLibraryUnavailable

    /// The library's functions, loaded by the first line that needs them; the reason if that
    /// failed. Loaded once (a static's first use), from the one thread that owns the text.
    nonisolated(unsafe) static let library = open("libfribidi.so.0")

    static func open(_ name: String) -> Result<UnsafePointer<halo_fribidi>, Unavailable> {
        TextLibrary.open(name, "FriBidi", install: "libfribidi0", halo_fribidi_open)
    }

    /// Whether the line holds anything that can make it other than one left-to-right run: a
    /// letter of a right-to-left script, or a directional mark, embedding, override or isolate.
    /// Lines without one never load FriBidi.
    static func needsBidi(_ scalars: [UInt32]) -> Bool {
        scalars.contains { s in
            (0x0590...0x08FF).contains(s) || (0xFB1D...0xFDFF).contains(s) || (0xFE70...0xFEFF).contains(s)
                || (0x10800...0x10FFF).contains(s) || (0x1E800...0x1EFFF).contains(s) || s == 0x200F || (0x202A...0x202E).contains(s)
                || (0x2066...0x2069).contains(s)
        }
    }

    /// Whether the paragraph of `scalars` reads right to left: its first strong letter outside
    /// an isolate is Hebrew, Arabic or another right-to-left script (rules P2 and P3).
    static func paragraphIsRightToLeft(_ scalars: [UInt32]) throws(Unavailable) -> Bool {
        guard needsBidi(scalars) else { return false }
        return try paragraph(scalars, base: FriBidiParType(HALO_FRIBIDI_PAR_ON)).base == FriBidiParType(HALO_FRIBIDI_PAR_RTL)
    }

    /// The runs of `scalars`, left to right as seen. `rightToLeft` sets the paragraph's
    /// direction; nil takes it from the first strong letter, as the algorithm's rule P2 does.
    static func runs(_ scalars: [UInt32], rightToLeft: Bool? = nil) throws(Unavailable) -> [Run] {
        let count = scalars.count
        if count == 0 { return [] }
        let asked = FriBidiParType(rightToLeft.map { $0 ? HALO_FRIBIDI_PAR_RTL : HALO_FRIBIDI_PAR_LTR } ?? HALO_FRIBIDI_PAR_ON)
        var p = try paragraph(scalars, base: asked)
        var map = [FriBidiStrIndex](0..<Int32(count))
        guard try library.get().pointee.reorder_line(0, p.types, Int32(count), 0, p.base, &p.levels, nil, &map) > 0 else {
            throw Unavailable(description: "FriBidi could not order the line (out of memory)")
        }
        return runs(visualOrder: map, levels: p.levels)
    }

    /// FriBidi's reading of one paragraph: each scalar's type and embedding level, and the
    /// paragraph's direction as resolved from `base` (ON: from its first strong letter).
    struct Paragraph {
        var types: [FriBidiCharType]
        var levels: [FriBidiLevel]
        var base: FriBidiParType
    }

    static func paragraph(_ scalars: [UInt32], base: FriBidiParType) throws(Unavailable) -> Paragraph {
        let bidi = try library.get()
        let count = scalars.count
        var p = Paragraph(
            types: [FriBidiCharType](repeating: 0, count: count), levels: [FriBidiLevel](repeating: 0, count: count), base: base)
        var brackets = [FriBidiBracketType](repeating: 0, count: count)
        bidi.pointee.get_bidi_types(scalars, Int32(count), &p.types)
        bidi.pointee.get_bracket_types(scalars, Int32(count), p.types, &brackets)
        guard bidi.pointee.get_par_embedding_levels_ex(p.types, brackets, Int32(count), &p.base, &p.levels) > 0 else {
            throw Unavailable(description: "FriBidi could not order the line (out of memory)")
        }
        return p
    }

    /// Runs from the logical index seen at each position, left to right, and each scalar's
    /// level: a run is a stretch of one level whose indices follow on, up for a left-to-right
    /// run, down for a right-to-left one.
    static func runs(visualOrder map: [FriBidiStrIndex], levels: [FriBidiLevel]) -> [Run] {
        var out: [Run] = []
        var v = 0
        while v < map.count {
            let first = Int(map[v])
            guard first >= 0 && first < levels.count else { break }
            let level = levels[first], rtl = level & 1 == 1
            var last = first
            var w = v + 1
            while w < map.count, Int(map[w]) == last + (rtl ? -1 : 1), levels[Int(map[w])] == level {
                last = Int(map[w])
                w += 1
            }
            out.append(Run(start: min(first, last), end: max(first, last) + 1, rightToLeft: rtl))
            v = w
        }
        return out
    }
}
