// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import HaloRender
import Testing

/// What a person does at the device, as the daemon's apps hear it, on real Unix sockets of the
/// host kernel: the app that listens decides, and Halo decides for activities nobody listens for.
@Suite("A person's requests reach the apps (host kernel Unix sockets)", .serialized)
struct PersonRequestTests {
    func stopIcon(of id: String, _ d: TestDaemon) -> UInt32? {
        d.server.engine.tapTargets(at: d.now).map(\.key).first { d.server.engine.activityID(ofLayer: $0) == id && $0 % 16 == 3 }
    }

    @Test("a tap on the stop icon reaches the app that showed it, which answers with cancel")
    func appDecides() throws {
        let d = try TestDaemon("person-app")
        let app = try TestClient(d.path)
        #expect(app.ask("subscribe", daemon: d) == "ok")
        #expect(app.ask("show up linear value=40% cancellable=yes", daemon: d) == "ok")
        d.now = d.now + Milliseconds(1000)
        d.spin()
        #expect(app.line(daemon: d) == "shown up")
        let icon = try #require(stopIcon(of: "up", d))
        d.server.personActed(.tap(icon))
        #expect(app.line(daemon: d) == "cancel-requested up source=touch")
        d.now = d.now + Milliseconds(3000)
        d.spin()
        #expect(d.server.engine.activityIDs(at: d.now) == ["up"], "the app decides; Halo does not act for it")
        #expect(app.ask("cancel up", daemon: d) == "ok")
        #expect(app.line(daemon: d) == "cancelled up")
    }

    @Test("a long press on an activity nobody listens for is carried out by Halo after the wait, and said")
    func nobodyListens() throws {
        let d = try TestDaemon("person-nobody")
        let watcher = try TestClient(d.path)
        #expect(watcher.ask("subscribe", daemon: d) == "ok")
        #expect(d.server.execute("show up circular value=40% cancellable=yes", at: d.now) == "ok")
        d.now = d.now + Milliseconds(1000)
        d.spin()
        #expect(watcher.line(daemon: d) == "shown up")
        d.server.personActed(.longPress)
        #expect(watcher.line(daemon: d) == "cancel-requested up source=gpio")
        d.now = d.now + Milliseconds(1000)
        d.spin()
        #expect(watcher.line(daemon: d) == "cancelled up")
        #expect(d.logged.contains { $0.contains("no app listens for up") }, "\(d.logged)")
    }

    @Test("stats count each answer and time it from the kernel's event to the end of the frame that shows it")
    func answerLatency() throws {
        let d = try TestDaemon("person-latency")
        #expect(d.server.execute("show up linear value=40% cancellable=yes", at: d.now) == "ok")
        d.now = d.now + Milliseconds(1000)
        d.spin()
        let icon = try #require(stopIcon(of: "up", d))
        d.server.personActed(.tap(icon), at: Instant(microseconds: d.now.microseconds - 3000))
        d.spin()
        let stats = d.server.execute("stats", at: d.now)
        #expect(
            stats.hasSuffix(
                " answers=1 answer-p50-us=3000 answer-p99-us=3000 answer-own-p50-us=0 answer-own-p99-us=0 prompt-shown=0 boot-progress=none screen-moves=0"
            ),
            "\(stats)")
    }

    @Test("on the mock display a client plays a person with `person`, and hears the request its app would")
    func personCommand() throws {
        let d = try TestDaemon("person-command")
        let app = try TestClient(d.path)
        #expect(app.ask("subscribe", daemon: d) == "ok")
        #expect(app.ask("show up linear value=40% cancellable=yes pausable=yes", daemon: d) == "ok")
        d.now = d.now + Milliseconds(1000)
        d.spin()
        #expect(app.line(daemon: d) == "shown up")
        #expect(app.ask("person tap-icon up", daemon: d) == "ok")
        #expect(app.line(daemon: d) == "cancel-requested up source=touch")
        #expect(app.ask("person tap up", daemon: d) == "ok", "opens the choice")
        #expect(app.ask("person key activate", daemon: d) == "ok")
        let missing = app.ask("person tap-icon nobody", daemon: d) ?? ""
        #expect(missing.hasPrefix("error unknown-id: nobody has no stop or play icon"), "\(missing)")
        let wrong = app.ask("person wave", daemon: d) ?? ""
        #expect(wrong.hasPrefix("error invalid: write person tap ID"), "\(wrong)")
    }
}
