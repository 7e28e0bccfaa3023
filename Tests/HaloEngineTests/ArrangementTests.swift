// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// Several activities at the centre share it without overlapping: checked as a property over
/// random sets of activities on every shipped board, upright and turned a quarter.
@Suite("Concurrent activities at the centre")
struct ArrangementTests {
    static let boards: [Board] = BoardTests.shippedNames.compactMap { try? BoardLoader.load("\(BoardTests.boardsFolder)/\($0).yaml") }

    @Test(
        "at rest, no two indicators, labels or progress toasts overlap and all stay on screen, for random sets and placements on every board at 0 and 90 degrees"
    )
    func noOverlap() throws {
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        let labels = [
            nil, "Copying", "Uploading 24 photos to the family album", "Syncing contacts with the phone and the cloud backup service",
        ]
        #expect(Self.boards.count >= 10)
        for board in Self.boards {
            for turned in [false, true] {
                let w = turned ? board.logicalHeight : board.logicalWidth, h = turned ? board.logicalWidth : board.logicalHeight
                for round in 0..<25 {
                    var policy = board.policy
                    policy.showDelay = Milliseconds(0)
                    let text = RecordingText()
                    let engine = Engine(screenWidth: w, screenHeight: h, theme: board.theme, policy: policy, text: text)
                    let count = 2 + next(7)
                    var script: [String] = []
                    var centred: Set<UInt32> = []
                    for i in 0..<count {
                        let kind = ["circular", "linear", "spinner"][next(3)]
                        var line = "show a\(i) \(kind)"
                        // Some at the screen's edges, some bars in progress toasts.
                        switch next(6) {
                        case 0: line += kind == "linear" ? " place=toast" : " place=top"
                        case 1: line += kind == "linear" ? " place=toast" : " place=bottom"
                        default: break
                        }
                        if let l = labels[next(labels.count)] { line += " label=\"\(l)\"" }
                        if kind != "spinner" && next(2) == 0 { line += " value=\(next(101))%" }
                        try engine.run(line, at: Int64(i))
                        script.append(line)
                        if !line.contains("place=top") && !line.contains("place=bottom") { centred.insert(UInt32(i + 1)) }
                    }
                    if next(2) == 0 { try engine.run("show net network", at: 0) }
                    if next(3) == 0 { _ = try? engine.run(#"fail a0 "Upload failed. Check the network.""#, at: 50) }
                    // Once the glides of the last change (at 50 ms) are over.
                    let layers = engine.layers(atMs: 400)
                    let found = pictureBoxes(layers)
                    let screen = IntRect(x: 0, y: 0, width: w, height: h)
                    let keys = found.keys.sorted()
                    for k in keys {
                        #expect(
                            screen.contains(found[k]!), "\(board.name) \(w)x\(h) round \(round): \(k) at \(found[k]!) leaves the screen")
                    }
                    for o in overlaps(found) { Issue.record("\(board.name) \(w)x\(h) round \(round): \(o), after \(script)") }
                    // The same commands give the same frame.
                    #expect(engine.layers(atMs: 400) == layers)
                    // Every centred activity is drawn or counted: the arrangement made room, so
                    // nothing had to give way.
                    let drawn = centred.filter { found[$0] != nil }.count, counted = text.moreCount
                    #expect(
                        drawn + counted == centred.count,
                        "\(board.name) \(w)x\(h) round \(round): \(drawn) drawn, \(counted) counted of \(centred.count), after \(script)")
                }
            }
        }
    }

