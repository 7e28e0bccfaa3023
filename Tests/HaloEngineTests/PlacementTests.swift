// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import HaloTestSupport
import Testing

/// `place=` on `show`: where each placement puts an indicator, what it refuses, and how it
/// shares the screen with the centre.
@Suite("Placements")
struct PlacementTests {
    func fastPolicy() -> Policy {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        return p
    }

    @Test("place= parses every placement and names them all when the word is unknown")
    func parsing() throws {
        for p in Placement.allCases {
            guard case .show(_, _, let o) = parse("show a circular place=\(p.rawValue)") else {
                Issue.record("not a show")
                continue
            }
            #expect(o.place == p)
        }
        guard case .failure(let e) = CommandParser.parse("show a circular place=side") else {
            Issue.record("place=side parsed")
            return
        }
        #expect(e.message.contains("center, top, bottom, inline, toast, dialog"), "\(e)")
    }

    @Test(
        "a placement that does not suit the kind, or its region, is refused with the reason",
        arguments: [
            ("show a network place=dialog", "corner"), ("show a checkout place=top", "whole screen"),
            ("show a partial region=0,0,100,100 place=toast", "region="),
            ("show a linear place=top", "circular or spinner"), ("show a linear place=bottom", "circular or spinner"),
            ("show a circular place=toast", "linear"), ("show a spinner place=toast", "linear"),
            ("show a circular place=inline", "region=x,y,w,h"),
            ("show a circular place=center region=0,0,100,100", "place=inline"),
            ("show a linear place=toast region=0,0,100,100", "drop region="),
            ("show a spinner place=dialog region=0,0,100,100", "drop region="),
            ("show a network region=0,0,100,100", "top-right corner, so region= is refused"),
            ("show a checkout region=0,0,100,100", "dims the whole screen, so region= is refused"),
            ("show a partial", "add region=x,y,w,h"),
        ])
    func refusals(line: String, reason: String) {
        let engine = makeEngine()
        do {
            try engine.run(line, at: 0)
            Issue.record("`\(line)` was accepted")
        } catch {
            #expect(error.code == "refused" && error.message.contains(reason), "`\(line)`: \(error)")
        }
        #expect(engine.activityIDs(at: .milliseconds(0)).isEmpty)
    }

    @Test(
        "an error in a progress toast gets two lines for its advice; one that still does not fit is carried out with a warning saying where it would"
    )
    func errorLabelsKeepTheirAdvice() throws {
        let engine = makeEngine()
        try engine.run("show img linear place=toast value=40% label=\"Uploading the photo\"", at: 0)
        let fits = try engine.run("fail img \"Upload failed. Check the network and try again.\"", at: 12_000)
        #expect(fits.isEmpty, "\(fits)")
        let texts = engine.layers(atMs: 13_000).filter { if case .mask = $0.drawable { return true } else { return false } }
        #expect(texts.count == 2, "two lines of label in the toast: \(texts.count)")
        try engine.run("show img2 linear place=toast value=40%", at: 13_000)
        let long = "Upload failed: the server did not answer. Check the network cable and try again."
        let cut = try engine.run("fail img2 \"\(long)\"", at: 14_000)
        #expect(cut.count == 1, "\(cut)")
        #expect(cut.first?.message.contains("is cut to") == true && cut.first?.message.contains("in place=toast") == true)
        #expect(cut.first?.message.contains("show the indicator with place=center, where it shows whole") == true, "\(cut)")
    }

    @Test("a dialog's track is as light as its white box asks; elsewhere the theme's track")
    func dialogTrack() throws {
        let engine = makeEngine()
        try engine.run("show contacts circular place=dialog value=65%", at: 0)
        try engine.run("show up circular value=40%", at: 0)
        let rings = engine.rings(atMs: 1000)
        let theme = Theme()
        #expect(rings.contains { $0.track == theme.box.mixed(toward: theme.boxText, eighths: 1) })
        #expect(rings.contains { $0.track == theme.track })
        #expect(theme.box.mixed(toward: theme.boxText, eighths: 1) == Color(rgb: 0xE4E4E4), "white an eighth of the way to #1C1C1E")
    }

