// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The daemon's connections: accepting them within `ClientLimits` (turning newcomers away with
/// the reason when full, or out of descriptors), reading their lines within the read budget,
/// and cutting off the silent and the half-line ones when their time is up.
extension ControlServer {

    func acceptClients(_ now: Instant) {
        while true {
            let accepted: UnixListener.Accepted
            do { accepted = try listener.accept() } catch {
                report("accept", "cannot accept a client: \(error.description)")
                return
            }
            switch accepted {
            case .none:
                if outOfDescriptors {
                    outOfDescriptors = false
                    report("descriptors", "file descriptors are free again; new clients are served")
                }
                return
            case .outOfDescriptors(let e):
                if !outOfDescriptors {
                    outOfDescriptors = true
                    var limit = rlimit()
                    getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
                    report(
                        "descriptors",
                        "out of file descriptors (\(SystemError.reason(e)); this process may open \(limit.rlim_cur)): new clients are told the daemon is busy until some leave; raise the limit (LimitNOFILE= in the unit, ulimit -n) or stop the program that holds many connections"
                    )
                }
                // Linux fails accept for want of a descriptor before it looks at the queue, so
                // only the reserve tells whether anyone is waiting at all.
                switch turnAwayWithSpare() {
                case true?: continue
                case false?: return
                case nil:
                    // Not even the reserve: rest the listener instead of spinning on it.
                    listenerPausedUntil = Instant(microseconds: now.microseconds + limits.listenerPauseMicroseconds)
                    return
                }
            case .connection(let d):
                admit(d, now)
            }
        }
    }

