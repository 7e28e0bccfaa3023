// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// Taps, keys and the requests they make, on the engine alone: where the targets are, what a
/// tap on each does, the choice, the focus ring, and who decides.
@Suite("Input on the engine: targets, taps, the choice, focus and requests")
struct InputRequestTests {
    static let nobody: @Sendable (Owner) -> Bool = { _ in false }
    static let everyone: @Sendable (Owner) -> Bool = { _ in true }
    let app = Owner(connection: 5, user: 1000)

    func target(_ e: Engine, _ key: UInt32, atMs ms: Int64) -> TapRecognizer.Target? {
        e.tapTargets(at: .milliseconds(ms)).first { $0.key == key }
    }

    func bounds(_ e: Engine, _ key: UInt32, atMs ms: Int64) -> IntRect? {
        e.layers(atMs: ms).first { $0.key == key }?.drawable.bounds
    }

    @Test("a tap on the stop icon nobody listens for looks heard at once and cancels after the wait")
    func unwatchedCancel() throws {
        let e = makeEngine()
        try e.run("show up circular value=40% cancellable=yes", at: 0)
        let icon = LayerKey.activity(1, .stop)
        let t = try #require(target(e, icon, atMs: 1000))
        #expect(t.rect.x <= 240 && t.rect.x + t.rect.width > 240 && t.rect.y <= 240 && t.rect.y + t.rect.height > 240)
        #expect(t.rect.width >= 44 && t.rect.height >= 44)
        let r = e.tapped(icon, source: .touch, at: .milliseconds(1000), watched: Self.nobody)
        #expect(r == InputRequest(id: "up", kind: .cancel, source: .touch))
        #expect(r?.event == "cancel-requested up source=touch")
        #expect(e.rings(atMs: 1000)[0].indicator == Theme().indicator.withOpacity(128), "heard within the same frame")
        #expect(e.nextChange(after: .milliseconds(1000)) == .milliseconds(2000))
        #expect(e.activityIDs(at: .milliseconds(1999)) == ["up"])
        #expect(e.activityIDs(at: .milliseconds(2000)).isEmpty)
        #expect(e.takeCarriedOut().map(\.doneEvent) == ["cancelled up"])
    }

    @Test("an app that listens decides: its answer settles the request, and letting 5 s pass declines it")
    func watchedRequest() throws {
        let e = makeEngine()
        try e.apply(parse("show up circular value=40% cancellable=yes"), at: .zero, owner: app)
        e.tapped(LayerKey.activity(1, .stop), source: .touch, at: .milliseconds(1000), watched: Self.everyone)
        #expect(e.rings(atMs: 5999)[0].indicator == Theme().indicator.withOpacity(128))
        #expect(e.rings(atMs: 6000)[0].indicator == Theme().indicator, "declined: as before")
        #expect(e.activityIDs(at: .milliseconds(9000)) == ["up"] && e.takeCarriedOut().isEmpty)

        e.tapped(LayerKey.activity(1, .stop), source: .touch, at: .milliseconds(10_000), watched: Self.everyone)
        try e.apply(parse("progress up 50%"), at: .milliseconds(10_500), owner: app)
        #expect(e.rings(atMs: 10_500)[0].indicator == Theme().indicator.withOpacity(128), "progress is no answer")
        try e.apply(parse("cancel up"), at: .milliseconds(11_000), owner: app)
        #expect(e.activityIDs(at: .milliseconds(11_000)).isEmpty && e.takeCarriedOut().isEmpty)
    }