    @Test("the kinds with a place of their own accept it by name; a running activity keeps its place but its region may move")
    func ownPlacesAndUpdates() throws {
        let engine = makeEngine(policy: fastPolicy())
        try engine.run("show pay checkout place=dialog", at: 0)
        try engine.run("show card partial region=0,0,100,100 place=inline", at: 0)
        try engine.run("show pull spinner place=top", at: 0)
        #expect(throws: ControlError.self) { try engine.run("show pull spinner place=bottom", at: 1) }
        #expect(throws: ControlError.self) { try engine.run("show pull spinner place=inline region=0,0,200,80", at: 1) }
        try engine.run("show pull spinner", at: 2)  // no place: it keeps the top
        try engine.run("show item circular region=0,0,200,80", at: 3)
        try engine.run("show item circular region=0,100,200,80", at: 4)  // a list row scrolled
        let ring = try #require(pictureBoxes(engine.layers(atMs: 10))[4])  // serials count the new activities: item is the 4th
        #expect(IntRect(x: 0, y: 100, width: 200, height: 80).contains(ring))
    }

    @Test("top and bottom put a small circle at the middle of the screen's edge, clear of the network corner, or at a region's edge")
    func edges() throws {
        let engine = makeEngine(policy: fastPolicy())
        try engine.run("show pull spinner place=top label=\"Refreshing inbox\"", at: 0)
        try engine.run("show more circular place=bottom", at: 0)
        try engine.run("show net network", at: 0)
        try engine.run("show card spinner place=top region=40,300,200,120", at: 0)
        let found = pictureBoxes(engine.layers(atMs: 100))
        let theme = Theme()
        let top = try #require(engine.rings(atMs: 100).first { $0.centerY < 100 << 8 && $0.centerX == 240 << 8 })
        #expect(top.outerRadius == theme.spinnerDiameter << 7)
        let pull = try #require(found[1]), net = try #require(found[3])
        #expect(!pull.intersects(net))
        #expect(pull.y >= theme.networkMargin + theme.networkDiameter, "below the network corner's reach")
        let more = try #require(found[2])
        #expect(more.maxY <= 480 - theme.networkMargin && more.maxY > 400 && more.x + more.width / 2 == 240)
        let card = try #require(found[4])
        #expect(IntRect(x: 40, y: 300, width: 200, height: 120).contains(card) && card.y - 300 <= theme.labelGap)
    }

    @Test("one indicator stands at each screen edge: the next waits for it to leave")
    func oneAtEachEdge() throws {
        var policy = fastPolicy()
        policy.minimumVisible = Milliseconds(0)
        let engine = makeEngine(policy: policy)
        try engine.run("show a spinner place=top", at: 0)
        try engine.run("show b spinner place=top", at: 0)
        #expect(Set(pictureBoxes(engine.layers(atMs: 10)).keys) == [2], "b, the newer")
        try engine.run("dismiss b", at: 20)
        #expect(Set(pictureBoxes(engine.layers(atMs: 30)).keys) == [1], "then a")
    }

