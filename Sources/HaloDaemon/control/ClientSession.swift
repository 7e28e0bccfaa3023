// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloPOSIX

/// One connected client: its socket, who it is, the line it is sending, the replies it has
/// not read yet, and the times the daemon's timeouts are measured from.
public final class ClientSession {
    /// Replies and events a client may leave unread before it is disconnected: a client that
    /// never reads must not make the daemon's memory grow.
    public static let maximumPendingOutput = 256 * 1024

    public let descriptor: Descriptor
    public let number: Int
    public let peer: PeerCredentials
    let connectedAt: Instant
    var framer = LineFramer()
    var output = OutgoingBytes()
    /// Receives `shown`, `dismissed` and `cancelled` events.
    public internal(set) var subscribed = false
    /// Set when the client is to be dropped at the end of this round.
    var closing = false
    /// Why the daemon cut the client off, for the log; nil when the client left by itself.
    var cutReason: String?
    /// When the client last completed a line; nil while it has sent none.
    var lastLine: Instant?
    /// When the line it is in the middle of began; nil between lines.
    var midLineSince: Instant?
    /// When a byte last came from the client, or it connected: who is longest idle.
    var lastHeard: Instant
    /// Lines read but not run yet. The daemon reads a client again only once its queue is
    /// empty, so it never holds more than one read budget's lines.
    var queue = Backlog<LineFramer.Piece>()
    /// Set while a `sync wait` holds this connection: nothing more of it runs until then.
    var heldUntil: Instant?

    init(descriptor: Descriptor, number: Int, peer: PeerCredentials, now: Instant) {
        self.descriptor = descriptor
        self.number = number
        self.peer = peer
        connectedAt = now
        lastHeard = now
    }

    var hasPendingOutput: Bool { !output.isEmpty }
    var hasQueuedLines: Bool { !queue.isEmpty }
    /// Whether the daemon should read from the socket: not while lines wait or a sync holds it.
    var wantsInput: Bool { !hasQueuedLines && heldUntil == nil && !closing }

    /// The next line to run, if any, without taking it.
    var nextQueued: LineFramer.Piece? { queue.first }

    /// Takes the next line to run.
    func takeQueued() -> LineFramer.Piece? { queue.take() }

    /// Queues one line for the client; drops the client if it has stopped reading.
    func send(_ line: String) {
        if output.count + line.utf8.count + 1 > ClientSession.maximumPendingOutput {
            cut("left more than \(ClientSession.maximumPendingOutput / 1024) KiB of replies unread (it sends without reading)")
            return
        }
        output.append(contentsOf: line.utf8)
        output.append(contentsOf: CollectionOfOne(UInt8(ascii: "\n")))
    }

    /// Marks the client to be dropped, keeping the first reason given.
    func cut(_ reason: String) {
        if !closing { cutReason = reason }
        closing = true
    }

    /// Sends `line` as the last thing the client hears, then cuts it off.
    func dismiss(_ line: String, reason: String) {
        if !closing {
            send(line)
            flush()
        }
        cut(reason)
    }

    /// Writes what the socket takes now.
    func flush() {
        guard !closing else { return }
        if !output.flush(to: descriptor, keepingRoomUpTo: 4096) { closing = true }
    }

    /// Who the client is, for the log: its number and the kernel's record of its process.
    var described: String { "client #\(number) (\(peer))" }
}