    @Test("a tap on the indicator opens Pause and Cancel below it; a button asks, a tap elsewhere or 5 s closes it")
    func choice() throws {
        let e = makeEngine()
        try e.run("show up circular label=\"Uploading\" value=40% cancellable=yes pausable=yes", at: 0)
        #expect(e.tapped(LayerKey.activity(1), source: .touch, at: .milliseconds(1000), watched: Self.nobody) == nil)
        let keys = e.tapTargets(at: .milliseconds(1000)).map(\.key)
        #expect(keys == [LayerKey.choice(1), LayerKey.choice(3), LayerKey.choiceElsewhere])
        let box = try #require(bounds(e, LayerKey.choice(0), atMs: 1000))
        let ring = try #require(bounds(e, LayerKey.activity(1), atMs: 1000))
        #expect(box.y >= ring.y + ring.height && box.x >= 0 && box.x + box.width <= 480, "below the ring, on screen: \(box), \(ring)")
        for button in [1, 3] {
            let b = try #require(bounds(e, LayerKey.choice(button), atMs: 1000))
            #expect(b.width >= 88 && b.height >= 44)
        }
        #expect(e.nextChange(after: .milliseconds(1000)) == .milliseconds(6000))
        let pause = e.tapped(LayerKey.choice(1), source: .touch, at: .milliseconds(1200), watched: Self.nobody)
        #expect(pause == InputRequest(id: "up", kind: .pause, source: .touch))
        #expect(bounds(e, LayerKey.choice(0), atMs: 1200) == nil, "a choice closes the choice")
        _ = e.layers(atMs: 2200)
        #expect(e.takeCarriedOut().map(\.doneEvent) == ["paused up"])

        e.tapped(LayerKey.activity(1), source: .touch, at: .milliseconds(3000), watched: Self.nobody)
        #expect(e.tapTargets(at: .milliseconds(3000)).first?.key == LayerKey.choice(1))
        #expect(e.tapped(LayerKey.choiceElsewhere, source: .touch, at: .milliseconds(3100), watched: Self.nobody) == nil)
        #expect(bounds(e, LayerKey.choice(0), atMs: 3100) == nil)

        e.tapped(LayerKey.activity(1), source: .touch, at: .milliseconds(4000), watched: Self.nobody)
        #expect(bounds(e, LayerKey.choice(0), atMs: 8999) != nil)
        #expect(bounds(e, LayerKey.choice(0), atMs: 9000) == nil, "closed by itself after 5 s")
    }

    @Test("while paused, the play icon asks to resume and the choice offers Resume")
    func resume() throws {
        let e = makeEngine()
        try e.run("show up circular value=40% cancellable=yes pausable=yes", at: 0)
        try e.run("pause up", at: 800)
        let r = e.tapped(LayerKey.activity(1, .stop), source: .touch, at: .milliseconds(1000), watched: Self.nobody)
        #expect(r?.kind == .resume)
        let f = makeEngine()
        try f.run("show dl linear value=40% pausable=yes", at: 0)
        try f.run("pause dl", at: 800)
        f.tapped(LayerKey.activity(1), source: .touch, at: .milliseconds(1000), watched: Self.nobody)
        #expect(f.tapTargets(at: .milliseconds(1000)).map(\.key) == [LayerKey.choice(1), LayerKey.choiceElsewhere])
    }

    @Test("a stop icon drawn 16 px wide is tapped in a 44 px square; the bar itself is its own target")
    func smallIcon() throws {
        let e = makeEngine()
        try e.run("show dl linear value=40% cancellable=yes", at: 0)
        let targets = e.tapTargets(at: .milliseconds(1000))
        #expect(targets.map(\.key) == [LayerKey.activity(1, .stop), LayerKey.activity(1)])
        let icon = try #require(bounds(e, LayerKey.activity(1, .stop), atMs: 1000))
        #expect(icon.width < 44 && targets[0].rect.width == 44 && targets[0].rect.height == 44)
        #expect(abs((targets[0].rect.x * 2 + 44) - (icon.x * 2 + icon.width)) <= 1, "centred on the icon")
    }

    @Test("on a narrow screen a cancellable bar leaves room for its icon, whole on screen", arguments: [120, 200, 260])
    func narrowScreen(width: Int32) throws {
        let e = makeEngine(width: width, height: 120)
        try e.run("show dl linear value=40% cancellable=yes", at: 0)
        let icon = try #require(bounds(e, LayerKey.activity(1, .stop), atMs: 1000))
        #expect(icon.x >= 0 && icon.x + icon.width <= width, "\(icon) on a screen \(width) wide")
    }