    @Test("inline, top and bottom in a region keep the indicator and its label inside it, for many random regions and kinds")
    func inlineStaysInside() throws {
        var seed: UInt64 = 99
        func next(_ n: Int32) -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int32((seed >> 33) % UInt64(n))
        }
        for round in 0..<600 {
            let engine = makeEngine(policy: fastPolicy())
            let region = IntRect(x: next(300), y: next(300), width: 1 + next(180), height: 1 + next(180))
            let kind = ["circular", "linear", "spinner"][Int(next(3))]
            var line = "show a \(kind) region=\(region.x),\(region.y),\(region.width),\(region.height)"
            if kind != "linear" && next(3) == 0 { line += next(2) == 0 ? " place=top" : " place=bottom" }
            if next(2) == 0 { line += " label=\"Syncing the inbox\"" }
            if kind != "spinner" && next(2) == 0 { line += " value=\(next(101))%" }
            if kind != "spinner" && next(3) == 0 { line += " cancellable=yes" }
            let warnings = try engine.run(line, at: 0)
            let layers = engine.layers(atMs: 100)
            let whole = layers.reduce(IntRect.empty) { $0.union($1.drawable.bounds) }
            #expect(region.contains(whole), "round \(round): `\(line)` draws \(whole)")
            let drewText = layers.contains { if case .mask = $0.drawable { return true } else { return false } }
            if line.contains("label=") {
                #expect(drewText == warnings.isEmpty, "round \(round): `\(line)`: text drawn \(drewText), warnings \(warnings)")
            }
        }
    }

    @Test("a label left out of a small region is warned about, and the region size the warning asks for shows it")
    func labelLeftOut() throws {
        let engine = makeEngine(policy: fastPolicy())
        let warnings = try engine.run("show a circular region=10,10,300,40 label=\"Syncing\"", at: 0)
        let warning = try #require(warnings.first?.message)
        #expect(warning.contains("left out") && warning.contains("300×40"), "\(warning)")
        // "at least N px high and M px wide"
        let numbers = warning.split(separator: " ").compactMap { Int32($0) }
        let high = try #require(numbers.first)
        #expect(try engine.run("show b circular region=10,100,300,\(high) label=\"Syncing\"", at: 0).isEmpty)
        #expect(try engine.run("show c spinner place=top region=10,200,300,\(high - 1) label=\"Syncing\"", at: 0).count == 1)
        let edge = try #require(try engine.run("show d spinner place=top region=10,300,300,20 label=\"Syncing\"", at: 0).first?.message)
        let edgeHigh = try #require(edge.split(separator: " ").compactMap { Int32($0) }.first)
        #expect(try engine.run("show e spinner place=top region=10,300,300,\(edgeHigh) label=\"Syncing\"", at: 0).isEmpty)
    }

    @Test("a progress toast stays until its work ends, under the timed toast's place and below it in the stack")
    func progressToast() throws {
        let engine = makeEngine(policy: fastPolicy())
        try engine.run("show up linear place=toast label=\"Uploading image\" value=30%", at: 0)
        try engine.run("toast \"Settings saved\"", at: 0)
        let layers = engine.layers(atMs: 1000)
        let up = try #require(pictureBoxes(layers)[1])
        let timed = layers.filter { $0.key >= 0xF000_0000 }.reduce(IntRect.empty) { $0.union($1.drawable.bounds) }
        #expect(!timed.isEmpty && !up.intersects(timed) && up.y >= timed.maxY, "progress toast \(up), timed toast \(timed)")
        let firstTimed = try #require(layers.firstIndex { $0.key >= 0xF000_0000 })
        #expect(layers.lastIndex { $0.key >> 4 == 1 }! < firstTimed, "timed toasts draw above")
        // Long after any timed toast would have gone, it is still there; its outcome ends it.
        #expect(pictureBoxes(engine.layers(atMs: 60_000))[1] != nil)
        try engine.run("succeed up \"Image uploaded\"", at: 60_000)
        #expect(pictureBoxes(engine.layers(atMs: 60_100))[1] != nil)
        #expect(pictureBoxes(engine.layers(atMs: 70_000))[1] == nil)
    }

    @Test("a progress dialog dims the whole screen, shows a determinate ring and its label in a box, and only the newest modal is drawn")
    func dialog() throws {
        let engine = makeEngine(policy: fastPolicy())
        try engine.run("show up circular label=\"Uploading\" value=10%", at: 0)
        try engine.run("show sync circular place=dialog label=\"Syncing all contacts\" value=65%", at: 0)
        let layers = engine.layers(atMs: 1000)
        let sync: UInt32 = 2
        guard case .fill(let dim, _)? = layers.first(where: { $0.key == sync << 4 })?.drawable else {
            Issue.record("no dimming layer")
            return
        }
        #expect(dim == IntRect(x: 0, y: 0, width: 480, height: 480))
        #expect(layers.last.map { $0.key >> 4 } == sync, "the dialog draws above the centre")
        let ring = try #require(engine.rings(atMs: 1000).first { $0.outerRadius == Theme().spinnerDiameter << 7 })
        #expect(ring.arcSweep.units == Angle.unitsPerTurn * 65 / 100 || abs(ring.arcSweep.units - Angle.unitsPerTurn * 65 / 100) <= 1)
        try engine.run("show pay checkout label=\"Processing payment\"", at: 1000)
        let modal = Set(engine.layers(atMs: 2000).map { $0.key >> 4 }).filter { $0 == sync || $0 == 3 }
        #expect(modal == [3], "the newest modal (the checkout) alone")
    }

    @Test("the LED ring keeps following the most important activity, wherever it is placed")
    func ledRingFollows() throws {
        let engine = makeEngine(policy: fastPolicy())
        try engine.run("show find spinner place=top", at: 0)
        try engine.run("show up linear place=toast value=50%", at: 0)
        var look = LedRingLook()
        look.count = 12
        let colors = engine.ledColors(look, at: .milliseconds(1000))
        // Half of the ring lit: the progress toast's 50 %, not the spinner's turning arc.
        #expect(colors.prefix(6).allSatisfy { $0 != .black } && colors.suffix(6).allSatisfy { $0 == .black }, "\(colors)")
    }
}
