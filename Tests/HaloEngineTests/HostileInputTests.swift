// SPDX-License-Identifier: Apache-2.0
import Foundation
import Glibc
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// What a hostile or clumsy client can send through the engine, layout and renderer: each case
/// once trapped, looped or showed the wrong thing.
@Suite("Hostile input through the engine")
struct HostileInputTests {
    func screen(width: Int32 = 200, height: Int32 = 120, theme: Theme = Theme()) -> Screen<MemoryDisplay> {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: width, screenHeight: height, theme: theme, policy: p, text: BlockText())
        return Screen(engine: engine, display: MemoryDisplay(width: width, height: height, format: .xrgb8888))
    }

    func refusal(_ line: String) -> ControlError? {
        if case .failure(let e) = CommandParser.parse(line) { return e }
        return nil
    }

    @Test(
        "regions past ±16384 px are refused as out-of-range before anything adds them up",
        arguments: [
            "show p partial region=100,100,2147483647,100", "show p linear region=0,0,16777216,100 value=50%",
            "show p circular region=-2147483648,0,100,100", "show p spinner region=0,16385,10,10", "show p partial region=0,0,10,16385",
        ])
    func hugeRegions(line: String) throws {
        let e = try #require(refusal(line))
        #expect(e.code == "out-of-range", "\(e)")
        #expect(e.message.contains("16384") && e.message.contains("region=40,120,400,240"), "\(e)")
        // An embedding app that builds the command itself meets the same check in the engine.
        let engine = makeEngine()
        var o = ShowOptions()
        o.region = Region(x: 100, y: 100, width: .max, height: 100)
        #expect(throws: ControlError.self) { try engine.apply(.show(id: "p", kind: .partial, options: o), at: .zero) }
    }

    @Test(
        "regions at the limit, partly off screen or a pixel small draw every kind that takes one without trapping",
        arguments: [IndicatorKind.circular, .linear, .spinner, .partial])
    func extremeRegionsDraw(kind: IndicatorKind) throws {
        let regions = [
            "-16383,-16383,16384,16384", "199,119,16384,16384", "0,0,1,1", "-16383,0,16384,1", "100,60,16384,16384", "0,0,16384,16384",
            "199,0,1,120",
        ]
        for region in regions {
            let s = screen()
            let extra = kind.canBeDeterminate ? " value=1/3" : ""
            let label = kind.takesLabel ? #" label="A label of several words""# : ""
            try s.engine.run("show a \(kind.rawValue) region=\(region)\(extra)\(label)", at: 0)
            for t: Int64 in [0, 100, 400, 1000] { try s.update(at: .milliseconds(t)) }
            if kind.hasOutcome {
                try s.engine.run(#"fail a "Did not work""#, at: 1100)
                try s.update(at: .milliseconds(1200))
            }
        }
    }

    @Test(
        "progress text is the app's own value, rounded down only where it was not whole percent",
        arguments: [
            ("0.4", "40%"), ("0.7", "70%"), ("0.29", "29%"), ("0.57", "57%"), ("0.996", "99%"), ("99.6%", "99%"),
            ("99.99999%", "99%"), ("60%", "60%"), ("60.5%", "60%"), ("1", "100%"), ("1.0", "100%"), ("0", "0%"),
            ("30/100", "30/100"), ("1/3", "1/3"),
        ])
    func exactProgressText(value: String, shown: String) throws {
        guard case .progress(_, let v) = parse("progress a \(value)") else {
            Issue.record("not progress")
            return
        }
        #expect(v.text == shown)
        // The label on screen ends with the same text.
        let engine = makeEngine()
        try engine.run("show a linear label=\"Copying files\" value=\(value)", at: 0)
        let words = engine.layers(atMs: 600).count
        #expect(words > 0)
    }

    @Test("every count's rounded-down percentage matches exact arithmetic")
    func countPercentages() throws {
        for total: Int64 in [1, 3, 7, 100, 999, 1_000_003] {
            for done in Set([0, 1, total / 3, total / 2, total - 1, total]) where done >= 0 {
                guard case .progress(_, let v) = parse("progress a \(done)/\(total)") else { continue }
                #expect(v.wholePercent == Int32(done * 100 / total), "\(done)/\(total)")
            }
        }
    }

    @Test("label layout ends for every width, however narrow, and never gives more than two lines")
    func layoutTerminates() {
        let measure = { (s: String) -> Int32 in Int32(s.count) * 8 }
        let texts = ["", "a", "Uploading 24 photos to the family album", String(repeating: "W", count: 4000), "a b c d e f g h"]
        for width: Int32 in [-1000, -1, 0, 1, 7, 8, 9, 40, 10_000] {
            for text in texts {
                let r = LabelLayout.lines(text, maxWidth: width, measure: measure)
                #expect(r.lines.count <= LabelLayout.maximumLines, "\(width) \(text.prefix(10))")
                if width >= 8 {
                    // Every line fits, the ellipsis included.
                    for line in r.lines { #expect(measure(line) <= width, "\(line) in \(width)") }
                }
            }
        }
    }

    @Test("a theme that leaves no room for text still lays labels, toasts and checkout messages out and draws them")
    func noRoomStillDraws() throws {
        var theme = Theme()
        theme.toastHeight = 642
        for width: Int32 in [16, 31, 32, 33, 47] {
            let s = screen(width: width, height: 120, theme: theme)
            try s.engine.run(#"show a circular label="Uploading photos" value=10%"#, at: 0)
            try s.engine.run(#"show b spinner label="Finding printers""#, at: 0)
            try s.engine.run(#"show c checkout label="Processing payment""#, at: 0)
            try s.engine.run(#"toast "Settings saved on the device""#, at: 0)
            #expect(s.engine.lineCount(of: "Some words here", toast: true) >= 1)
            for t: Int64 in [0, 300, 900] { try s.update(at: .milliseconds(t)) }
        }
    }

    @Test("one user's one-shot clients take at most their share; other users and the boot splash still get places")
    func activityShares() throws {
        let engine = makeEngine()
        func show(_ id: String, connection: Int, user: UInt32?) -> String {
            do {
                try engine.apply(
                    parse("show \(id) spinner"), at: .zero, owner: user == nil ? .host : Owner(connection: connection, user: user))
                return "ok"
            } catch { return error.message }
        }
        // 256 one-shot connections of one user, as `halo ctl show fN spinner` makes them.
        let replies = (0..<256).map { show("f\($0)", connection: $0 + 1, user: 1000) }
        #expect(replies.filter { $0 == "ok" }.count == Engine.maximumActivitiesPerUser)
        #expect(replies.last?.contains("this user's programs already have 192 activities") == true, "\(replies.last ?? "")")
        // Another user has room, up to what clients may hold together.
        let others = (0..<100).map { show("g\($0)", connection: 1000 + $0, user: 1001) }
        let kept = Engine.maximumActivities - Engine.placesKeptForHost - Engine.maximumActivitiesPerUser
        #expect(others.filter { $0 == "ok" }.count == kept)
        #expect(others.last?.contains("places are kept for the boot splash") == true, "\(others.last ?? "")")
        // The psplash bar (the host) still gets its place.
        #expect(show("psplash", connection: 0, user: nil) == "ok")
    }

    @Test("activities are capped in total and per owner, with a clear limit error; ended ones make room again")
    func activityLimits() throws {
        let engine = makeEngine()
        for i in 0..<Engine.maximumActivitiesPerOwner {
            try engine.apply(parse("show s\(i) spinner"), at: .zero, owner: Owner(connection: 7, user: 1000))
        }
        do {
            try engine.apply(parse("show one-more spinner"), at: .zero, owner: Owner(connection: 7, user: 1000))
            Issue.record("owner 7 went past its limit")
        } catch {
            #expect(error.code == "limit" && error.message.contains("\(Engine.maximumActivitiesPerOwner) activities"), "\(error)")
        }
        // Updating one it has is no new activity; another owner still has room.
        try engine.apply(parse("show s0 spinner label=\"Finding printers\""), at: .zero, owner: Owner(connection: 7, user: 1000))
        for i in 0..<(Engine.maximumActivities - Engine.maximumActivitiesPerOwner) {
            try engine.apply(parse("show t\(i) spinner"), at: .zero)
        }
        do {
            try engine.run("show full spinner", at: 0)
            Issue.record("the engine went past its total limit")
        } catch {
            #expect(error.code == "limit" && error.message.contains("\(Engine.maximumActivities) activities"), "\(error)")
        }
        #expect(engine.activityIDs(at: .zero).count == Engine.maximumActivities)
        // A dismissed activity that never showed leaves at once and frees its place.
        try engine.run("dismiss t0", at: 100)
        try engine.run("show full spinner", at: 100)
        // Every frame of a full engine draws.
        let s = Screen(engine: engine, display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888))
        for t: Int64 in [600, 616, 700] { try s.update(at: .milliseconds(t)) }
    }

    @Test("a font that is a FIFO, a directory, empty or not a font is refused at once with the reason in words")
    func badFonts() throws {
        let fifoFile = TemporaryFIFO("font-fifo")
        let fifo = fifoFile.path
        // Mapped, not read: an empty file cannot be mapped and is named as empty.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("empty-font-\(getpid()).ttf").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: empty) }
        for (path, words) in [
            (fifo, "is a FIFO, not a regular file"), ("/tmp", "is a directory"), ("/etc/hostname", "not a font FreeType knows"),
            (empty, "\(empty) is empty"),
        ] {
            do {
                _ = try FreeTypeText(fontPath: path)
                Issue.record("\(path) loaded as a font")
            } catch {
                #expect(error.description.contains(words) && error.description.contains("theme.font.file"), "\(error)")
                #expect(!error.description.contains("FreeType error"), "\(error)")
            }
        }
    }

    /// Counts the lines it rasterises, drawing them as `BlockText` does.
    final class CountingText: TextRasterizer {
        let blocks = BlockText()
        var renders = 0
        func lineHeight(size: Int32) -> Int32 { blocks.lineHeight(size: size) }
        func width(of text: String, size: Int32) -> Int32 { blocks.width(of: text, size: size) }
        func render(_ text: String, size: Int32) -> CoverageMask {
            renders += 1
            return blocks.render(text, size: size)
        }
    }

    @Test("256 inline spinners with labels of their own draw their labels once, not on every frame")
    func labelsOnScreenStayCached() throws {
        let text = CountingText()
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 1920, screenHeight: 1080, theme: Theme(), policy: policy, text: text)
        for i in 0..<Engine.maximumActivities {
            let x = Int32(i % 16) * 120, y = Int32(i / 16) * 66
            try engine.run("show s\(i) spinner region=\(x),\(y),120,66 label=\"Row \(i) syncing\"", at: 0)
        }
        _ = engine.layers(atMs: 100)
        let first = text.renders
        #expect(first >= Engine.maximumActivities, "each label drawn once: \(first)")
        for t in stride(from: Int64(116), to: 400, by: 16) { _ = engine.layers(atMs: t) }
        #expect(text.renders == first, "frames after the first draw no label again: \(text.renders - first) more")
    }

    /// DejaVu Sans with its units per em (the head table's field at offset 18) set to `em`.
    func fontClaiming(em: UInt16) throws -> String {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: FreeTypeText.defaultFontPath)))
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for k in 0..<tables {
            let entry = 12 + 16 * k
            guard bytes[entry..<entry + 4].elementsEqual(Array("head".utf8)) else { continue }
            let offset = bytes[entry + 8..<entry + 12].reduce(0) { $0 << 8 | Int($1) }
            bytes[offset + 18] = UInt8(em >> 8)
            bytes[offset + 19] = UInt8(em & 0xFF)
        }
        let path = "/tmp/halo-test-\(getpid())-em\(em).ttf"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a font whose units per em lie is refused when loaded; one that lies less draws glyphs no larger than its size allows")
    func lyingUnitsPerEm() throws {
        let hostile = try fontClaiming(em: 16)
        defer { unlink(hostile) }
        do {
            _ = try FreeTypeText(fontPath: hostile)
            Issue.record("a font with 16 units per em loaded")
        } catch {
            #expect(error.description.contains("units per em are wrong") && error.description.contains("theme.font.file"), "\(error)")
        }
        // 600 units per em for outlines drawn on 2048: it loads (DejaVu spans 2.8 ems, so 9.6
        // of these), and each glyph is 3.4 times too large; none may be drawn larger than its
        // size allows.
        let lying = try fontClaiming(em: 600)
        defer { unlink(lying) }
        let text = try FreeTypeText(fontPath: lying)
        text.prepare(sizes: [200])
        let mask = text.render("Жж Mg", size: 200)
        #expect(mask.width <= 200 * 4 * 5 && mask.height <= 200 * 4, "\(mask.width)×\(mask.height)")
        let small = text.render("Mg", size: 16)
        #expect(small.coverage.contains { $0 > 0 }, "within bounds it still draws")
    }
}