    @Test("nothing under a checkout can be tapped, and nothing before it shows")
    func modalBlocks() throws {
        let e = makeEngine()
        try e.run("show up circular value=40% cancellable=yes", at: 0)
        #expect(e.tapTargets(at: .milliseconds(400)).isEmpty, "inside the show delay")
        try e.run("show pay checkout", at: 0)
        #expect(e.tapTargets(at: .milliseconds(1000)).isEmpty)
        #expect(e.request(.cancel, of: "pay", source: .touch, at: .milliseconds(1000), watched: Self.nobody) == nil)
    }

    @Test("keys: Tab moves a focus ring in reading order, Enter opens the choice on its first button, Escape closes it, then cancels")
    func keys() throws {
        let e = makeEngine()
        try e.run("show up circular value=40% cancellable=yes pausable=yes", at: 0)
        let t = Instant.milliseconds(1000)
        e.press(.next, at: t, watched: Self.nobody)
        #expect(e.focusedTarget == LayerKey.activity(1), "the ring first, its icon inside it next")
        let ring = try #require(bounds(e, LayerKey.focusRing, atMs: 1000))
        let picture = try #require(bounds(e, LayerKey.activity(1), atMs: 1000))
        #expect(ring.x < picture.x && ring.x + ring.width > picture.x + picture.width)
        e.press(.next, at: t, watched: Self.nobody)
        #expect(e.focusedTarget == LayerKey.activity(1, .stop))
        e.press(.previous, at: t, watched: Self.nobody)
        #expect(e.press(.activate, at: t, watched: Self.nobody) == nil)
        #expect(e.focusedTarget == LayerKey.choice(1))
        e.press(.next, at: t, watched: Self.nobody)
        #expect(e.focusedTarget == LayerKey.choice(3))
        #expect(e.press(.cancel, at: t, watched: Self.nobody) == nil)
        #expect(bounds(e, LayerKey.choice(0), atMs: 1000) == nil && e.focusedTarget == nil)
        let r = e.press(.cancel, at: t, watched: Self.nobody)
        #expect(r == InputRequest(id: "up", kind: .cancel, source: .key))
    }

    @Test("Escape asks the front-most cancellable activity: the modal dialog over the rest, else the newest")
    func frontMost() throws {
        let e = makeEngine()
        try e.run("show fw linear value=10% cancellable=yes place=dialog", at: 0)
        try e.run("show up circular value=40% cancellable=yes", at: 0)
        try e.run("show s spinner", at: 0)
        #expect(e.requestCancelOfFrontMost(source: .gpio, at: .milliseconds(1000), watched: Self.nobody)?.id == "fw")
    }

    @Test("requests that cannot be made are refused quietly: not running, not allowed, not shown")
    func impossible() throws {
        let e = makeEngine()
        try e.run("show s spinner", at: 0)
        try e.run("show up circular value=40%", at: 0)
        let t = Instant.milliseconds(1000)
        #expect(e.request(.cancel, of: "s", source: .touch, at: t, watched: Self.nobody) == nil)
        #expect(e.request(.pause, of: "up", source: .touch, at: t, watched: Self.nobody) == nil)
        #expect(e.request(.resume, of: "up", source: .touch, at: t, watched: Self.nobody) == nil)
        #expect(e.request(.cancel, of: "nobody", source: .touch, at: t, watched: Self.nobody) == nil)
        #expect(e.tapped(0xDEAD_BEEF, source: .touch, at: t, watched: Self.nobody) == nil)
        #expect(e.tapTargets(at: t).isEmpty, "neither may be paused or cancelled")
    }

    @Test("on the LED ring a request blinks the arc dark once for 200 ms")
    func ringHeard() throws {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        let e = makeEngine(policy: p)
        var look = LedRingLook()
        look.count = 12
        try e.run("show up circular value=50% cancellable=yes", at: 0)
        let before = e.ledColors(look, at: .milliseconds(1000))
        e.requestCancelOfFrontMost(source: .gpio, at: .milliseconds(1000), watched: Self.nobody)
        #expect(e.ledColors(look, at: .milliseconds(1100)).allSatisfy { $0 == .black })
        #expect(e.ledColors(look, at: .milliseconds(1200)) == before)
        #expect(e.ledNextChange(after: .milliseconds(1050)) == .milliseconds(1200))
    }
}
