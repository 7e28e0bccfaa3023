// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// Running the lines clients have sent, fairly: each round of the loop serves the peers (one
/// process of one user) in turn, one line each, so a program that opens many connections gets
/// no more than one that opens one, and the round's work is bounded in lines and in time, so a
/// flood never holds the loop while others wait. A peer's connections take turns within its
/// share. Lines left over wait for the next round, which then starts at once.
extension ControlServer {
    /// Lines all clients together may run in one round.
    public static var roundLineBudget: Int { 4096 }
    /// Time one round may spend running lines before it draws and polls again.
    static var roundMicroseconds: Int64 { 8_000 }
    /// The longest a `sync wait` holds its connection.
    static var longestSyncWait: Int64 { 10_000_000 }

    /// Who shares a round's work: one process of one user.
    struct PeerKey: Hashable {
        var uid: UInt32
        var pid: Int32
    }

    /// Whether `c` has a line it may run in this round.
    func canRun(_ c: ClientSession, snapshotTaken: Bool) -> Bool {
        guard !c.closing, c.heldUntil == nil, let next = c.nextQueued else { return false }
        // One snapshot a round in all, and none while the last one's rest lasts: encoding a
        // large screen is the costliest thing a line can ask for, and the others' lines go first.
        if case .line("snapshot") = next, snapshotTaken || clock() < snapshotRestUntil { return false }
        return true
    }

    /// Whether some client has a line that could run now (the loop then does not sleep).
    var hasRunnableLines: Bool { clients.contains { canRun($0, snapshotTaken: false) } }

    /// When a snapshot waiting for the last one's rest may run, if one waits.
    var snapshotDeadline: Instant? {
        clients.contains { !$0.closing && $0.heldUntil == nil && $0.nextQueued == .line("snapshot") } ? snapshotRestUntil : nil
    }

    /// Runs queued lines, a peer at a time, within the round's budget.
    func serveQueues(_ now: Instant) {
        releaseHeld(now)
        var order: [PeerKey] = []
        var members: [PeerKey: [ClientSession]] = [:]
        for c in clients where canRun(c, snapshotTaken: false) {
            let key = PeerKey(uid: c.peer.uid, pid: c.peer.pid)
            if members[key] == nil { order.append(key) }
            members[key, default: []].append(c)
        }
        guard !order.isEmpty else { return }
        // The peer served first moves on every round, so none is always last in line.
        let first = roundNumber % order.count
        roundNumber &+= 1
        var next = [Int](repeating: 0, count: order.count)
        var budget = Self.roundLineBudget
        var snapshotTaken = false
        var passes = 0
        var ranAny = true
        while budget > 0 && ranAny {
            ranAny = false
            for k in 0..<order.count where budget > 0 {
                let group = members[order[(first + k) % order.count]] ?? []
                for j in 0..<group.count {
                    let c = group[(next[k] + j) % group.count]
                    guard canRun(c, snapshotTaken: snapshotTaken) else { continue }
                    if case .line("snapshot")? = c.nextQueued { snapshotTaken = true }
                    runQueued(c, now: now)
                    next[k] = (next[k] + j + 1) % group.count
                    budget -= 1
                    ranAny = true
                    break
                }
            }
            passes += 1
            if passes % 16 == 0 && clock() - now >= Self.roundMicroseconds { break }
        }
    }

    /// Runs `c`'s next line and queues its reply.
    func runQueued(_ c: ClientSession, now: Instant) {
        guard let piece = c.takeQueued() else { return }
        switch piece {
        case .line("sync wait"):
            let until = min(engine.settlesAt(after: now), Instant(microseconds: now.microseconds + Self.longestSyncWait))
            if until <= now {
                handle("sync", from: c, now: now)
            } else {
                c.heldUntil = until
            }
        case .line(let line): handle(line, from: c, now: now)
        case .overlong(let bytes):
            c.send(
                ControlError.Code.tooLong.reply(
                    "a line of \(bytes) bytes is over the \(c.framer.limit)-byte limit; send one command a line and shorten the label")
            )
        }
    }

    /// Answers the `sync wait`s whose moment has come, as `sync` would answer then.
    func releaseHeld(_ now: Instant) {
        for c in clients where !c.closing {
            guard let until = c.heldUntil, until <= now else { continue }
            c.heldUntil = nil
            handle("sync", from: c, now: now)
        }
    }

    /// The soonest moment a held `sync wait` is due.
    var heldDeadline: Instant? { clients.compactMap { $0.closing ? nil : $0.heldUntil }.min() }
}
