// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloDaemon
import HaloEngine
import Testing

/// The daemon's bounds on connections, on real Unix sockets of the host kernel, with the clock
/// moved by the test: half lines and silence time out, no program takes every place, a full
/// daemon makes room by closing the quietest connection, and each cut-off is logged with who
/// and why.
@Suite("Client limits on host-kernel sockets")
struct ClientLimitTests {
    @Test("half a line is cut off after 10 s with a reason, and logged with the peer's uid, pid and program")
    func halfLineTimeout() throws {
        let d = try TestDaemon("halfline")
        let slow = try TestClient(d.path)
        let other = try TestClient(d.path)
        slow.write(Array("show a spin".utf8), daemon: d)
        d.spin()
        #expect(other.ask("stats", daemon: d)?.hasPrefix("ok ") == true)
        // The loop wakes for the deadline: a timer is armed while a line is unfinished.
        let t = d.server.pollTimeoutForTesting()
        #expect(t > 9_000 && t <= 10_000, "\(t)")
        d.now = d.now + Milliseconds(9_000)
        d.spin()
        #expect(d.server.clientCount == 2)
        d.now = d.now + Milliseconds(1_001)
        d.spin()
        #expect(slow.line(daemon: d)?.hasPrefix("error timeout: a line must arrive whole within 10 s") == true)
        #expect(slow.line(daemon: d) == nil, "the connection is closed")
        #expect(other.ask("show b spinner", daemon: d) == "ok", "the other client is served")
        let me = getpid()
        #expect(
            d.logged.contains { $0.contains("pid \(me)") && $0.contains("uid \(getuid())") && $0.contains("cut off: sent half a line") },
            "\(d.logged)")
        #expect(d.logged.contains { $0.contains("connected") && $0.contains("pid \(me)") })
    }

    @Test("a connection that says nothing is closed after 30 s; one that has spoken arms no timer and stays")
    func silentTimeout() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let d = try TestDaemon("silent", policy: policy)
        let talker = try TestClient(d.path)
        #expect(talker.ask("show a linear value=30%", daemon: d) == "ok")
        d.now = d.now + Milliseconds(5000)
        d.spin()
        #expect(d.server.pollTimeoutForTesting() == -1, "an idle daemon whose clients have spoken sleeps without a timer")
        let mute = try TestClient(d.path)
        // Taken in before its timer is read: on a loaded machine one spin may not reach it.
        for _ in 0..<100 where d.server.clientCount < 2 { d.spin(1) }
        let t = d.server.pollTimeoutForTesting()
        #expect(t > 29_000 && t <= 30_000, "\(t)")
        d.now = d.now + Milliseconds(30_001)
        d.spin()
        #expect(mute.line(daemon: d)?.hasPrefix("error idle: nothing came in 30 s") == true)
        #expect(d.server.clientCount == 1)
        #expect(d.server.pollTimeoutForTesting() == -1)
        #expect(d.logged.contains { $0.contains("cut off: sent nothing for 30 s") }, "\(d.logged)")
    }

    @Test("one program cannot take every place; a full daemon closes its quietest connection for a newcomer")
    func shares() throws {
        let d = try TestDaemon("shares")
        d.server.limits.perProgram = 3
        var held: [TestClient] = []
        for _ in 0..<3 {
            let c = try TestClient(d.path)
            #expect(c.ask("stats", daemon: d)?.hasPrefix("ok ") == true)
            held.append(c)
        }
        let fourth = try TestClient(d.path)
        #expect(fourth.line(daemon: d)?.hasPrefix("error busy: this program holds 3 connections, the most it may") == true)
        #expect(d.server.clientCount == 3)

        d.server.limits.perProgram = 16
        d.server.limits.clients = 3
        d.now = d.now + Milliseconds(5000)
        // held[1] speaks now; held[0] and held[2] are quiet, held[0] since longest.
        d.now = d.now + Milliseconds(10)
        #expect(held[2].ask("stats", daemon: d)?.hasPrefix("ok ") == true)
        d.now = d.now + Milliseconds(2000)
        #expect(held[1].ask("stats", daemon: d)?.hasPrefix("ok ") == true)
        d.now = d.now + Milliseconds(2000)
        let newcomer = try TestClient(d.path)
        #expect(newcomer.ask("show n spinner", daemon: d) == "ok")
        #expect(held[0].line(daemon: d)?.hasPrefix("error idle: the daemon is full") == true)
        #expect(held[1].ask("stats", daemon: d)?.hasPrefix("ok ") == true)
        #expect(d.logged.contains { $0.contains("quiet the longest when the daemon held 3 connections") }, "\(d.logged)")
        // All places taken by clients that spoke within the last second: the newcomer is told.
        for c in [held[1], held[2], newcomer] { _ = c.ask("stats", daemon: d) }
        let late = try TestClient(d.path)
        #expect(late.line(daemon: d)?.hasPrefix("error busy: the daemon holds 3 connections") == true)
    }

    @Test("a user's full share makes room by closing that user's quietest connection, keeping those that wait for events")
    func userShareSheds() throws {
        let d = try TestDaemon("user-share")
        d.server.limits.perUser = 4
        var held: [TestClient] = []
        for k in 0..<4 {
            let c = try TestClient(d.path)
            #expect(c.ask(k == 0 ? "subscribe" : "stats", daemon: d)?.hasPrefix("ok") == true)
            held.append(c)
            d.now = d.now + Milliseconds(10)
        }
        // Hours later, all four wait: the subscriber is the quietest, but it waits for events.
        d.now = d.now + Milliseconds(3_600_000)
        let newcomer = try TestClient(d.path)
        #expect(newcomer.ask("stats", daemon: d)?.hasPrefix("ok ") == true, "the newcomer is let in")
        #expect(held[1].line(daemon: d)?.hasPrefix("error idle: this user opened more than its 4 connections") == true)
        #expect(held[0].ask("stats", daemon: d)?.hasPrefix("ok ") == true, "the subscriber stays")
        #expect(held[2].ask("stats", daemon: d)?.hasPrefix("ok ") == true)
        // Every one just spoke: the next newcomer is refused, with the reason.
        for c in [held[3], newcomer] { _ = c.ask("stats", daemon: d) }
        let late = try TestClient(d.path)
        #expect(late.line(daemon: d)?.hasPrefix("error busy: this user holds 4 connections, the most it may") == true)
    }

    @Test("stats, sync and subscribe with words after them say so; replies escape control bytes")
    func wordsAfterBareCommands() throws {
        let d = try TestDaemon("bare")
        let c = try TestClient(d.path)
        #expect(c.ask("stats now", daemon: d) == "error invalid: stats takes nothing after it; send the word stats alone")
        #expect(c.ask("sync please", daemon: d)?.hasPrefix("error invalid: sync takes nothing") == true)
        #expect(c.ask("subscribe all", daemon: d)?.hasPrefix("error invalid: subscribe takes nothing") == true)
        let reply = c.ask("frob\u{1B}[2J\r", daemon: d) ?? ""
        #expect(reply.contains("\\x1B[2J") && !reply.contains("\u{1B}"), "\(reply.debugDescription)")
    }
}