    @Test("one activity is drawn as it always was; with a second, the leading one stays full size above a row")
    func leadAndRows() throws {
        let engine = makeEngine()
        try engine.run("show up circular label=\"Uploading photos\" value=40%", at: 0)
        let alone = engine.layers(atMs: 1000)
        let ring = try #require(engine.rings(atMs: 1000).first)
        #expect(ring.centerY == 240 << 8 && ring.outerRadius == 112 << 8, "centred as before")
        try engine.run("show sync spinner label=\"Syncing contacts\"", at: 1000)
        let shared = engine.layers(atMs: 2000)
        #expect(shared != alone)
        let rings = engine.rings(atMs: 2000)
        #expect(rings.count == 2)
        let lead = try #require(rings.first { $0.outerRadius == 112 << 8 }), row = try #require(rings.first { $0.outerRadius < 112 << 8 })
        #expect(lead.centerY < row.centerY, "the determinate ring leads, the spinner is a row below it")
    }

    @Test("beyond what fits, the last row counts the rest")
    func andMore() throws {
        let engine = makeEngine(width: 320, height: 240)
        for i in 0..<12 { try engine.run("show s\(i) spinner label=\"Task \(i)\"", at: 0) }
        let layers = engine.layers(atMs: 1000)
        let shown = Set(layers.map { $0.key >> 4 }).subtracting([0xE000_0000 >> 4])
        #expect(shown.count >= 2 && shown.count < 12, "\(shown.count) activities shown")
        // The block font is 8 px a character: the row reads "and N more" for the rest.
        let more = layers.filter { $0.key == 0xE000_0000 }
        guard case .mask(let m)? = more.first?.drawable else {
            Issue.record("no 'and N more' row")
            return
        }
        #expect(m.mask.width == Int32("and \(12 - shown.count) more".count) * 8)
    }

    @Test("frames drawn from damage while activities arrive, move between places and leave equal frames drawn from scratch")
    func damageFollowsMoves() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        func screen() -> Screen<MemoryDisplay> {
            let engine = Engine(screenWidth: 320, screenHeight: 240, theme: Theme(), policy: policy, text: BlockText())
            return Screen(engine: engine, display: MemoryDisplay(width: 320, height: 240, format: .rgb565))
        }
        let script: [(Int64, String)] = [
            (0, "show a spinner label=\"Finding printers\""), (200, "show b linear label=\"Copying\" value=10%"),
            (400, "show c circular value=1/3"), (600, "show d spinner"), (800, "progress b 60%"), (1000, "dismiss c"),
            (1200, "show e circular label=\"Uploading\" value=0.5"), (1400, "dismiss a"), (1600, "dismiss e"), (1800, "dismiss b"),
            // The edges and a progress toast move the centre too.
            (300, "show t spinner place=top label=\"Refreshing\""), (500, "show u linear place=toast label=\"Sending\" value=20%"),
            (1300, "dismiss t"), (1700, "progress u 90%"), (1900, "dismiss u"),
        ].sorted { $0.0 < $1.0 }
        let s = screen()
        var next = 0
        for t in stride(from: Int64(0), through: 2400, by: 50) {
            while next < script.count && script[next].0 <= t {
                try s.engine.run(script[next].1, at: script[next].0)
                next += 1
            }
            try s.update(at: .milliseconds(t))
            if t % 200 == 150 {
                let fresh = screen()
                for (when, line) in script where when <= t { try fresh.engine.run(line, at: when) }
                try fresh.update(at: .milliseconds(t))
                let differing = zip(s.display.rgb(), fresh.display.rgb()).filter { $0 != $1 }.count
                #expect(differing == 0, "at \(t) ms: \(differing) bytes differ")
            }
        }
    }

    @Test("when an activity arrives or leaves, the others glide to their places in 250 ms without overshoot, whatever the frames")
    func glide() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        func engine() -> Engine { Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: policy, text: BlockText()) }
        let dense = engine(), sparse = engine()
        for e in [dense, sparse] {
            try e.run("show a circular label=\"Uploading photos\" value=40%", at: 0)
            _ = e.layers(atMs: 500)
        }
        let alone = try #require(dense.rings(atMs: 900).first).centerY
        try dense.run("show b spinner label=\"Syncing\"", at: 1000)
        try sparse.run("show b spinner label=\"Syncing\"", at: 1000)
        var last = alone
        var seen: [Int32] = []
        for t in stride(from: Int64(1000), through: 1300, by: 10) {
            let y = try #require(dense.rings(atMs: t).first { $0.outerRadius == 112 << 8 }).centerY
            #expect(y <= last, "at \(t) ms the ring moved back down: \(y) after \(last)")
            last = y
            seen.append(y)
            if t < 1250 { #expect(dense.nextChange(after: .milliseconds(t)) == .milliseconds(t), "still moving at \(t) ms") }
        }
        let settled = seen.last!
        #expect(seen.first == alone && settled < alone, "it starts where it stood and ends higher")
        #expect(Set(seen.dropFirst().prefix(20)).count > 5, "it glides through many places, not one jump")
        #expect(seen.allSatisfy { settled <= $0 && $0 <= alone }, "no overshoot")
        // A renderer that drew no frame in between sees the same picture at the same moment.
        #expect(sparse.layers(atMs: 1120) == dense.layers(atMs: 1120))
        // The second leaves: the first glides back to the middle and settles exactly there.
        try dense.run("dismiss b", at: 2000)
        let back = try #require(dense.rings(atMs: 2120).first).centerY
        #expect(settled < back && back < alone, "on its way back at 2120 ms: \(back)")
        #expect(try #require(dense.rings(atMs: 2300).first).centerY == alone)
        #expect(dense.nextChange(after: .milliseconds(2400)) == nil, "at rest, nothing is due")
    }
}

