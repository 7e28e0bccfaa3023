// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloTestSupport
import Testing

@testable import HaloFreeType

/// Whether hb-shape and the fallback fonts `ShapingTests.fallbacks` uses are installed; a
/// constant of its own, as Swift 6.0 cannot compile a closure inside a test's traits.
let fallbacksInstalled =
    FileManager.default.fileExists(atPath: "/usr/bin/hb-shape")
    && ShapingTests.fallbackFonts.allSatisfy { FileManager.default.fileExists(atPath: $0) }

/// Lines shaped by HarfBuzz through Halo's own loading of it, checked against HarfBuzz's own
/// command, `hb-shape` (Debian's libharfbuzz-bin), on the same font, text and size: the same
/// glyphs, clusters, advances and offsets, in 64ths of a pixel.
@Suite("Shaping with HarfBuzz, against hb-shape (the real program)")
struct ShapingTests {
    static let font = FreeTypeText.defaultFontPath

    /// What hb-shape gives: one line of JSON, glyph by glyph.
    struct Expected: Decodable, Equatable {
        var g: UInt32
        var cl: UInt32
        var dx: Int32
        var dy: Int32
        var ax: Int32
    }

    static func hbShape(_ text: String, size: Int32, extra: [String] = [], font: String = font) throws -> [Expected] {
        let result = try ChildProcess.run(
            [
                "hb-shape", "--font-funcs=ot", "--font-size=\(size * 64)", "--font-ppem=\(size)", "--output-format=json",
                "--no-glyph-names",
            ] + extra + [font, text],
            // GLib reads hb-shape's arguments in the locale's encoding: UTF-8, whatever the caller's.
            environment: ProcessInfo.processInfo.environment.merging(["LC_ALL": "C.UTF-8"]) { $1 })
        #expect(result.status == 0, "hb-shape: \(result)")
        return try JSONDecoder().decode([Expected].self, from: Data(result.out.utf8))
    }

    static func ours(_ text: FreeTypeText, _ line: String, size: Int32) throws -> [Expected] {
        let glyphs = try #require(text.glyphPositions(of: line, size: size), "shaping unavailable: \(text.shapingUnavailable ?? "?")")
        return glyphs.map { Expected(g: $0.id, cl: $0.cluster, dx: $0.xOffset, dy: $0.yOffset, ax: $0.xAdvance) }
    }

    static let lines = [
        "AVA fi office To", "مرحبا بالعالم", "שָׁלוֹם עולם", "e\u{301}te\u{301} n\u{303}", "Привет, мир", "Ελληνικά", "40 %",
    ]

    @Test(
        "Latin kerning and ligatures, Arabic joined right to left, Hebrew with points, combining marks, Cyrillic and Greek: glyph for glyph what hb-shape gives",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/hb-shape"), "needs hb-shape (apt-get install libharfbuzz-bin)"),
        arguments: [Int32(13), 20, 48])
    func againstHbShape(size: Int32) throws {
        let text = try FreeTypeText()
        for line in Self.lines {
            #expect(try Self.ours(text, line, size: size) == Self.hbShape(line, size: size), "\(line) at \(size) px")
        }
    }

    @Test("a line's width is the sum of its shaped advances, rounded once: kerning narrows AV")
    func widths() throws {
        let text = try FreeTypeText()
        let glyphs = try #require(text.glyphPositions(of: "AVAV", size: 40))
        let sum = glyphs.reduce(Int64(0)) { $0 + Int64($1.xAdvance) }
        #expect(text.width(of: "AVAV", size: 40) == Int32((sum + 32) >> 6))
        let a = try #require(text.glyphPositions(of: "A", size: 40)).first?.xAdvance ?? 0
        #expect(glyphs[0].xAdvance < a, "the pair A V is kerned closer than A alone")
    }

    static let fallbackFonts = [
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf", "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf",
        "/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf",
    ]

