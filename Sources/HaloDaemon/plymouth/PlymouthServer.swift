// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// plymouthd's socket served by the daemon's loop: systemd's units, its password agents and
/// the `plymouth` command connect to `@/org/freedesktop/plymouthd` and send one-letter
/// requests (`PlymouthFramer`), which `PlymouthTranslator` turns into Halo's. The socket is
/// abstract, so it has no file permissions: like plymouthd, Halo checks who connected
/// (SO_PEERCRED, and SO_PEERGROUPS for supplementary groups) and answers anyone but root, or
/// a member of the board's `plymouth-group`, NAK.
///
/// Bounds: places as `PlymouthPlaces` gives them; replies and waiting requests per
/// connection as `PlymouthConnection` bounds them; a request is at most 258 bytes; half a
/// request and then silence for `halfRequestMicroseconds` closes the connection, and so does
/// that much silence from a peer that may not drive the splash. A connection from root (or the
/// group) that sends nothing is `plymouth --wait`, held until quit, as plymouthd holds it.
/// Requests are served in rounds (`serveRound`), so one client's flood never holds the loop.
final class PlymouthServer: EventSource, ReportsStats {
    static let name = "/org/freedesktop/plymouthd"
    static let halfRequestMicroseconds: Int64 = 5_000_000
    /// Newcomers taken in one round: a crowd connecting and hanging up as fast as it can
    /// cannot hold the loop in accept, nor pin more descriptors than this a round.
    static let acceptsPerRound = 32
    /// How long the listener rests when the process is out of descriptors.
    static let restMicroseconds: Int64 = 100_000

    let listener: AbstractSocketListener
    unowned let daemon: ControlServer
    /// Peers of this group may drive the splash besides root (the board's `plymouth-group`).
    let group: UInt32?
    var translator: PlymouthTranslator
    /// Open connections, oldest first.
    var connections: [PlymouthConnection] = []
    var nextNumber = 1
    /// Newcomers closed unread because no place could be given them (`PlymouthPlaces`).
    var refused = 0
    /// Rounds served so far: which connection goes first turns with it.
    var roundNumber = 0
    /// A reload was asked in this round: it is carried out once, when the round ends.
    var reloadAsked = false
    /// True while a round serves requests: replies wait to be written together at its end.
    private(set) var serving = false
    /// Out of descriptors: the listener is not polled until then (it would be ready at once,
    /// and accept would fail again).
    var restingUntil: Int64?
    /// Questions and keystroke watches waiting for the person at the device.
    var prompts = PlymouthPrompts()
    let typing: PlymouthTyping
    /// The keyboard, open while a question or a watch waits.
    var keyboard: (any TypingSource)?

    init(
        _ listener: AbstractSocketListener, daemon: ControlServer, group: UInt32?, modes: [String: PlymouthTranslator.Mode],
        mode: String, typing: PlymouthTyping
    ) {
        self.listener = listener
        self.daemon = daemon
        self.group = group
        self.typing = typing
        translator = PlymouthTranslator(modes: modes, mode: mode)
    }

    var descriptor: Int32 { restingUntil == nil ? listener.descriptor.raw : -1 }
    /// Due at once while a request waits that may be served (the loop comes straight back),
    /// or when the listener's rest ends.
    var deadlineMicroseconds: Int64? { connections.contains(where: \.canBeServed) ? Int64.min : restingUntil }
    /// The daemon's clock, in microseconds.
    var now: Int64 { daemon.clock().microseconds }
    /// `plymouth --wait`s: connections from root or the group that never sent a request.
    var waitingForQuit: [PlymouthConnection] { connections.filter(\.waitsForQuit) }

    /// What `stats` adds: the connections, the refused, the keystroke watches waiting, and how
    /// many characters were typed for the question on screen (as many as it shows dots; never
    /// what they are).
    var statsWords: String {
        "plymouth-connections=\(connections.count) plymouth-refused=\(refused) plymouth-watches=\(prompts.watches.count) "
            + "prompt-typed=\(prompts.entries.isEmpty ? 0 : prompts.typed.count)"
    }

