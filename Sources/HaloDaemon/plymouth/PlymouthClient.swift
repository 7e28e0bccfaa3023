// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The client side of plymouthd's socket, as `ply-boot-client.c` speaks it: requests framed as
/// `PlymouthFramer` reads them, and each reply read in the order the requests went. For
/// `halo plymouth`, the `plymouth` command of systems (and initramfs images) without Plymouth.
public final class PlymouthClient {
    public enum Reply: Equatable, Sendable {
        case ack
        case nak
        case noAnswer
        case answer([UInt8])
        /// Cached passwords: each with its NUL.
        case answers([UInt8])
        /// The daemon closed the connection before replying.
        case disconnected
        /// A byte Plymouth's protocol does not have, or no reply before the deadline.
        case unexpected(String)
    }

    /// The longest answer read: far past a passphrase, short of letting a daemon fill memory.
    static let longestAnswer = 1 << 20

    let socket: Descriptor

    /// Connects to the splash; fails as the real command does when none listens.
    public init() throws(SystemError) {
        socket = try AbstractSocketListener.connect(name: PlymouthServer.name)
    }

    /// Sends one request: `command` alone, or with `argument` (at most 254 bytes, no NUL).
    public func send(_ command: Character, _ argument: String? = nil) throws(SystemError) {
        var bytes: [UInt8] = [command.asciiValue ?? 0]
        if let argument {
            let a = Array(argument.utf8)
            guard a.count < 255, !a.contains(0) else {
                throw SystemError("send", errno: EINVAL, message: "an argument of \(a.count) bytes: Plymouth's requests carry at most 254")
            }
            bytes += [0x02, UInt8(a.count + 1)] + a + [0]
        } else {
            bytes.append(0)
        }
        // A blocking socket takes a request of at most 258 bytes whole.
        let result = bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try socket.write(raw) } }
        let sent = try result.get()
        if sent != bytes.count { throw SystemError("send", errno: EIO, subject: "@\(PlymouthServer.name)") }
    }

    /// The next reply; `timeoutMilliseconds` nil waits as long as it takes (a person typing).
    public func reply(timeoutMilliseconds: Int32? = 30_000) -> Reply {
        guard let first = read(1, timeoutMilliseconds)?.first else { return .disconnected }
        switch first {
        case 0x06: return .ack
        case 0x15: return .nak
        case 0x05: return .noAnswer
        case 0x02, 0x09:
            guard let size = read(4, timeoutMilliseconds) else { return .disconnected }
            let n = Int(size[0]) | Int(size[1]) << 8 | Int(size[2]) << 16 | Int(size[3]) << 24
            guard n <= Self.longestAnswer else { return .unexpected("an answer of \(n) bytes") }
            guard let bytes = n == 0 ? [] : read(n, timeoutMilliseconds) else { return .disconnected }
            return first == 0x02 ? .answer(bytes) : .answers(bytes)
        default: return .unexpected("the reply byte \(first)")
        }
    }

    /// Waits until the daemon closes the connection (`plymouth --wait`).
    public func waitForClose() {
        while read(1, nil) != nil {}
    }

    /// Exactly `count` bytes, or nil when the connection closes or time runs out first.
    func read(_ count: Int, _ timeoutMilliseconds: Int32?) -> [UInt8]? {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(count, 65536))
        while out.count < count {
            var p = pollfd(fd: socket.raw, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, timeoutMilliseconds ?? -1)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let want = min(chunk.count, count - out.count)
            let n = chunk.withUnsafeMutableBytes { systemRead(socket.raw, $0.baseAddress, want) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            out += chunk[0..<n]
        }
        return out
    }
}