    @Test(
        "each character takes the first font that has it, per run: Latin from DejaVu, Japanese, Devanagari and Thai from their fallbacks, each run hb-shape's glyphs on that font (the real fonts and hb-shape)",
        .enabled(if: fallbacksInstalled, "needs hb-shape, fonts-droid-fallback and fonts-noto-core"))
    func fallbacks() throws {
        let text = try FreeTypeText(fallbacks: Self.fallbackFonts)
        let runs = [("Save ", 0), ("日本語", 1), (" ", 0), ("हिन्दी", 2), (" ", 0), ("ไทย", 3)]
        let line = runs.map(\.0).joined()
        let ours = try #require(text.glyphPositions(of: line, size: 20))
        var expected: [Expected] = [], faces: [Int] = [], offset: UInt32 = 0
        for (part, face) in runs {
            let file = face == 0 ? Self.font : Self.fallbackFonts[face - 1]
            let shaped = try Self.hbShape(part, size: 20, extra: ["--direction=ltr"], font: file)
            expected += shaped.map { Expected(g: $0.g, cl: $0.cl + offset, dx: $0.dx, dy: $0.dy, ax: $0.ax) }
            faces += shaped.map { _ in face }
            offset += UInt32(part.unicodeScalars.count)
        }
        #expect(ours.map { Expected(g: $0.id, cl: $0.cluster, dx: $0.xOffset, dy: $0.yOffset, ax: $0.xAdvance) } == expected)
        #expect(ours.map(\.face) == faces)
        #expect(text.missingCharacters.isEmpty && text.fallbackProblems.isEmpty)
    }