    /// Accepts whoever connected (a round's worth), then serves a round of the requests that wait.
    func handle() {
        if let until = restingUntil, now >= until { restingUntil = nil }
        if restingUntil == nil { acceptNewcomers() }
        serveRound()
    }

    func acceptNewcomers() {
        for _ in 0..<Self.acceptsPerRound {
            switch (try? listener.accept()) ?? .none {
            case .connection(let socket): admit(socket)
            case .none: return
            case .outOfDescriptors:
                report("out of file descriptors: newcomers to plymouthd's socket wait in its backlog until some are free")
                restingUntil = now &+ Self.restMicroseconds
                return
            }
        }
    }

    /// Gives a newcomer its place (`PlymouthPlaces`), or closes it unread.
    func admit(_ socket: Descriptor) {
        let peer = PeerCredentials.of(socket.raw) ?? PeerCredentials(pid: 0, uid: UInt32.max, gid: UInt32.max, program: "?")
        let permitted = mayDrive(peer, socket.raw)
        let holders = connections.map {
            PlymouthPlaces.Holder(number: $0.number, permitted: $0.permitted, uid: $0.peer.uid, holdsSomething: holdsSomething($0))
        }
        switch PlymouthPlaces.place(permitted: permitted, uid: peer.uid, among: holders) {
        case .admit: break
        case .admitClosing(let number):
            connections.first { $0.number == number }?.close()
        case .refuse(let why):
            report("\(why) (uid \(peer.uid), \(peer.program))")
            refused += 1
            _ = shutdown(socket.raw, Int32(SHUT_RDWR))
            return
        }
        let c = PlymouthConnection(socket, server: self, number: nextNumber, peer: peer, permitted: permitted, at: now)
        nextNumber = nextNumber == Int.max ? 1 : nextNumber + 1
        connections.append(c)
        daemon.watch(c)
    }

    /// Root, or a member of the board's group, primary or supplementary.
    func mayDrive(_ peer: PeerCredentials, _ socket: Int32) -> Bool {
        guard peer.uid != 0 else { return true }
        guard let group else { return false }
        return peer.gid == group || PeerCredentials.groups(of: socket).contains(group)
    }

    /// Whether closing `c` would lose something a peer is owed: a question, a watch, a wait
    /// for quit, requests read or half read and not answered, replies not yet taken, or
    /// bytes still in its socket (it is not read while replies wait).
    func holdsSomething(_ c: PlymouthConnection) -> Bool {
        c.waitsForQuit || c.hasRequests || c.hasPendingOutput || c.midRequestSince != nil || c.hasUnreadBytes
            || prompts.entries.contains { $0.connection == c.number } || prompts.watches.contains { $0.connection == c.number }
    }

    /// Serves the requests that wait, one per connection in turn, the first turning each
    /// round, within `ControlServer`'s round budget in requests and time, so control clients
    /// and the screen get the loop as often as Plymouth's clients do. Reloads asked in the
    /// round are carried out once, at its end.
    func serveRound() {
        let started = now
        var budget = ControlServer.roundLineBudget
        var passes = 0
        var servedAny = true
        let order = connections
        let first = order.isEmpty ? 0 : roundNumber % order.count
        roundNumber &+= 1
        serving = true
        while budget > 0 && servedAny && daemon.running {
            servedAny = false
            // Nothing is served after quit: the daemon is on its way out.
            for k in 0..<order.count where budget > 0 && daemon.running {
                let c = order[(first + k) % order.count]
                guard c.canBeServed, let request = c.takeRequest() else { continue }
                serve(request, from: c)
                budget -= 1
                servedAny = true
            }
            passes += 1
            if passes % 16 == 0 && now - started >= ControlServer.roundMicroseconds { break }
        }
        serving = false
        for c in order where c.hasPendingOutput { c.flush() }
        if reloadAsked {
            reloadAsked = false
            if daemon.running { daemon.onReload?("plymouth") }
        }
    }

