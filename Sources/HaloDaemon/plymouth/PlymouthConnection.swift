// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One client of plymouthd's socket: who it is (checked once, when it connected), the requests
/// it sent that wait for their turn (`PlymouthServer.serveRound`), and the replies the socket
/// has not taken yet.
///
/// Bounds: one read takes at most `readSize` bytes, so at most `readSize / 2` requests wait at
/// once (the shortest is two bytes); nothing more is read until they are served and their
/// replies written, and a request is served only while fewer than `replyRoom` bytes of replies
/// wait, so a connection holds at most that plus one answer (8 KiB for 16 cached passwords).
/// A peer that reads gets every reply, in order; one that stops reading stops being read.
final class PlymouthConnection: EventSource {
    static let readSize = 512
    static let replyRoom = 8 * 1024

    let socket: Descriptor
    /// Names it to the prompts (`PlymouthPrompts`), which outlive no connection.
    let number: Int
    let peer: PeerCredentials
    /// Root, or a member of the board's `plymouth-group`.
    let permitted: Bool
    /// On the daemon's clock, in microseconds.
    let openedAt: Int64
    unowned let server: PlymouthServer
    var framer = PlymouthFramer()
    var midRequestSince: Int64?
    /// Requests read and not yet served.
    var requests = Backlog<PlymouthFramer.Request>()
    var output = OutgoingBytes()
    /// At least one whole request came: it is no `plymouth --wait`.
    var hasRequested = false
    /// Closed once every reply is written (a peer that may not drive the splash, after its NAK).
    var closesWhenAnswered = false
    private(set) var closed = false

    init(_ socket: Descriptor, server: PlymouthServer, number: Int, peer: PeerCredentials, permitted: Bool, at now: Int64) {
        self.socket = socket
        self.server = server
        self.number = number
        self.peer = peer
        self.permitted = permitted
        openedAt = now
    }

    var descriptor: Int32 { closed ? -1 : socket.raw }
    var finished: Bool { closed }
    var hasPendingOutput: Bool { !output.isEmpty }
    var hasRequests: Bool { !requests.isEmpty }
    var wantsToRead: Bool { !closed && !hasRequests && !hasPendingOutput && !closesWhenAnswered }
    var wantsToWrite: Bool { !closed && hasPendingOutput }
    /// Whether its next request may be served now.
    var canBeServed: Bool { !closed && hasRequests && output.count < Self.replyRoom }
    /// Bytes the peer sent that wait in the kernel, unread (FIONREAD).
    var hasUnreadBytes: Bool {
        guard !closed else { return false }
        var unread: Int32 = 0
        return ioctl(socket.raw, UInt(FIONREAD), &unread) == 0 && unread > 0
    }
    /// A connection that never sent a request from root (or the group) is `plymouth --wait`.
    var waitsForQuit: Bool { !closed && permitted && !hasRequested }

    /// Half a request, or silence from a peer that may not drive the splash, ends it.
    var deadlineMicroseconds: Int64? {
        if closed { return nil }
        if let since = midRequestSince { return since &+ PlymouthServer.halfRequestMicroseconds }
        if !permitted && !hasRequested { return openedAt &+ PlymouthServer.halfRequestMicroseconds }
        return nil
    }

    func handle() {
        guard !closed else { return }
        let now = server.now
        if let deadline = deadlineMicroseconds, now >= deadline {
            server.report(
                midRequestSince != nil
                    ? "half a Plymouth request and then silence for 5 s; the connection was closed"
                    : "a connection from \(peer), who may not drive the splash, sent nothing for 5 s; it was closed")
            close()
            return
        }
        if hasPendingOutput { flush() }
        if wantsToRead { read(at: now) }
    }

    /// One read of at most `readSize` bytes, framed into waiting requests.
    func read(at now: Int64) {
        var buffer = [UInt8](repeating: 0, count: Self.readSize)
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try socket.read(into: raw) } }
        guard case .success(.bytes(let n)) = result else {
            if case .success(.wouldBlock) = result { return }
            close()
            return
        }
        let pieces = buffer.withUnsafeBytes { framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        midRequestSince = framer.isMidRequest ? (midRequestSince ?? now) : nil
        for piece in pieces {
            switch piece {
            case .request(let request):
                hasRequested = true
                requests.append(request)
            case .malformed(let why):
                // plymouthd drops such a connection whole: what it still waited for goes with it.
                server.report("a Plymouth client sent \(why); the connection was closed, as plymouthd closes it")
                requests.removeAll()
                close()
                return
            }
        }
    }

    /// Takes the next request to serve.
    func takeRequest() -> PlymouthFramer.Request? { requests.take() }

    /// Queues `reply`. Within a round of requests it is written with the round's other
    /// replies, in one write (`PlymouthServer.serveRound`): a socket holds a few hundred writes
    /// whatever their size, so a reply a write would fill it long before its bytes do. Outside
    /// a round (an answer typed, quit) it is written at once.
    func reply(_ reply: PlymouthReply) {
        guard !closed else { return }
        output.append(contentsOf: reply.bytes)
        if !server.serving { flush() }
    }

    /// Writes what the socket takes now; closes once answered when that was asked.
    func flush() {
        guard !closed else { return }
        guard output.flush(to: socket, keepingRoomUpTo: 1024) else {
            close()
            return
        }
        if output.isEmpty && closesWhenAnswered && !hasRequests { close() }
    }

    /// Ends the connection now: the peer sees the end at once, not when the loop lets go.
    func close() {
        guard !closed else { return }
        closed = true
        _ = shutdown(socket.raw, Int32(SHUT_RDWR))
        server.closed(self)
    }
}