    @Test("a character no font has is drawn as the missing box and noted; a fallback that is not there is skipped and named")
    func missing() throws {
        let text = try FreeTypeText(fallbacks: ["/nonexistent/NoSuchFont.ttf"])
        let glyphs = text.glyphPositions(of: "a\u{10FFFD}b", size: 20) ?? []
        #expect(glyphs.count == 3 && glyphs[1].id == 0 && glyphs[1].xAdvance > 0, "the box takes room: \(glyphs)")
        #expect(text.missingCharacters == ["\u{10FFFD}"])
        #expect(
            text.fallbackProblems.count == 1 && text.fallbackProblems[0].contains("NoSuchFont.ttf")
                && text.fallbackProblems[0].contains("theme.font.fallbacks"))
        #expect(!text.hasGlyph("\u{10FFFD}") && text.hasGlyph("a"))
        let problems = text.newProblems()
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.first { $0.hasPrefix("no font has U+10FFFD: ") && $0.contains("theme.font.fallbacks") } != nil, "\(problems)")
        #expect(problems.contains { $0.contains("NoSuchFont.ttf") })
        #expect(text.newProblems().isEmpty, "each problem is given out once")
        _ = text.glyphPositions(of: "\u{10FFFD}\u{10FFFC}", size: 20)
        #expect(text.newProblems() == ["no font has U+10FFFC: drawn as the missing box; add a font that has it to theme.font.fallbacks"])
    }

    @Test("a board's theme.font.fallbacks reach the text; a list too long, a single value or a blank name is refused naming the fix")
    func boardFallbacks() throws {
        func load(_ fonts: String) throws -> Board {
            let path = NSTemporaryDirectory() + "halo-fallbacks-\(UUID().uuidString).yaml"
            defer { unlink(path) }
            try "name: fonts\ndisplay: mock\ntheme:\n  font:\n    fallbacks: \(fonts)\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            return try BoardLoader.load(path)
        }
        #expect(
            try load("[NotoSansThai-Regular.ttf, /x/Other.ttf]").theme.fallbackFontPaths == ["NotoSansThai-Regular.ttf", "/x/Other.ttf"])
        #expect(try load("[]").theme.fallbackFontPaths == [])
        #expect(FreeTypeText.fallbacks(nil) == FreeTypeText.defaultFallbacks && FreeTypeText.fallbacks([]).isEmpty)
        let nine = "[" + (1...9).map { "f\($0).ttf" }.joined(separator: ", ") + "]"
        for (bad, reason) in [
            (nine, "names 9 fonts; at most 8"), ("DejaVuSans.ttf", "expected a list of fonts"), ("[\"\"]", "is not a font"),
        ] {
            do {
                _ = try load(bad)
                Issue.record("\(bad) was taken")
            } catch let error as BoardError {
                #expect(error.description.contains(reason) && error.description.contains("write a list of"), "\(error)")
            }
        }
    }

    @Test(
        "a board's locale shapes in its language: Marathi's own letter forms from Noto Sans Devanagari, as hb-shape --language gives them (the real program and font)",
        .enabled(if: fallbacksInstalled, "needs hb-shape and fonts-noto-core"))
    func language() throws {
        let devanagari = Self.fallbackFonts[1]
        let line = "लश १"
        for tag in ["", "mr", "hi"] {
            let text = try FreeTypeText(fontPath: devanagari, fallbacks: [], language: tag)
            let expected = try Self.hbShape(line, size: 20, extra: tag.isEmpty ? [] : ["--language=\(tag)"], font: devanagari)
            #expect(try Self.ours(text, line, size: 20) == expected, "language \(tag)")
        }
        let marathi = try Self.ours(FreeTypeText(fontPath: devanagari, fallbacks: [], language: "mr"), line, size: 20)
        let hindi = try Self.ours(FreeTypeText(fontPath: devanagari, fallbacks: [], language: "hi"), line, size: 20)
        #expect(marathi.map(\.g) != hindi.map(\.g), "the font's Marathi forms differ from its Hindi ones")
    }

    @Test("a board's locale becomes the shaping language: its region kept when it is one, dropped when it is not")
    func localeTags() throws {
        func load(_ locale: String?) throws -> Board {
            let path = NSTemporaryDirectory() + "halo-locale-\(UUID().uuidString).yaml"
            defer { unlink(path) }
            try "name: words\ndisplay: mock\n\(locale.map { "locale: \($0)\n" } ?? "")".write(
                toFile: path, atomically: true, encoding: .utf8)
            return try BoardLoader.load(path)
        }
        #expect(try load("mr").language == "mr")
        #expect(try load("pt_BR").language == "pt-BR")
        #expect(try load("fr-ca").language == "fr-CA")
        #expect(try load("zh-Hant-TW").language == "zh", "a script subtag is not a region; the language alone is used")
        #expect(try load("ar-@@").language == "ar")
        #expect(try load(nil).language.isEmpty)
    }

    @Test("without HarfBuzz each character takes its own glyph; a library that cannot be loaded is named with the fix")
    func unavailable() throws {
        let text = try FreeTypeText()
        text.shapes = false
        #expect(text.glyphPositions(of: "fi", size: 20) == nil)
        #expect(text.width(of: "fi", size: 20) > 0 && text.render("fi", size: 20).width > 0)
        guard case .failure(let error) = HarfBuzzShaper.open("/nonexistent/libharfbuzz.so.0") else {
            Issue.record("a missing library loaded")
            return
        }
        #expect(error.description.contains("/nonexistent/libharfbuzz.so.0") && error.description.contains("install libharfbuzz0b"))
    }

    /// The structures halo_harfbuzz.h declares, laid out as a C compiler lays them out; printed
    /// the same way from HarfBuzz's own hb.h and from ours.
    static let layoutProgram = """
        #include <stddef.h>
        #include <stdio.h>
        #include HEADER
        int main(void) {
            printf("%zu %zu %zu %zu %zu\\n", sizeof(hb_glyph_info_t), offsetof(hb_glyph_info_t, cluster),
                sizeof(hb_glyph_position_t), offsetof(hb_glyph_position_t, x_offset), offsetof(hb_glyph_position_t, y_offset));
            printf("%d %d %d\\n", (int)sizeof(hb_var_int_t), (int)sizeof(hb_codepoint_t), (int)sizeof(hb_position_t));
            return 0;
        }
        """

    @Test(
        "halo_harfbuzz.h lays out HarfBuzz's glyph structures as the installed hb.h does (the real header, compiled)",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/include/harfbuzz/hb.h"), "needs libharfbuzz-dev"))
    func abi() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-hb-abi-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let ours = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CTextLibraries/include/halo_harfbuzz.h").path
        var printed: [String] = []
        for (name, header) in [("theirs", "<harfbuzz/hb.h>"), ("ours", "\"\(ours)\"")] {
            let source = dir.appendingPathComponent("\(name).c"), program = dir.appendingPathComponent(name)
            try Self.layoutProgram.write(to: source, atomically: true, encoding: .utf8)
            let built = try ChildProcess.run(["cc", "-DHEADER=\(header)", "-o", program.path, source.path])
            #expect(built.status == 0, "\(built)")
            printed.append(try ChildProcess.run([program.path]).out)
        }
        #expect(printed[0] == printed[1] && !printed[0].isEmpty, "hb.h: \(printed[0]) ours: \(printed[1])")
    }
}
