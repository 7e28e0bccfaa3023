// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// The dimming behind modals and over partial regions fades in and out over 200 ms.
@Suite("Overlay fades")
struct OverlayFadeTests {
    static func engine() -> Engine {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        p.minimumVisible = Milliseconds(0)
        return makeEngine(policy: p)
    }

    /// The opacity of the dimming fill covering `rect` at `ms`, nil when there is none.
    static func dimming(_ e: Engine, at ms: Int64, over rect: IntRect = IntRect(x: 0, y: 0, width: 480, height: 480)) -> UInt8? {
        for layer in e.layers(atMs: ms) {
            if case .fill(let r, let c) = layer.drawable, r == rect, c.r == 0, c.g == 0, c.b == 0, c.a < 255 { return c.a }
        }
        return nil
    }

    @Test("a checkout's dimming fades in over 200 ms, never stepping back, while its box shows at once")
    func fadesIn() throws {
        let e = Self.engine()
        try e.run("show pay checkout label=\"Processing payment\"", at: 0)
        let opacities = stride(from: Int64(0), through: 300, by: 10).map { Self.dimming(e, at: $0) ?? 0 }
        #expect(
            opacities.first == 0 && opacities[10] > 40 && opacities[10] < 90 && opacities[20] == 128 && opacities.last == 128,
            "\(opacities)")
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(e.layers(atMs: 0).contains { if case .roundedRect = $0.drawable { return true } else { return false } }, "the box at once")
    }

    @Test("when it leaves, the dimming fades out from where it stood; the box goes at once; the engine asks for frames only while it fades")
    func fadesOut() throws {
        let e = Self.engine()
        try e.run("show pay checkout label=\"Processing payment\"", at: 0)
        try e.run("dismiss pay", at: 1000)
        #expect(Self.dimming(e, at: 1000) == 128)
        #expect(!e.layers(atMs: 1000).contains { if case .roundedRect = $0.drawable { return true } else { return false } })
        let middle = Self.dimming(e, at: 1100) ?? 0
        #expect(middle > 40 && middle < 90, "\(middle)")
        #expect(e.nextChange(after: .milliseconds(1100)) == .milliseconds(1100))
        #expect(Self.dimming(e, at: 1200) == nil && e.nextChange(after: .milliseconds(1200)) == nil)
        #expect(e.layers(atMs: 1300).isEmpty)
    }

    @Test("a checkout dismissed while still fading in fades out from its opacity then, not from full")
    func leavesEarly() throws {
        let e = Self.engine()
        try e.run("show pay checkout", at: 0)
        let then = Self.dimming(e, at: 100) ?? 0
        try e.run("dismiss pay", at: 100)
        #expect(Self.dimming(e, at: 100) == then && then < 128)
        #expect((Self.dimming(e, at: 150) ?? 0) < then)
    }

    @Test("a partial overlay fades in and out over its region, below the indicators")
    func partial() throws {
        let e = Self.engine()
        let region = IntRect(x: 40, y: 120, width: 400, height: 240)
        try e.run("show card partial region=40,120,400,240", at: 0)
        try e.run("show up circular value=50%", at: 0)
        #expect((Self.dimming(e, at: 100, over: region) ?? 0) < 128 && Self.dimming(e, at: 250, over: region) == 128)
        try e.run("dismiss card", at: 1000)
        let layers = e.layers(atMs: 1050)
        let fade = layers.firstIndex { if case .fill(let r, _) = $0.drawable { return r == region } else { return false } }
        let ring = layers.firstIndex { if case .ring = $0.drawable { return true } else { return false } }
        #expect(fade != nil && ring != nil && fade! < ring!, "the fading overlay lies under the indicator")
        #expect(Self.dimming(e, at: 1250, over: region) == nil)
    }

    @Test("a hundred partial overlays leaving within 100 ms keep at most 16 fades: the oldest give way")
    func bounded() throws {
        let e = Self.engine()
        for i in 0..<100 { try e.run("show p\(i) partial region=\(i),\(i),100,100", at: 0) }
        for i in 0..<100 { try e.run("dismiss p\(i)", at: 250 + Int64(i)) }
        let fills = e.layers(atMs: 360).filter { if case .fill = $0.drawable { return true } else { return false } }
        #expect(fills.count == 16, "\(fills.count) dimming layers")
        #expect(e.layers(atMs: 600).isEmpty)
    }
}
