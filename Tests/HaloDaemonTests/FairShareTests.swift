// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import HaloEngine
import HaloPOSIX
import HaloTestSupport
import Testing

@testable import HaloDaemon

/// How one round's work is shared: by peer (one process of one user), not by connection, and
/// within a bound. The peers are made up here, on socket pairs, since every connection a test
/// opens itself comes from one process.
@Suite("Fair shares of the daemon's rounds")
struct FairShareTests {
    /// A session whose peer is `uid`/`pid`, with `lines` queued; the other end is returned so
    /// the socket stays open.
    func session(_ d: TestDaemon, number: Int, uid: UInt32, pid: Int32, lines: [String]) -> (ClientSession, Descriptor) {
        var pair: [Int32] = [0, 0]
        _ = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair)
        let peer = PeerCredentials(pid: pid, uid: uid, gid: uid, program: "test")
        let c = ClientSession(descriptor: Descriptor(owning: pair[0]), number: number, peer: peer, now: d.now)
        c.queue.append(contentsOf: lines.map { .line($0) })
        c.lastLine = d.now
        d.server.clients.append(c)
        return (c, Descriptor(owning: pair[1]))
    }

    func replies(_ c: ClientSession) -> Int { c.output.pending.filter { $0 == UInt8(ascii: "\n") }.count }

    @Test("a program pipelining on 16 connections gets one peer's share of a round; the lone client of another is served in it")
    func sharedByPeer() throws {
        let d = try TestDaemon("fair-peers")
        _ = d.server.execute("show p linear value=0%", at: d.now)
        var ends: [Descriptor] = []
        var flood: [ClientSession] = []
        for k in 0..<16 {
            let (c, end) = session(d, number: k + 1, uid: 1000, pid: 4242, lines: Array(repeating: "progress p 50%", count: 2000))
            flood.append(c)
            ends.append(end)
        }
        let (other, end) = session(d, number: 99, uid: 1001, pid: 5151, lines: ["stats", "stats"])
        ends.append(end)
        d.server.serveQueues(d.now)
        #expect(replies(other) == 2, "the other peer's lines ran in the first round")
        let run = flood.reduce(0) { $0 + replies($1) }
        #expect(run + 2 <= ControlServer.roundLineBudget, "a round runs at most its budget: \(run)")
        #expect(run > 0)
        // Within the flooding peer, its connections took turns.
        let counts = flood.map(replies)
        #expect(counts.max()! - counts.min()! <= 1, "\(counts)")
    }

    @Test("two peers with equal floods get equal shares of a round")
    func equalShares() throws {
        let d = try TestDaemon("fair-equal")
        _ = d.server.execute("show p linear value=0%", at: d.now)
        var ends: [Descriptor] = []
        var sessions: [ClientSession] = []
        // One peer with 8 connections, one with a single connection.
        for k in 0..<8 {
            let (c, e) = session(d, number: k + 1, uid: 1000, pid: 10, lines: Array(repeating: "progress p 5%", count: 3000))
            sessions.append(c)
            ends.append(e)
        }
        let (single, e) = session(d, number: 50, uid: 1000, pid: 11, lines: Array(repeating: "progress p 6%", count: 3000))
        ends.append(e)
        d.server.serveQueues(d.now)
        let many = sessions.reduce(0) { $0 + replies($1) }
        #expect(abs(many - replies(single)) <= 1, "shared by process, not by connection: \(many) against \(replies(single))")
    }

    @Test("one snapshot a round in all, and the lines behind it wait their turn")
    func oneSnapshotARound() throws {
        let d = try TestDaemon("fair-snapshot")
        let folder = "/tmp/halo-test-\(getpid())-fair-snapshots"
        defer {
            for k in 1...16 { unlink("\(folder)/snapshot-\(getpid())-\(k).png") }
            rmdir(folder)
        }
        d.server.snapshotPath = folder
        let (a, e1) = session(d, number: 1, uid: 1000, pid: 20, lines: ["snapshot", "snapshot", "stats"])
        let (b, e2) = session(d, number: 2, uid: 1000, pid: 21, lines: ["snapshot", "stats"])
        d.server.serveQueues(d.now)
        #expect(replies(a) + replies(b) == 1, "one snapshot, and its connection is then held behind its next snapshot")
        d.server.serveQueues(d.now)
        d.server.serveQueues(d.now)
        d.server.serveQueues(d.now)
        #expect(replies(a) == 3 && replies(b) == 2)
        _ = (e1, e2)
    }

    @Test("after a snapshot the loop rests from snapshots four times as long as it took, and wakes when the rest is over")
    func snapshotRest() throws {
        let d = try TestDaemon("fair-rest")
        let folder = "/tmp/halo-test-\(getpid())-fair-rest"
        defer {
            for k in 1...16 { unlink("\(folder)/snapshot-\(getpid())-\(k).png") }
            rmdir(folder)
        }
        d.server.snapshotPath = folder
        // As if the last snapshot took 25 ms.
        d.server.step(maximumWait: 0)
        d.server.snapshotRestUntil = d.now + Milliseconds(100)
        let (a, end) = session(d, number: 1, uid: 1000, pid: 30, lines: ["snapshot", "stats"])
        d.server.serveQueues(d.now)
        #expect(replies(a) == 0, "the snapshot waits, and the line behind it with it")
        #expect(d.server.pollTimeoutForTesting() == 100, "the loop wakes when the rest ends")
        d.now = d.now + Milliseconds(100)
        d.server.serveQueues(d.now)
        #expect(replies(a) == 2)
        _ = end
    }
}

@Suite("The daemon's log under storms")
struct LogStormTests {
    @Test("a storm of stray signals writes five lines and then a summary naming the sender, without another signal")
    func signalStorm() throws {
        let d = try TestDaemon("log-storm")
        let storm = Array(repeating: SignalDescriptor.Received(signal: SIGUSR1, sender: "uid 1000 pid 99 (kill)"), count: 100)
        d.server.handleSignals(storm)
        #expect(d.logged.count == 5 && d.logged.allSatisfy { $0.hasPrefix("SIGUSR1 from uid 1000 pid 99 (kill) does nothing") })
        d.now = d.now + Milliseconds(10_000)
        d.spin(1)
        #expect(d.logged.count == 6, "\(d.logged)")
        #expect(d.logged.last?.hasPrefix("95 more signal lines left out, from uid 1000 pid 99 (kill) ×95 in 10 s") == true, "\(d.logged)")
    }
}
