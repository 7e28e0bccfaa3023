// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

@testable import HaloEngine
@testable import HaloFreeType

/// Whether hb-shape and every font the script pictures draw with are installed (Debian's
/// libharfbuzz-bin, fonts-dejavu-core, fonts-noto-core, fonts-droid-fallback); a constant of
/// its own, as Swift 6.0 cannot compile a closure inside a test's traits.
let scriptFontsInstalled =
    FileManager.default.fileExists(atPath: "/usr/bin/hb-shape")
    && ([FreeTypeText.defaultFontPath] + FreeTypeText.defaultFallbacks).allSatisfy { FileManager.default.fileExists(atPath: $0) }

/// Labels in Arabic, Hebrew, Devanagari, Thai, Chinese, Japanese and a mixed line, each on a
/// ring, a bar, a toast and a checkout, drawn with the default fonts in the board locale of
/// their language. Every line drawn is checked glyph for glyph against hb-shape on the font
/// each piece of it took, with the same context, direction and language; the pictures then pin
/// the pixels (Tests/HaloEngineTests/Golden/script-*.png).
@Suite("Labels in every script: golden pictures, each line against hb-shape (the real program)")
struct ScriptGoldenTests {
    struct Script: Sendable, CustomStringConvertible {
        var name: String
        var locale: String
        var label: String
        var description: String { name }
    }

    static let scripts = [
        Script(name: "arabic", locale: "ar", label: "جارٍ تحميل الصور إلى ألبوم العائلة"),
        Script(name: "hebrew", locale: "he", label: "מעלה תמונות לאלבום המשפחתי"),
        Script(name: "devanagari", locale: "hi", label: "परिवार एल्बम में फ़ोटो अपलोड हो रहे हैं"),
        Script(name: "thai", locale: "th", label: "กำลังอัปโหลดรูปภาพ ไปยังอัลบั้มครอบครัว"),
        Script(name: "chinese", locale: "zh", label: "正在将照片上传到家庭相册，请稍候"),
        Script(name: "japanese", locale: "ja", label: "写真を家族のアルバムにアップロードしています"),
        Script(name: "mixed", locale: "en", label: "Sending تقرير.pdf to the 東京 office"),
    ]

    static let kinds = [
        ("ring", #"show a circular label="%@" value=40%%"#), ("bar", #"show a linear label="%@" value=40%%"#),
        ("toast", #"toast "%@""#), ("checkout", #"show a checkout label="%@""#),
    ]

    @Test(
        "each script's label on a ring, a bar, a toast and a checkout matches its golden picture, every line hb-shape's glyphs",
        .enabled(if: scriptFontsInstalled, "needs hb-shape, fonts-noto-core and fonts-droid-fallback"),
        arguments: ScriptGoldenTests.scripts)
    func script(_ script: Script) throws {
        for (kind, command) in Self.kinds {
            var theme = Theme()
            theme.valueWriting = try #require(ValueWriting.named(script.locale))
            var policy = Policy()
            policy.showDelay = Milliseconds(0)
            let text = try FreeTypeText(language: ValueWriting.languageTag(script.locale))
            let engine = Engine(screenWidth: 480, screenHeight: 480, theme: theme, policy: policy, text: text)
            let screen = Screen(engine: engine, display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888))
            try engine.run(String(format: command, script.label), at: 0)
            try screen.update(at: .milliseconds(1000))
            let lines = engine.labels.layouts.entries.values.flatMap(\.value.lines)
            #expect(!lines.isEmpty, "\(script.name) on a \(kind): no label laid out")
            for line in Set(lines) { try Self.checkAgainstHbShape(line, text: text, size: theme.fontSize) }
            #expect(text.missingCharacters.isEmpty, "\(script.name): no font has \(text.missingCharacters)")
            try GoldenTests.match(try screen.display.png(), golden: "script-\(script.name)-\(kind)")
        }
    }

    /// `line`'s glyphs as Halo shapes them, stretch by stretch, against hb-shape given the same
    /// font, the rest of the line as context, the direction and the language.
    static func checkAgainstHbShape(_ line: String, text: FreeTypeText, size: Int32) throws {
        let glyphs = try #require(text.glyphPositions(of: line, size: size))
        let scalars = Array(line.unicodeScalars.map { Character($0) })
        var next = 0
        for stretch in text.stretches(of: line) {
            let piece = String(scalars[stretch.range])
            var options = [
                "--text-before=" + String(scalars[..<stretch.range.lowerBound]),
                "--text-after=" + String(scalars[stretch.range.upperBound...]),
            ]
            if let rtl = stretch.rightToLeft { options.append(rtl ? "--direction=rtl" : "--direction=ltr") }
            if !text.language.isEmpty { options.append("--language=\(text.language)") }
            let expected = try ShapingTests.hbShape(piece, size: size, extra: options, font: text.faces[stretch.face].path)
            let ours = glyphs[next..<min(glyphs.count, next + expected.count)].map {
                ShapingTests.Expected(
                    g: $0.id, cl: $0.cluster - UInt32(stretch.range.lowerBound), dx: $0.xOffset, dy: $0.yOffset, ax: $0.xAdvance)
            }
            #expect(ours == expected, "\(piece) in \(line)")
            next += expected.count
        }
        #expect(next == glyphs.count, "\(line): every glyph belongs to a stretch")
    }
}