@Suite("Rate-limited log")
struct RateLimitedLogTests {
    @Test("each kind of line is written five times in ten seconds; the next one written says how many were left out")
    func limits() {
        var log = RateLimitedLog()
        var written: [String] = []
        for i in 0..<655 {
            if let l = log.admit("psplash", "psplash: unknown message \(i)", at: .milliseconds(Int64(i))) { written.append(l) }
        }
        #expect(written.count == 5)
        #expect(log.admit("connect", "another kind", at: .milliseconds(700)) != nil)
        let next = log.admit("psplash", "psplash: later", at: .milliseconds(10_000))
        #expect(next == "psplash: later (650 more psplash lines left out, from the daemon ×650 before this)")
        #expect(log.admit("x", "bell\u{07} and escape\u{1B}", at: .zero) == "bell\\x07 and escape\\x1B")
    }

    @Test("lines left out are summarised when their window ends, naming who caused them, even if no other line comes")
    func summaries() {
        var log = RateLimitedLog()
        for i in 0..<8 {
            _ = log.admit("reload", "reload \(i) refused: bad board", who: "uid 0 pid 7 (kill)", at: .milliseconds(Int64(i * 300)))
        }
        for i in 0..<20 {
            _ = log.admit("connect", "client #\(i) connected", who: "uid \(1000 + i % 10) pid \(i % 10) (app)", at: .milliseconds(100))
        }
        #expect(log.summaries(at: .milliseconds(9_000)).isEmpty, "windows still open")
        #expect(log.nextSummary == .milliseconds(10_000))
        let lines = log.summaries(at: .milliseconds(10_100))
        #expect(
            lines.count == 2
                && lines[1] == "3 more reload lines left out, from uid 0 pid 7 (kill) ×3 in 10 s; the last: reload 7 refused: bad board")
        #expect(lines[0].hasPrefix("15 more connect lines left out, from uid 1005 pid 5 (app) ×2"), "\(lines[0])")
        #expect(
            lines[0].contains("uid 1002 pid 2 (app) ×1 and 2 from others") && lines[0].hasSuffix("the last: client #19 connected"),
            "\(lines[0])")
        #expect(log.nextSummary == nil && log.summaries(at: .milliseconds(30_000)).isEmpty, "said once")
    }
}
