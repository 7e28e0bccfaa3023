// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

@Suite("Indicator state machines on the virtual clock")
struct StateMachineTests {
    @Test("an indicator appears only after the show delay")
    func showDelay() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        #expect(e.rings(atMs: 499).isEmpty)
        #expect(e.rings(atMs: 500).count == 1)
    }

    @Test("a task that ends inside the show delay never flashes on screen")
    func noFlash() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        try e.run("dismiss a", at: 300)
        for t in stride(from: Int64(0), through: 2000, by: 50) { #expect(e.rings(atMs: t).isEmpty) }
    }

    @Test("once shown, an indicator stays the minimum time")
    func minimumVisible() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        try e.run("dismiss a", at: 600)
        #expect(e.rings(atMs: 999).count == 1)
        #expect(e.rings(atMs: 1000).isEmpty)
    }

    @Test("zero delays show and hide at once")
    func zeroPolicy() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        p.minimumVisible = Milliseconds(0)
        let e = makeEngine(policy: p)
        try e.run("show a circular", at: 0)
        #expect(e.rings(atMs: 0).count == 1)
        try e.run("dismiss a", at: 10)
        #expect(e.rings(atMs: 10).isEmpty)
    }

    @Test("success fills the track, shows a check, keeps its label without a value, and goes after 3 s")
    func success() throws {
        let e = makeEngine()
        try e.run("show a circular label=\"Uploading\" value=50%", at: 0)
        try e.run("succeed a \"Photos uploaded\"", at: 1000)
        let rings = e.rings(atMs: 1100)
        #expect(rings.count == 1)
        #expect(rings[0].arcSweep == .fullTurn && rings[0].indicator == Theme().success && rings[0].track == Theme().success)
        let capsules = e.layers(atMs: 1100).filter { if case .capsule = $0.drawable { return true } else { return false } }
        #expect(capsules.count == 2)
        let label = e.layers(atMs: 1100).compactMap { if case .mask(let m) = $0.drawable { return m } else { return nil } }
        #expect(label.count == 1 && label[0].mask.width == Int32("Photos uploaded".count) * 8)
        #expect(e.rings(atMs: 3999).count == 1)
        #expect(e.rings(atMs: 4000).isEmpty)
        #expect(throws: ControlError.self) { try e.run("progress a 0.9", at: 1200) }
    }

    @Test("success with persist stays until dismissed")
    func persist() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        try e.run("succeed a \"Done\" persist", at: 1000)
        #expect(e.rings(atMs: 60_000).count == 1)
        try e.run("dismiss a", at: 60_000)
        #expect(e.rings(atMs: 60_001).isEmpty)
    }

    @Test("error stops the animation, fills the track red and stays until dismissed")
    func failure() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        try e.run("fail a \"Upload failed. Check the network.\"", at: 1000)
        let first = e.rings(atMs: 2000), later = e.rings(atMs: 30_000)
        #expect(first == later)
        #expect(first[0].indicator == Theme().error && first[0].arcSweep == .fullTurn)
        #expect(e.nextChange(after: .milliseconds(2000)) == nil)
        try e.run("dismiss a", at: 30_000)
        #expect(e.rings(atMs: 30_000).isEmpty)
    }

    @Test("an outcome inside the show delay is shown at once")
    func earlyOutcome() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        try e.run("fail a \"Card declined. Try another card.\"", at: 100)
        #expect(e.rings(atMs: 100).count == 1)
    }

    @Test("determinate fills clockwise from 12 o'clock and value changes glide without overshoot")
    func valueGlide() throws {
        let e = makeEngine()
        try e.run("show a circular value=20%", at: 0)
        #expect(e.rings(atMs: 600)[0].arcStart == .zero)
        #expect(abs(e.rings(atMs: 600)[0].arcSweep.units - 13107) <= 1)
        try e.run("progress a 60%", at: 1000)
        var last = e.rings(atMs: 1000)[0].arcSweep.units
        for t in stride(from: Int64(1000), through: 1400, by: 20) {
            let sweep = e.rings(atMs: t)[0].arcSweep.units
            #expect(sweep >= last && sweep <= 39322)
            last = sweep
        }
        #expect(abs(e.rings(atMs: 1300)[0].arcSweep.units - 39322) <= 1)
        let mid = e.rings(atMs: 1100)[0].arcSweep.units
        #expect(mid > 13107 + 1000 && mid < 39322 - 1000)
    }

    @Test("indeterminate arcs keep moving and stay between 0.10 and 0.87 of a turn")
    func indeterminate() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        var previousStart: Int32? = nil
        for t in stride(from: Int64(500), through: 12_500, by: 17) {
            let r = e.rings(atMs: t)[0]
            #expect(r.arcSweep.units >= 6554 - 1 && r.arcSweep.units <= 57016 + 1)
            if let p = previousStart { #expect((r.arcStart.units - p) & 0xFFFF != 0, "the arc stood still at \(t) ms") }
            previousStart = r.arcStart.units
            #expect(e.nextChange(after: .milliseconds(t)) == .milliseconds(t))
        }
    }

    @Test("indeterminate switches smoothly to determinate; never back")
    func switching() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        let before = e.rings(atMs: 2000)[0]
        try e.run("progress a 50%", at: 2000)
        let at = e.rings(atMs: 2000)[0]
        #expect(at.arcStart == before.arcStart && at.arcSweep == before.arcSweep)
        let end = e.rings(atMs: 2600)[0]
        #expect(end.arcStart.units & 0xFFFF == 0 && end.arcSweep.units == 32768)
        #expect(throws: ControlError.self) { try e.run("show a circular", at: 2700) }
    }

    @Test("an activity keeps its kind")
    func oneKind() throws {
        let e = makeEngine()
        try e.run("show a circular", at: 0)
        #expect(throws: ControlError.self) { try e.run("show a linear", at: 10) }
        try e.run("dismiss a", at: 20)
        #expect(throws: ControlError.self) { try e.run("show a linear", at: 5000) }
    }

    @Test(
        "refusals leave everything as it was",
        arguments: [
            "show b checkout value=50%", "progress nobody 0.5", "cancel a", "show c network label=\"x\"", "succeed s \"Done\"",
        ])
    func refusals(line: String) throws {
        let e = makeEngine()
        try e.run("show a circular value=10%", at: 0)
        try e.run("show s spinner", at: 0)
        let before = e.layers(atMs: 1000)
        #expect(throws: ControlError.self) { try e.run(line, at: 1000) }
        #expect(e.layers(atMs: 1000) == before)
    }

    @Test("checkout refuses progress; cancel needs a cancellable activity")
    func checkoutAndCancel() throws {
        let e = makeEngine()
        try e.run("show pay checkout label=\"Processing payment\"", at: 0)
        #expect(throws: ControlError.self) { try e.run("progress pay 0.5", at: 10) }
        try e.run("show up circular value=10% cancellable=yes", at: 0)
        try e.run("cancel up", at: 1000)
        #expect(e.activityIDs(at: .milliseconds(1000)).contains("up") == false)
    }

    @Test("toasts queue one at a time, 2 s or 3.5 s, and fade")
    func toasts() throws {
        let e = makeEngine()
        try e.run("toast \"Saved\"", at: 0)
        try e.run("toast \"Receipt sent\" long", at: 100)
        func toastBox(_ ms: Int64) -> RoundedRectShape? {
            e.layers(atMs: ms).compactMap { if case .roundedRect(let r) = $0.drawable { return r } else { return nil } }.first
        }
        #expect(toastBox(0) == nil)  // fully transparent at the first instant
        #expect(toastBox(75)!.color.a < toastBox(1000)!.color.a)
        #expect(toastBox(1000)!.width == 320 << 8)
        // Centred on screen.
        let box = toastBox(1000)!
        #expect(box.x + box.width / 2 == 240 << 8 && box.y + box.height / 2 == 240 << 8)
        #expect(toastBox(2100) != nil)  // the second toast, starting at 2000
        #expect(toastBox(5400) != nil)
        #expect(toastBox(5500) == nil)
    }

    @Test("a toast over two lines is cut with an ellipsis and a warning")
    func longToast() throws {
        let e = makeEngine()
        let warnings = try e.run("toast \"\(String(repeating: "word ", count: 40))\"", at: 0)
        #expect(warnings.count == 1)
    }

    @Test("stacking: checkout above toasts above indicators")
    func stacking() throws {
        let e = makeEngine()
        try e.run("show pay checkout", at: 0)
        try e.run("toast \"Hi\"", at: 0)
        try e.run("show up circular", at: 0)
        let kinds = e.layers(atMs: 1000).map { layer -> String in
            switch layer.drawable {
            case .ring(let r): return r.track == .clear ? "spinner" : "ring"
            case .roundedRect(let r): return r.color.r == 0x32 ? "toast" : "box"
            case .fill: return "dim"
            default: return "other"
            }
        }
        let ring = kinds.firstIndex(of: "ring")!, toast = kinds.firstIndex(of: "toast")!, dim = kinds.firstIndex(of: "dim")!
        #expect(ring < toast && toast < dim)
    }
}
