// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloEngine
import HaloPOSIX
import HaloTestSupport
import Testing

@testable import HaloDaemon

/// Who gets a place on plymouthd's socket: the pure choice.
@Suite("PlymouthPlaces: places for root and the group, a small allowance for everyone else")
struct PlymouthPlacesTests {
    typealias Holder = PlymouthPlaces.Holder

    func root(_ n: Int, holds: Bool) -> Holder { Holder(number: n, permitted: true, uid: 0, holdsSomething: holds) }
    func other(_ n: Int, uid: UInt32) -> Holder { Holder(number: n, permitted: false, uid: uid, holdsSomething: false) }

    @Test(
        "root is admitted while there is room; when full, the oldest that holds nothing goes; when all hold something, the newcomer is refused"
    )
    func permitted() {
        #expect(PlymouthPlaces.place(permitted: true, uid: 0, among: []) == .admit)
        let busy = (1...32).map { root($0, holds: true) }
        if case .refuse = PlymouthPlaces.place(permitted: true, uid: 0, among: busy) {
        } else {
            Issue.record("a full house of prompts must refuse")
        }
        var mixed = busy
        mixed[5].holdsSomething = false
        mixed[9].holdsSomething = false
        #expect(PlymouthPlaces.place(permitted: true, uid: 0, among: mixed) == .admitClosing(6), "the oldest idle one")
    }

    @Test("the group's members hold 24 places at most, so root's clients always find room; past that their own idle one goes")
    func groupLeavesRoomForRoot() {
        let member = { (n: Int, holds: Bool) in Holder(number: n, permitted: true, uid: 1000, holdsSomething: holds) }
        let busy = (1...24).map { member($0, true) }
        if case .refuse = PlymouthPlaces.place(permitted: true, uid: 1001, among: busy) {} else { Issue.record("the group is full") }
        #expect(PlymouthPlaces.place(permitted: true, uid: 0, among: busy) == .admit, "root still gets in")
        var oneIdle = busy
        oneIdle[3].holdsSomething = false
        #expect(PlymouthPlaces.place(permitted: true, uid: 1001, among: oneIdle) == .admitClosing(4))
    }

    @Test("property: whatever is open, no one holding something is closed, others never close a permitted place, and the bounds hold")
    func invariants() {
        var state: UInt64 = 0x1234_5678
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            let holders = (0..<next(48)).map { n in
                Holder(number: n, permitted: next(3) > 0, uid: next(2) == 0 ? 0 : UInt32(1000 + next(4)), holdsSomething: next(2) == 0)
            }.filter { $0.permitted || $0.uid != 0 }
            let permitted = next(2) == 0
            let uid: UInt32 = permitted && next(2) == 0 ? 0 : UInt32(1000 + next(4))
            let decision = PlymouthPlaces.place(permitted: permitted, uid: uid, among: holders)
            if case .admitClosing(let n) = decision {
                let closed = holders.first { $0.number == n }
                #expect(closed?.holdsSomething == false || closed?.permitted == false, "closed one that holds something: \(holders)")
                if !permitted { #expect(closed?.permitted == false && closed?.uid == uid, "another user closed a place not their own") }
            }
            if case .admit = decision {
                if permitted {
                    #expect(holders.filter(\.permitted).count < PlymouthPlaces.permittedPlaces)
                } else {
                    #expect(holders.filter { !$0.permitted }.count < PlymouthPlaces.othersInAll)
                    #expect(holders.filter { !$0.permitted && $0.uid == uid }.count < PlymouthPlaces.othersPerUser)
                }
            }
        }
    }