    func serve(_ request: PlymouthFramer.Request, from c: PlymouthConnection) {
        guard c.permitted else {
            report("a Plymouth request from \(c.peer), who is neither root nor in the board's plymouth-group, was refused")
            c.closesWhenAnswered = true
            c.requests.removeAll()
            c.reply(.nak)
            return
        }
        let (reply, effects) = translator.translate(request)
        if effects.contains(where: { if case .newRoot = $0 { return true } else { return false } }) && c.peer.uid != 0 {
            report("update-root-fs --new-root-dir moves the daemon's root, which only root may ask; refused")
            c.reply(.nak)
            return
        }
        if let reply { c.reply(reply) }
        for effect in effects { carryOut(effect, for: c) }
    }

    func carryOut(_ effect: PlymouthTranslator.Effect, for c: PlymouthConnection) {
        let now = daemon.clock()
        switch effect {
        case .run(let lines):
            for line in lines { _ = daemon.execute(line, at: now) }
        case .release:
            c.reply(daemon.handoff(release: true).hasPrefix("ok") ? .ack : .nak)
        case .adopt:
            _ = daemon.handoff(release: false)
        case .quit(let retain):
            if !retain { _ = daemon.execute("dismiss \(PlymouthTranslator.id)", at: now) }
            endPrompts()
            daemon.quitForPlymouth(retainSplash: retain)
            c.reply(.ack)
            for waiting in waitingForQuit { waiting.close() }
        case .reload:
            reloadAsked = true
        case .ask(let kind, let question): ask(kind, question: question, for: c)
        case .answerCached: answerCached(c)
        case .watch(let keys): watchKeys(keys, for: c)
        case .ignore(let keys): deliver(prompts.ignore(keys: keys))
        case .newRoot(let directory):
            do {
                try RootStorageDaemon.enter(newRoot: directory)
                report("moved into the real root at \(directory), as plymouthd does: later reads (a reload, the keyboard) come from there")
                c.reply(.ack)
                daemon.onNewRoot?()
            } catch {
                report("stayed where it was at update-root-fs --new-root-dir=\(directory): \(error.description)")
                c.reply(.ack)  // As plymouthd: the boot goes on either way.
            }
        case .answerActiveVT:
            c.reply(daemon.screen == nil ? .nak : .ack)
        case .mode(let mode):
            daemon.onPlymouthMode?(mode)
        }
    }

    func report(_ line: String) { daemon.report("plymouth", line) }

    /// systemd's boot progress reached `percent`.
    func bootProgressed(_ percent: Int) {
        let now = daemon.clock()
        for case .run(let lines) in translator.bootProgress(percent) {
            for line in lines { _ = daemon.execute(line, at: now) }
        }
    }
}

/// The name plymouthd listens on, for the log.
public enum PlymouthServerName {
    public static let name = PlymouthServer.name
}

extension ControlServer {
    /// Serves plymouthd's socket too (`halo run --plymouth`), on `bound` if it was bound already;
    /// `group` may drive it besides root,
    /// `modes` changes what Plymouth's modes show, `mode` is the one to start in,
    /// and `typing` says where a boot's passwords are typed.
    public func servePlymouth(
        listener bound: AbstractSocketListener? = nil, group: UInt32?, modes: [String: PlymouthTranslator.Mode] = [:],
        mode: String = "boot-up", typing: PlymouthTyping = .none
    ) throws(SystemError) {
        let listener: AbstractSocketListener
        if let bound { listener = bound } else { listener = try AbstractSocketListener(name: PlymouthServer.name) }
        let server = PlymouthServer(listener, daemon: self, group: group, modes: modes, mode: mode, typing: typing)
        watch(server)
        typed = { [unowned server] in server.typed([$0]) }
        onBootProgress = { [unowned server] in server.bootProgressed($0) }
        onPlymouthMode?(server.translator.mode)
        // The splash is up from the start, as plymouthd's is once started in boot mode.
        _ = executeAtStart(server.translator.showLine())
    }

    /// systemd's boot progress, in percent (`SystemdProgress`): the splash fills with it while
    /// booting up, unless a client gives the value.
    public func bootProgressed(_ percent: Int) {
        bootProgress = percent
        onBootProgress?(percent)
    }

    /// `plymouth quit`: stop serving; `retainSplash` leaves the last frame on screen.
    func quitForPlymouth(retainSplash: Bool) {
        if !retainSplash { drawIfDue(clock()) }
        stop()
    }
}
