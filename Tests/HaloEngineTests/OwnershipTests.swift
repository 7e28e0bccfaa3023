// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import HaloTestSupport
import Testing

@Suite("Indicators that outlive their app: connections, detached activities and leases")
struct OwnershipTests {
    let app = Owner(connection: 3, user: 1000)
    let other = Owner(connection: 4, user: 1000)

    func engine(label: String = "The app went away") -> (Engine, RecordingText) {
        var p = Policy()
        p.abandonedLabel = label
        let text = RecordingText()
        return (Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: p, text: text), text)
    }

    func show(_ e: Engine, _ line: String, at ms: Int64, by owner: Owner) throws {
        try e.apply(parse(line), at: .milliseconds(ms), owner: owner)
    }

    @Test("a closed connection takes its turning indicator with it, after the minimum visible time")
    func turningGoes() throws {
        let (e, _) = engine()
        try show(e, "show s spinner label=\"Finding printers\"", at: 0, by: app)
        #expect(e.ownerLeft(app, at: .milliseconds(600)) == ["s"])
        #expect(e.visibleIDs(at: .milliseconds(999)) == ["s"])
        #expect(e.activityIDs(at: .milliseconds(1000)).isEmpty)
    }

    @Test("a determinate indicator left behind fails with the board's words, then goes after the hold")
    func determinateFails() throws {
        let (e, text) = engine()
        try show(e, "show up circular label=\"Uploading\" value=40%", at: 0, by: app)
        #expect(e.ownerLeft(app, at: .milliseconds(1000)) == ["up"])
        let rings = e.rings(atMs: 1100)
        #expect(rings.count == 1 && rings[0].indicator == Theme().error && rings[0].arcSweep == .fullTurn)
        #expect(text.drawn.contains("The app went away"), "\(text.drawn)")
        #expect(e.activityIDs(at: .milliseconds(8999)) == ["up"])
        #expect(e.activityIDs(at: .milliseconds(9000)).isEmpty)
    }

    @Test("a checkout left behind leaves at once and the board's words show as a toast")
    func checkoutLeaves() throws {
        let (e, text) = engine()
        try show(e, "show pay checkout label=\"Processing payment\"", at: 0, by: app)
        e.ownerLeft(app, at: .milliseconds(2000))
        #expect(e.activityIDs(at: .milliseconds(2000)).isEmpty)
        _ = e.layers(atMs: 2300)
        #expect(text.drawn.contains("The app went away"), "\(text.drawn)")
    }

    @Test("a determinate dialog left behind leaves too: nothing modal stays")
    func dialogLeaves() throws {
        let (e, _) = engine()
        try show(e, "show fw linear label=\"Updating firmware\" value=10% place=dialog", at: 0, by: app)
        e.ownerLeft(app, at: .milliseconds(2000))
        #expect(e.activityIDs(at: .milliseconds(2000)).isEmpty)
    }

    @Test("an activity still inside its show delay is never drawn")
    func neverShown() throws {
        let (e, _) = engine()
        try show(e, "show up circular value=10%", at: 0, by: app)
        e.ownerLeft(app, at: .milliseconds(100))
        for t in stride(from: Int64(100), through: 10_000, by: 100) { #expect(e.rings(atMs: t).isEmpty) }
    }

    @Test("detached activities, the host's and other connections' stay")
    func othersStay() throws {
        let (e, _) = engine()
        try show(e, "show d circular value=10% detached=yes", at: 0, by: app)
        try show(e, "show b spinner", at: 0, by: other)
        try e.apply(parse("show h linear value=50%"), at: .zero)
        #expect(e.ownerLeft(app, at: .milliseconds(1000)).isEmpty)
        #expect(e.ownerLeft(.host, at: .milliseconds(1000)).isEmpty)
        #expect(Set(e.activityIDs(at: .milliseconds(20_000))) == ["d", "b", "h"])
    }

    @Test("detached= on a running activity changes it; a show without it keeps it")
    func detachedChanges() throws {
        let (e, _) = engine()
        try show(e, "show d circular value=10% detached=yes", at: 0, by: app)
        try show(e, "show d circular value=20%", at: 100, by: app)
        #expect(e.ownerLeft(app, at: .milliseconds(1000)).isEmpty)
        try show(e, "show d circular value=30% detached=no", at: 1100, by: other)
        #expect(e.ownerLeft(app, at: .milliseconds(1200)) == ["d"], "it still belongs to the connection that first showed it")
    }

    @Test("an outcome waiting for its app's dismiss goes after the hold")
    func outcomeGoes() throws {
        let (e, _) = engine()
        try show(e, "show up circular value=10%", at: 0, by: app)
        try e.apply(parse("fail up \"Upload failed. Check the network.\""), at: .milliseconds(1000), owner: app)
        #expect(e.ownerLeft(app, at: .milliseconds(2000)) == ["up"])
        #expect(e.activityIDs(at: .milliseconds(9999)) == ["up"])
        #expect(e.activityIDs(at: .milliseconds(10_000)).isEmpty)
    }

    @Test("a lease ends an activity nobody updates; every command for it starts the lease again")
    func leaseRunsOut() throws {
        let (e, _) = engine()
        try show(e, "show up circular value=10% lease=2s", at: 0, by: app)
        try e.apply(parse("progress up 20%"), at: .milliseconds(1500), owner: other)
        #expect(e.nextChange(after: .milliseconds(3000)) == .milliseconds(3500), "the daemon wakes when the lease runs out")
        #expect(e.rings(atMs: 3499)[0].indicator == Theme().indicator)
        #expect(e.rings(atMs: 3500)[0].indicator == Theme().error)
        #expect(e.takeLapsedLeases() == ["up"])
        #expect(e.takeLapsedLeases().isEmpty)
        #expect(e.activityIDs(at: .milliseconds(11_500)).isEmpty)
    }

    @Test("a leased activity outlives its connection")
    func leaseOutlivesConnection() throws {
        let (e, _) = engine()
        try show(e, "show s spinner lease=30s", at: 0, by: app)
        #expect(e.ownerLeft(app, at: .milliseconds(1000)).isEmpty)
        #expect(e.activityIDs(at: .milliseconds(29_999)) == ["s"])
        #expect(e.activityIDs(at: .milliseconds(30_500)).isEmpty)
    }

    @Test("lease= takes whole ms, s or m from 1 s to 24 h; anything else is refused with the form to use")
    func leaseParsing() {
        let good: [(String, Int64)] = [("30s", 30_000_000), ("1500ms", 1_500_000), ("2m", 120_000_000), ("1440m", 86_400_000_000)]
        for (text, microseconds) in good {
            guard case .success(.show(_, _, let o)) = CommandParser.parse("show a spinner lease=\(text)") else {
                Issue.record("lease=\(text) refused")
                continue
            }
            #expect(o.lease == microseconds)
        }
        let bad = ["0s", "999ms", "1441m", "86400001ms", "-5s", "s", "30", "30h", "1.5s", "9223372036854775807m", "99999999999999999999s"]
        for text in bad {
            guard case .failure(let e) = CommandParser.parse("show a spinner lease=\(text)") else {
                Issue.record("lease=\(text) accepted")
                continue
            }
            #expect(e.message.contains("lease=30s"), "\(e.message)")
        }
    }
}