    /// Gives up the reserve descriptor to accept one waiting client, tells it the daemon is out
    /// of descriptors, closes it and takes the reserve back. True when a client was turned
    /// away, false when nobody was waiting, nil when there was no reserve.
    func turnAwayWithSpare() -> Bool? {
        guard spare >= 0 else { return nil }
        close(spare)
        spare = -1
        var turned = false
        if case .connection(let d)? = try? listener.accept() {
            let line = Array(ControlError.Code.busy.reply("the daemon has run out of file descriptors; try again shortly\n").utf8)
            _ = line.withUnsafeBytes { send(d.raw, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            turned = true
        }
        // The turned-away connection is closed by now, so the reserve has its descriptor back.
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return turned
    }

    /// Whose places a full share counts: one program's, one user's, or the whole daemon's.
    enum Share {
        case program, user, daemon

        var holder: String {
            switch self {
            case .program: "this program"
            case .user: "this user"
            case .daemon: "the daemon"
            }
        }
    }

    /// Takes a new connection, within the shares of each program and user and the total. A
    /// full share makes room the same way at every level: the quietest connection of that
    /// program, that user or the whole daemon goes (told why), so nobody locks out their own
    /// later programs with connections left waiting. Only when all of them spoke in the last
    /// second is the newcomer refused.
    func admit(_ d: Descriptor, _ now: Instant) {
        let peer = PeerCredentials.of(d.raw) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max, program: "?")
        let c = ClientSession(descriptor: d, number: nextClientNumber, peer: peer, now: now)
        nextClientNumber += 1
        let open = clients.filter { !$0.closing }
        let shares: [(Share, [ClientSession], Int)] = [
            (.program, peer.pid > 0 ? open.filter { $0.peer.pid == peer.pid } : [], limits.perProgram),
            (.user, open.filter { $0.peer.uid == peer.uid }, limits.perUser),
            (.daemon, open, limits.clients),
        ]
        for (share, holders, limit) in shares where holders.filter({ !$0.closing }).count >= limit {
            guard makeRoom(in: share, among: holders, limit: limit, for: c, now) else { return }
        }
        clients.append(c)
        report("connect", "\(c.described) connected", who: c.peer.description)
    }

    /// Closes the quietest of `holders`, a full share, for `newcomer`; a connection waiting for
    /// events goes only when all of them wait so. False, with the newcomer refused, when every
    /// one spoke in the last second.
    func makeRoom(in share: Share, among holders: [ClientSession], limit: Int, for newcomer: ClientSession, _ now: Instant) -> Bool {
        let quiet = holders.filter { !$0.closing && now - $0.lastHeard >= 1_000_000 }
        guard
            let shed = quiet.filter({ !$0.subscribed }).min(by: { $0.lastHeard < $1.lastHeard })
                ?? quiet.min(by: { $0.lastHeard < $1.lastHeard })
        else {
            let fix: String
            switch share {
            case .program: fix = "send all its commands on one connection"
            case .user: fix = "close some, or try again shortly"
            case .daemon: fix = "try again shortly"
            }
            newcomer.dismiss(
                ControlError.Code.busy.reply(
                    "\(share.holder) holds \(limit) connections, the most it may, and all of them spoke in the last second; \(fix)"),
                reason: "refused: \(share.holder) holds \(limit) connections, all active")
            report(
                "cut-off", "\(newcomer.described) refused: \(share.holder) holds \(limit) connections, all active",
                who: newcomer.peer.description)
            return false
        }
        let why = share == .daemon ? "the daemon is full" : "\(share.holder) opened more than its \(limit) connections"
        shed.dismiss(
            ControlError.Code.idle.reply(
                "\(why) and this connection had been quiet the longest; connect again when there is a command to send"),
            reason: "quiet the longest when \(share.holder) held \(limit) connections, to make room for \(newcomer.described)")
        return true
    }

    /// The earliest moment a client's timeout runs out, if any client is waiting on one.
    func clientDeadline() -> Instant? {
        var best: Instant? = nil
        for c in clients where !c.closing {
            var due: Instant? = nil
            if let since = c.midLineSince {
                due = Instant(microseconds: since.microseconds + limits.halfLineMicroseconds)
            } else if c.lastLine == nil {
                due = Instant(microseconds: c.connectedAt.microseconds + limits.silentMicroseconds)
            }
            if let due, best.map({ due < $0 }) ?? true { best = due }
        }
        return best
    }

    /// Cuts off the clients whose timeouts have run out; true if any was.
    func expireClients(_ now: Instant) -> Bool {
        var any = false
        for c in clients where !c.closing {
            if let since = c.midLineSince, now - since >= limits.halfLineMicroseconds {
                c.dismiss(
                    ControlError.Code.timeout.reply(
                        "a line must arrive whole within \(limits.halfLineMicroseconds / 1_000_000) s; end every command with a newline"),
                    reason: "sent half a line and then nothing for \(limits.halfLineMicroseconds / 1_000_000) s")
                any = true
            } else if c.lastLine == nil && now - c.connectedAt >= limits.silentMicroseconds {
                c.dismiss(
                    ControlError.Code.idle.reply(
                        "nothing came in \(limits.silentMicroseconds / 1_000_000) s after connecting; connect when there is a command to send"
                    ),
                    reason: "sent nothing for \(limits.silentMicroseconds / 1_000_000) s after connecting")
                any = true
            }
        }
        return any
    }

    func readFrom(_ c: ClientSession, now: Instant) {
        var budget = Self.readBudget
        while budget > 0 && !c.closing {
            let result: Descriptor.ReadResult
            do {
                result = try chunk.withUnsafeMutableBytes { raw throws(SystemError) in try c.descriptor.read(into: raw) }
            } catch {
                c.closing = true
                return
            }
            switch result {
            case .wouldBlock: return
            case .end:
                c.closing = true
                return
            case .bytes(let n):
                budget -= n
                c.lastHeard = now
                let wasMidLine = c.framer.isMidLine
                let pieces = chunk.withUnsafeBytes { c.framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                if !pieces.isEmpty {
                    c.lastLine = now
                    c.queue.append(contentsOf: pieces)
                }
                // A line's clock starts at its first byte: one that began in these bytes, or the
                // same line as before when no line ended.
                if !c.framer.isMidLine {
                    c.midLineSince = nil
                } else if !wasMidLine || !pieces.isEmpty || c.midLineSince == nil {
                    c.midLineSince = now
                }
            }
        }
    }

    /// Drops the clients marked to go, logging who was cut off and why.
    func removeClosedClients() {
        guard clients.contains(where: { $0.closing }) else { return }
        let now = clock()
        for c in clients where c.closing {
            if let why = c.cutReason { report("cut-off", "\(c.described) cut off: \(why)", who: c.peer.description) }
            endWhatWasLeft(by: c, at: now)
        }
        clients.removeAll { $0.closing }
    }

    /// Ends the activities a closing connection left running (`Engine.ownerLeft`), and says so:
    /// the app crashed or forgot, and its developer needs to know which.
    func endWhatWasLeft(by c: ClientSession, at now: Instant) {
        let ended = engine.ownerLeft(Owner(connection: c.number, user: c.peer.uid), at: now)
        guard !ended.isEmpty else { return }
        needsFrame = true
        report(
            "left-behind",
            "\(c.described) closed with \(ended.count) activit\(ended.count == 1 ? "y" : "ies") running, now ended: \(Self.idList(ended)); an app ends what it shows, or shows it with detached=yes or lease= to keep it past its connection",
            who: c.peer.description)
    }

    /// Ids for a log line: the first 16, then how many more.
    static func idList(_ ids: [String]) -> String {
        let listed = ids.prefix(16).joined(separator: ", ")
        return ids.count > 16 ? listed + " and \(ids.count - 16) more" : listed
    }
}
