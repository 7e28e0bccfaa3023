import HaloPOSIX

/// One connected client: its socket, the line it is sending, the replies it has not read yet.
public final class ClientSession {
    /// Replies and events a client may leave unread before it is disconnected: a client that
    /// never reads must not make the daemon's memory grow.
    public static let maximumPendingOutput = 256 * 1024

    public let descriptor: Descriptor
    public let number: Int
    var framer = LineFramer()
    var output: [UInt8] = []
    var outputStart = 0
    /// Receives `shown`, `dismissed` and `cancelled` events.
    public internal(set) var subscribed = false
    /// Set when the client is to be dropped at the end of this round.
    var closing = false

    init(descriptor: Descriptor, number: Int) {
        self.descriptor = descriptor
        self.number = number
    }

    var hasPendingOutput: Bool { outputStart < output.count }

    /// Queues one line for the client; drops the client if it has stopped reading.
    func send(_ line: String) {
        if output.count - outputStart + line.utf8.count + 1 > ClientSession.maximumPendingOutput {
            closing = true
            return
        }
        output.append(contentsOf: line.utf8)
        output.append(UInt8(ascii: "\n"))
    }

    /// Writes what the socket takes now.
    func flush() {
        while hasPendingOutput && !closing {
            let n: Int
            do {
                n = try output.withUnsafeBytes { raw throws(SystemError) in
                    try descriptor.write(UnsafeRawBufferPointer(rebasing: raw[outputStart...]))
                }
            } catch {
                closing = true
                return
            }
            if n == 0 { break }
            outputStart += n
        }
        if outputStart == output.count {
            output.removeAll(keepingCapacity: output.capacity <= 4096)
            outputStart = 0
        }
    }
}