    @Test("others never touch root's places: their own oldest goes past two each, a newcomer past eight in all is refused")
    func others() {
        let full = (1...32).map { root($0, holds: true) }
        #expect(PlymouthPlaces.place(permitted: false, uid: 65534, among: full) == .admit, "root's places are not theirs to fill")
        let two = full + [other(40, uid: 65534), other(41, uid: 65534)]
        #expect(PlymouthPlaces.place(permitted: false, uid: 65534, among: two) == .admitClosing(40))
        let eight = (0..<8).map { other(50 + $0, uid: UInt32(1000 + $0)) }
        if case .refuse = PlymouthPlaces.place(permitted: false, uid: 2000, among: eight) {} else { Issue.record("past eight in all") }
        #expect(PlymouthPlaces.place(permitted: true, uid: 0, among: eight) == .admit, "and they never take root's place")
    }
}

/// The Plymouth server in the daemon's loop, on a listener of the test's own (not plymouthd's
/// name, which another suite serves), its clients this process and `nobody`.
@Suite("the Plymouth server's replies, rounds and doors (host kernel abstract sockets)", .serialized)
struct PlymouthServerTests {
    /// A daemon serving Plymouth's protocol on `@name`, and its Plymouth server.
    func daemon(_ name: String, group: UInt32? = nil) throws -> (TestDaemon, PlymouthServer) {
        let d = try TestDaemon("plymouth-\(name)")
        try d.server.servePlymouth(listener: try AbstractSocketListener(name: "/halo-test/\(name)-\(getpid())"), group: group)
        return (d, try #require(d.server.sources.compactMap { $0 as? PlymouthServer }.first))
    }

    /// A client of `@/halo-test/NAME-PID`, non-blocking.
    func client(_ name: String) throws -> Descriptor {
        let c = try AbstractSocketListener.connect(name: "/halo-test/\(name)-\(getpid())")
        _ = fcntl(c.raw, F_SETFL, fcntl(c.raw, F_GETFL) | O_NONBLOCK)
        return c
    }

    /// Writes all of `bytes`, running the daemon while the socket is full (at most 5,000 rounds).
    func write(_ bytes: [UInt8], to c: Descriptor, _ d: TestDaemon) {
        var sent = 0
        for _ in 0..<5000 where sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(c.raw, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n } else { d.spin(1) }
        }
    }

