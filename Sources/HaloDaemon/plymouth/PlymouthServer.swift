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
/// requests (`PlymouthFramer`), which `PlymouthTranslator` turns into Halo's. Like plymouthd,
/// every request's sender is checked with SO_PEERCRED and anyone but root is answered NAK,
/// unless the board names a group whose members may drive the splash too: an abstract socket
/// has no file permissions to do it.
///
/// Bounds, as for the control socket: at most `maximumConnections` connections (a newcomer
/// past them closes the oldest that is not waiting for `quit`); a request is at most 258
/// bytes; half a request and then silence for `halfRequestMicroseconds` closes the connection.
/// A connection that sends nothing (`plymouth --wait`) is held until quit, as plymouthd does.
final class PlymouthServer: EventSource {
    final class Connection: EventSource {
        let socket: Descriptor
        var framer = PlymouthFramer()
        var midRequestSince: Int64?
        var closed = false
        unowned let server: PlymouthServer
        let openedAt: Int64
        /// Names it to the prompts (`PlymouthPrompts`), which outlive no connection.
        let number: Int

        init(_ socket: Descriptor, server: PlymouthServer, number: Int, at now: Int64) {
            self.socket = socket
            self.server = server
            self.number = number
            openedAt = now
        }

        var descriptor: Int32 { closed ? -1 : socket.raw }
        var finished: Bool { closed }
        var deadlineMicroseconds: Int64? { midRequestSince.map { $0 + PlymouthServer.halfRequestMicroseconds } }

        func handle() {
            let now = MonotonicMicroseconds.now()
            if let since = midRequestSince, now - since >= PlymouthServer.halfRequestMicroseconds {
                server.report("half a Plymouth request and then silence for 5 s; the connection was closed")
                close()
                return
            }
            var buffer = [UInt8](repeating: 0, count: 512)
            let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try socket.read(into: raw) } }
            guard case .success(.bytes(let n)) = result else {
                if case .success(.wouldBlock) = result { return }
                close()
                return
            }
            let pieces = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            midRequestSince = framer.isMidRequest ? (midRequestSince ?? now) : nil
            for piece in pieces where !closed {
                switch piece {
                case .request(let request): server.handle(request, from: self)
                case .malformed(let why):
                    server.report("a Plymouth client sent \(why); the connection was closed, as plymouthd closes it")
                    close()
                }
            }
        }

        func reply(_ reply: PlymouthReply) {
            guard !closed else { return }
            let bytes = reply.bytes
            // A reply is at most 8 KiB (16 cached passwords): it fits any socket buffer, and a
            // peer that does not read it loses nothing but its own answer.
            _ = bytes.withUnsafeBytes { raw in try? socket.write(raw) }
        }

        func close() {
            guard !closed else { return }
            closed = true
            server.closed(self)
        }
    }

    static let name = "/org/freedesktop/plymouthd"
    static let maximumConnections = 32
    static let halfRequestMicroseconds: Int64 = 5_000_000

    let listener: AbstractSocketListener
    unowned let daemon: ControlServer
    /// Peers of this group may drive the splash besides root (the board's `plymouth-group`).
    let group: UInt32?
    var translator: PlymouthTranslator
    var connections: [Connection] = []
    var nextNumber = 1
    /// Questions and keystroke watches waiting for the person at the device.
    var prompts = PlymouthPrompts()
    let typing: PlymouthTyping
    /// The keyboard, open while a question or a watch waits.
    var keyboard: (any TypingSource)?
    /// Connections whose reply waits for quit or for the screen's release.
    var waitingForQuit: [Connection] = []

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

    var descriptor: Int32 { listener.descriptor.raw }

    /// A client connected.
    func handle() {
        let now = MonotonicMicroseconds.now()
        while case .connection(let socket) = (try? listener.accept()) ?? .none {
            connections.removeAll { $0.closed }
            if connections.count >= Self.maximumConnections {
                let waiting = Set(waitingForQuit.map { ObjectIdentifier($0) })
                if let oldest = connections.first(where: { !waiting.contains(ObjectIdentifier($0)) }) {
                    report("\(Self.maximumConnections) Plymouth connections are open; the oldest was closed for a newcomer")
                    oldest.close()
                } else {
                    continue  // Every place waits for quit: the newcomer is closed unread.
                }
            }
            let c = Connection(socket, server: self, number: nextNumber, at: now)
            nextNumber = nextNumber == Int.max ? 1 : nextNumber + 1
            connections.append(c)
            // A connection that never sends a request is `plymouth --wait`: answered at quit.
            waitingForQuit.append(c)
            daemon.watch(c)
        }
    }

    func handle(_ request: PlymouthFramer.Request, from c: Connection) {
        waitingForQuit.removeAll { $0 === c }
        guard let peer = PeerCredentials.of(c.socket.raw), peer.uid == 0 || (group.map { peer.gid == $0 } ?? false) else {
            report("a Plymouth request from a user who is neither root nor in the board's plymouth-group was refused")
            c.reply(.nak)
            return
        }
        let (reply, effects) = translator.translate(request)
        if effects.contains(where: { if case .newRoot = $0 { return true } else { return false } }) && peer.uid != 0 {
            report("update-root-fs --new-root-dir moves the daemon's root, which only root may ask; refused")
            c.reply(.nak)
            return
        }
        if let reply { c.reply(reply) }
        for effect in effects { carryOut(effect, for: c) }
    }

    func carryOut(_ effect: PlymouthTranslator.Effect, for c: Connection) {
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
            daemon.onReload?("plymouth")
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
