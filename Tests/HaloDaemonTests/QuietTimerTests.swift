// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import Testing

/// Quiet spells after work (`QuietTimer`, `ControlServer.onQuiet`): the moment `halo run`
/// unmaps the code that work ran.
@Suite("Quiet spells after work")
struct QuietTimerTests {
    @Test("quiet begins once, a second after the last work; more work starts it again; a clock gone back counts again")
    func timer() {
        var t = QuietTimer()
        var begun = false
        #expect(t.deadline == nil)
        begun = t.quietBegun(at: .milliseconds(10_000))
        #expect(!begun, "no work, no quiet spell to report")
        t.work(at: .milliseconds(1000))
        t.work(at: .milliseconds(1500))
        #expect(t.deadline == .milliseconds(2500))
        begun = t.quietBegun(at: .milliseconds(2499))
        #expect(!begun)
        begun = t.quietBegun(at: .milliseconds(2500))
        #expect(begun)
        begun = t.quietBegun(at: .milliseconds(9000))
        #expect(!begun, "reported once")
        #expect(t.deadline == nil)
        t.work(at: .milliseconds(9000))
        begun = t.quietBegun(at: .milliseconds(100))
        #expect(!begun, "the clock went back: counted from there")
        begun = t.quietBegun(at: .milliseconds(1100))
        #expect(begun)
        t.work(at: Instant(microseconds: Int64.max - 5))
        #expect(t.deadline == Instant(microseconds: Int64.max), "a clock at its end does not wrap")
    }

    @Test(
        "the daemon runs onQuiet once after a client's line and a quiet spell, wakes for it, and not again until more work (host kernel Unix socket)"
    )
    func daemon() throws {
        let d = try TestDaemon("quiet")
        var quiets = 0
        d.server.onQuiet = { quiets += 1 }
        d.spin(3)
        #expect(quiets == 0, "nothing done yet")
        let client = try TestClient(d.path)
        #expect(client.ask("show a linear value=30%", daemon: d)?.hasPrefix("ok") == true)
        d.now = d.now + Milliseconds(600)
        d.spin(3)
        #expect(quiets == 0, "0.6 s after the line it is not quiet yet")
        let wait = d.server.pollTimeoutForTesting()
        #expect(wait > 0 && wait <= 400, "the settled loop wakes for the quiet spell only: \(wait) ms")
        d.now = d.now + Milliseconds(401)
        d.spin(2)
        #expect(quiets == 1)
        #expect(d.server.pollTimeoutForTesting() == -1, "then it sleeps without a timer")
        d.now = d.now + Milliseconds(10_000)
        d.spin(3)
        #expect(quiets == 1, "no work since")
        #expect(client.ask("show b linear value=40%", daemon: d)?.hasPrefix("ok") == true)
        d.now = d.now + Milliseconds(1500)
        d.spin(2)
        #expect(quiets == 2)
    }

    @Test(
        "the first frame starts a quiet spell of its own: what the frames after it ran once is given back with no client's work (host kernel Unix socket)"
    )
    func afterFirstFrame() throws {
        let d = try TestDaemon("quiet-first")
        var quiets = 0
        d.server.onQuiet = { quiets += 1 }
        d.server.invalidateOutputs()
        d.spin(3)
        #expect(d.server.framesDrawn >= 1 && quiets == 0, "the first frame is drawn; quiet comes a second later")
        d.now = d.now + Milliseconds(1001)
        d.spin(2)
        #expect(quiets == 1)
        d.now = d.now + Milliseconds(10_000)
        d.spin(3)
        #expect(quiets == 1, "only once")
    }
}