extension ArrangementTests {
    @Test("while activities arrive, leave and change places, no two overlap in any frame of the glide")
    func noOverlapWhileGliding() throws {
        var seed: UInt64 = 777
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        let labels = [nil, "Copying", "Uploading 24 photos to the family album"]
        for (w, h) in [(Int32(480), Int32(480)), (320, 240), (800, 480)] {
            for round in 0..<30 {
                let engine = Engine(screenWidth: w, screenHeight: h, theme: Theme(), policy: policy, text: BlockText())
                var script: [String] = []
                var live: [Int] = []
                var t: Int64 = 0
                for step in 0..<8 {
                    let line: String
                    if !live.isEmpty && next(3) == 0 {
                        let gone = live.remove(at: next(live.count))
                        line = "dismiss a\(gone)"
                    } else {
                        let kind = ["circular", "linear", "spinner"][next(3)]
                        var l = "show a\(step) \(kind)"
                        if next(5) == 0 { l += kind == "linear" ? " place=toast" : " place=top" }
                        if let label = labels[next(labels.count)] { l += " label=\"\(label)\"" }
                        if kind != "spinner" && next(2) == 0 { l += " value=\(next(101))%" }
                        live.append(step)
                        line = l
                    }
                    try engine.run(line, at: t)
                    script.append("@\(t) \(line)")
                    let until = t + Int64(60 + next(300))
                    while t < until {
                        for o in overlaps(pictureBoxes(engine.layers(atMs: t))) {
                            Issue.record("\(w)x\(h) round \(round) at \(t) ms: \(o), after \(script)")
                        }
                        t += 10
                    }
                }
            }
        }
    }
}