    /// What has arrived on `c`; nil once it has ended.
    func drain(_ c: Descriptor) -> [UInt8]? {
        var got: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(c.raw, $0.baseAddress, $0.count, 0) }
            if n > 0 {
                got += chunk[0..<n]
            } else {
                return n == 0 && got.isEmpty ? nil : got
            }
        }
    }

    @Test(
        "10,000 pipelined pings read only once the daemon has run 200 rounds, and 3,000 hide-splash read every fifth round: every one answered"
    )
    func everyReplyArrives() throws {
        let (d, _) = try daemon("replies")
        let late = try client("replies")
        write([UInt8](repeating: 0, count: 20_000).enumerated().map { $0.offset % 2 == 0 ? 0x50 : 0 }, to: late, d)
        d.spin(200)
        var replies: [UInt8] = []
        for _ in 0..<5000 where replies.count < 10_000 {
            replies += drain(late) ?? []
            d.spin(1)
        }
        #expect(replies.count == 10_000 && replies.allSatisfy { $0 == 0x06 }, "\(replies.count) replies")
        let slow = try client("replies")
        write([UInt8](repeating: 0, count: 6_000).enumerated().map { $0.offset % 2 == 0 ? 0x48 : 0 }, to: slow, d)
        var hides: [UInt8] = []
        for round in 0..<5000 where hides.count < 3000 {
            d.spin(1)
            if round % 5 == 4 { hides += drain(slow) ?? [] }
        }
        #expect(hides.count == 3000 && hides.allSatisfy { $0 == 0x06 }, "\(hides.count) replies to 3,000 hide-splash: \(Set(hides))")
    }

    @Test("1,024 reloads in one write: one reload a round, and a control client is answered within a few rounds")
    func reloadsCoalesce() throws {
        let (d, _) = try daemon("reloads")
        var reloads = 0
        d.server.onReload = { _ in reloads += 1 }
        let plymouth = try client("reloads")
        write([UInt8](repeating: 0, count: 2048).enumerated().map { $0.offset % 2 == 0 ? 0x6C : 0 }, to: plymouth, d)
        let control = try TestClient(d.path)
        control.send("stats", daemon: d)
        var acks = 0, rounds = 0, mostInARound = 0, statsAnsweredAt: Int?
        while acks < 1024 && rounds < 5000 {
            let before = reloads
            d.server.step(maximumWait: 20)
            rounds += 1
            mostInARound = max(mostInARound, reloads - before)
            acks += drain(plymouth)?.count ?? 0
            control.drain()
            if statsAnsweredAt == nil && control.buffered.contains(UInt8(ascii: "\n")) { statsAnsweredAt = rounds }
        }
        #expect(acks == 1024, "every reload answered")
        #expect(mostInARound == 1 && reloads >= 1, "at most one reload a round: \(mostInARound), \(reloads) in all")
        #expect((statsAnsweredAt ?? .max) <= 4, "the control client waited \(statsAnsweredAt.map(String.init) ?? "for ever") rounds")
    }

    @Test("nothing is served after quit: a ping pipelined behind it gets no reply, and no reload runs")
    func nothingAfterQuit() throws {
        let (d, _) = try daemon("quit")
        var reloads = 0
        d.server.onReload = { _ in reloads += 1 }
        let c = try client("quit")
        write([0x51, 0x02, 0x01, 0x00, 0x6C, 0x00, 0x50, 0x00], to: c, d)
        var replies: [UInt8] = []
        for _ in 0..<50 where d.server.running {
            d.spin(1)
            replies += drain(c) ?? []
        }
        replies += drain(c) ?? []
        #expect(!d.server.running, "quit stops the daemon")
        #expect(replies == [0x06] && reloads == 0, "only quit's ACK: \(replies), \(reloads) reloads")
    }

    @Test("bytes that break the framing end the connection at once: the client reads its end without anyone else connecting")
    func brokenFramingClosesAtOnce() throws {
        let (d, server) = try daemon("framing")
        for bad: [UInt8] in [[0x4D, 0x02, 0x00], [0x4D, 0x58], [0x4D, 0x02, 0x03, 0x61, 0x62, 0x63]] {
            let c = try client("framing")
            write(bad, to: c, d)
            var ended = false
            for _ in 0..<50 where !ended {
                d.spin(1)
                ended = drain(c) == nil
            }
            #expect(ended, "\(bad): the client saw the end")
            #expect(server.connections.isEmpty, "nothing of it is kept")
        }
    }

    @Test("nobody's 40 silent connections take 2 places, not root's, and go after 5 s of silence")
    func othersGetAnAllowance() throws {
        guard getuid() == 0 else { return }
        let (d, server) = try daemon("others")
        let crowd = try #require(try SocketPeers.crowd(name: "/halo-test/others-\(getpid())", count: 40, asNobody: true))
        defer { crowd.closeInput() }
        for _ in 0..<200 where server.connections.count < PlymouthPlaces.othersPerUser { d.spin(1) }
        d.spin(5)
        #expect(server.connections.count == PlymouthPlaces.othersPerUser && server.waitingForQuit.isEmpty, "\(server.connections.count)")
        let root = try client("others")
        write([0x50, 0], to: root, d)
        var reply: [UInt8] = []
        for _ in 0..<100 where reply.isEmpty {
            d.spin(1)
            reply += drain(root) ?? []
        }
        #expect(reply == [0x06], "root is answered beside them")
        d.now = Instant(microseconds: d.now.microseconds + PlymouthServer.halfRequestMicroseconds)
        d.spin(3)
        #expect(!server.connections.contains { !$0.permitted }, "silence from someone who may not drive ends their connection")
        #expect(d.logged.contains { $0.contains("may not drive the splash, sent nothing for 5 s") })
    }
}
