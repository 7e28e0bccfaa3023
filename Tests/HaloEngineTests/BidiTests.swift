// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

@testable import HaloFreeType

/// Lines of mixed direction put in the order they are seen (`BidiRuns`, on FriBidi): checked
/// against the Unicode Consortium's own conformance file, and shaped runs against hb-shape.
@Suite("Right-to-left and mixed-direction lines, by the Unicode Bidirectional Algorithm")
struct BidiTests {
    static let conformance = "/usr/share/unicode/BidiCharacterTest.txt"

    /// The logical indices left to right as our runs put them.
    static func visualOrder(_ runs: [BidiRuns.Run]) -> [Int] {
        runs.flatMap { $0.rightToLeft ? Array(($0.start..<$0.end).reversed()) : Array($0.start..<$0.end) }
    }

    @Test(
        "every line of Unicode's BidiCharacterTest.txt comes out in its visual order (Debian's unicode-data, the real file)",
        .enabled(if: FileManager.default.fileExists(atPath: conformance), "needs unicode-data (apt-get install unicode-data)"))
    func conformanceFile() throws {
        let text = try String(contentsOfFile: Self.conformance, encoding: .utf8)
        var checked = 0, wrong: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count == 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: Bool? = fields[1] == "0" ? false : fields[1] == "1" ? true : nil
            let removed = Set(fields[3].split(separator: " ").enumerated().filter { $0.element == "x" }.map(\.offset))
            let expected = fields[4].split(separator: " ").compactMap { Int($0) }
            let got = Self.visualOrder(try BidiRuns.runs(scalars, rightToLeft: direction)).filter { !removed.contains($0) }
            checked += 1
            if got != expected && wrong.count < 5 { wrong.append("\(line) → \(got)") }
            if got != expected && wrong.count == 5 { wrong.append("…") }
        }
        #expect(checked > 90_000, "lines checked: \(checked)")
        #expect(wrong.isEmpty, "\(wrong.joined(separator: "\n"))")
    }

    @Test("a line reads right to left when its first strong letter does (FriBidi, rules P2 and P3); a direction mark is drawn as nothing")
    func paragraphDirection() throws {
        let text = try FreeTypeText()
        #expect(text.isRightToLeft("שלום abc") && text.isRightToLeft("40 % مرحبا") && text.isRightToLeft("\u{200F}Windows"))
        #expect(!text.isRightToLeft("abc שלום") && !text.isRightToLeft("40 %") && !text.isRightToLeft(""))
        #expect(text.isRightToLeft("\u{2066}abc\u{2069} שלום"), "an isolate's letters do not count")
        #expect(text.width(of: "\u{200F}Windows", size: 20) == text.width(of: "Windows", size: 20))
    }

    @Test("a Hebrew word in an English line, and a number in an Arabic one, each run in its place")
    func mixed() throws {
        let hebrew = Array("abc אבג def".unicodeScalars.map(\.value))
        #expect(
            try BidiRuns.runs(hebrew) == [
                .init(start: 0, end: 4, rightToLeft: false), .init(start: 4, end: 7, rightToLeft: true),
                .init(start: 7, end: 11, rightToLeft: false),
            ])
        let arabic = Array("تحميل 40%".unicodeScalars.map(\.value))
        // After Arabic letters the digits are Arabic numbers (rule W2), read left to right at
        // the line's left end; the percent sign is then a neutral of the right-to-left line.
        #expect(
            try BidiRuns.runs(arabic) == [
                .init(start: 8, end: 9, rightToLeft: true), .init(start: 6, end: 8, rightToLeft: false),
                .init(start: 0, end: 6, rightToLeft: true),
            ])
        #expect(!BidiRuns.needsBidi(Array("Uploading 40 %".unicodeScalars.map(\.value))), "a Latin line never loads FriBidi")
    }

    @Test(
        "a mixed line's glyphs are hb-shape's for each run, runs in the order they are seen (the real hb-shape)",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/bin/hb-shape"), "needs hb-shape (apt-get install libharfbuzz-bin)"))
    func shapedRuns() throws {
        let text = try FreeTypeText()
        let line = "Total: مرحبا بالعالم 40%"
        let ours = try #require(text.glyphPositions(of: line, size: 20))
        var expected: [ShapingTests.Expected] = []
        let scalars = Array(line.unicodeScalars)
        for run in try BidiRuns.runs(scalars.map(\.value)) {
            let part = String(String.UnicodeScalarView(scalars[run.start..<run.end]))
            let direction = run.rightToLeft ? "rtl" : "ltr"
            expected += try ShapingTests.hbShape(part, size: 20, extra: ["--direction=\(direction)"]).map {
                var g = $0
                g.cl += UInt32(run.start)
                return g
            }
        }
        #expect(ours.map { ShapingTests.Expected(g: $0.id, cl: $0.cluster, dx: $0.xOffset, dy: $0.yOffset, ax: $0.xAdvance) } == expected)
    }

    @Test(
        "halo_fribidi.h gives FriBidi's types and paragraph directions as the installed fribidi.h does (the real header, compiled)",
        .enabled(if: FileManager.default.fileExists(atPath: "/usr/include/fribidi/fribidi.h"), "needs libfribidi-dev"))
    func abi() throws {
        let program = """
            #include <stdio.h>
            #include HEADER
            int main(void) {
                printf("%u %u %u %zu %zu %zu %zu\\n", (unsigned)FRIBIDI_PAR_LTR, (unsigned)FRIBIDI_PAR_RTL, (unsigned)FRIBIDI_PAR_ON,
                    sizeof(FriBidiLevel), sizeof(FriBidiStrIndex), sizeof(FriBidiCharType), sizeof(FriBidiChar));
                return 0;
            }
            """
        let ours = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CTextLibraries/include/halo_fribidi.h").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-fribidi-abi-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var printed: [String] = []
        for (name, header, defines) in [
            ("theirs", "<fribidi.h>", ""),
            (
                "ours", "\"\(ours)\"",
                "-DFRIBIDI_PAR_LTR=HALO_FRIBIDI_PAR_LTR -DFRIBIDI_PAR_RTL=HALO_FRIBIDI_PAR_RTL -DFRIBIDI_PAR_ON=HALO_FRIBIDI_PAR_ON"
            ),
        ] {
            let source = dir.appendingPathComponent("\(name).c"), binary = dir.appendingPathComponent(name)
            try program.write(to: source, atomically: true, encoding: .utf8)
            let flags = defines.split(separator: " ").map(String.init)
            let built = try ChildProcess.run(
                ["cc", "-I/usr/include/fribidi", "-DHEADER=\(header)"] + flags + ["-o", binary.path, source.path])
            #expect(built.status == 0, "\(built)")
            printed.append(try ChildProcess.run([binary.path]).out)
        }
        #expect(printed[0] == printed[1] && !printed[0].isEmpty, "fribidi.h: \(printed[0]) ours: \(printed[1])")
    }
}