extension ArrangementTests {
    @Test(
        "with random screens and themes in the ranges boards use, pictures never overlap, stay on screen, and each centred one is drawn or counted"
    )
    func randomThemes() throws {
        var seed: UInt64 = 4242
        func pick(_ range: ClosedRange<Int32>) -> Int32 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int32((seed >> 33) % UInt64(range.upperBound - range.lowerBound + 1))
        }
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        var tried = 0
        while tried < 300 {
            let w = pick(240...1280), h = pick(240...800)
            var t = Theme()
            t.circularDiameter = pick(48...400)
            t.circularThickness = pick(2...24)
            t.linearWidth = pick(100...800)
            t.linearHeight = pick(2...16)
            t.spinnerDiameter = pick(16...96)
            t.spinnerThickness = pick(2...8)
            t.networkDiameter = pick(12...40)
            t.networkMargin = pick(4...24)
            t.toastWidth = pick(200...600)
            t.toastHeight = pick(32...80)
            t.labelGap = pick(4...32)
            t.boxWidth = pick(200...400)
            t.boxHeight = pick(100...200)
            if !TextRoom.shortfalls(t, screenWidth: w).isEmpty { continue }
            tried += 1
            let text = RecordingText()
            let engine = Engine(screenWidth: w, screenHeight: h, theme: t, policy: policy, text: text)
            var script: [String] = []
            var centred: Set<UInt32> = []
            for i in 0..<Int(pick(1...7)) {
                let kind = ["circular", "linear", "spinner"][Int(pick(0...2))]
                var line = "show a\(i) \(kind)"
                switch pick(0...5) {
                case 0: line += kind == "linear" ? " place=toast" : " place=top"
                case 1: line += kind == "linear" ? " place=toast" : " place=bottom"
                default: break
                }
                if pick(0...1) == 0 { line += " label=\"Uploading \(pick(1...99)) photos to the album\"" }
                if kind != "spinner" && pick(0...1) == 0 { line += " value=\(pick(0...100))%" }
                try engine.run(line, at: Int64(i) * 40)
                script.append(line)
                if !line.contains("place=top") && !line.contains("place=bottom") { centred.insert(UInt32(i + 1)) }
            }
            if pick(0...1) == 0 { try engine.run("show net network", at: 0) }
            let screen = IntRect(x: 0, y: 0, width: w, height: h)
            for ms in stride(from: Int64(300), through: 700, by: 25) {
                let found = pictureBoxes(engine.layers(atMs: ms))
                for (a, box) in found {
                    #expect(screen.contains(box), "\(w)x\(h) \(t) at \(ms) ms: \(a) at \(box) leaves the screen, after \(script)")
                }
                for o in overlaps(found) { Issue.record("\(w)x\(h) \(t) at \(ms) ms: \(o), after \(script)") }
                if ms == 700 {
                    let drawn = centred.filter { found[$0] != nil }.count
                    #expect(
                        drawn + text.moreCount == centred.count,
                        "\(w)x\(h) \(t): \(drawn) drawn, \(text.moreCount) counted of \(centred.count), after \(script)")
                }
            }
        }
    }
}

extension ArrangementTests {
    @Test("while the centre glides, each frame redraws only what moves: never a still picture, never the whole screen")
    func glideDamageIsLocal() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let engine = Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: policy, text: BlockText())
        let screen = Screen(engine: engine, display: MemoryDisplay(width: 480, height: 480, format: .xrgb8888))
        try engine.run("show net network", at: 0)
        try engine.run("show card circular region=444,200,36,80 value=30%", at: 0)
        try engine.run("show up circular label=\"Uploading photos\" value=40%", at: 0)
        _ = try screen.update(at: .milliseconds(500))
        // The card's ring (the second activity) stands still; the network spinner turns.
        let still = pictureBoxes(engine.layers(atMs: 500)).filter { $0.key == 2 }.values
        #expect(still.count == 1)
        try engine.run("show sync spinner label=\"Syncing\"", at: 1000)
        var frames = 0
        for t in stride(from: Int64(1000), through: 1300, by: 16) {
            let damage = try screen.update(at: .milliseconds(t))
            if damage.isEmpty { continue }
            frames += 1
            #expect(damage.area < 480 * 480 / 2, "at \(t) ms \(damage.area) pixels redrawn")
            for box in still {
                #expect(!damage.rects.contains { $0.intersects(box) }, "at \(t) ms the still picture at \(box) was redrawn")
            }
        }
        #expect(frames > 10, "the glide drew \(frames) frames")
    }
}
