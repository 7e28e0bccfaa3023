// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An open file descriptor owned by this object: closed exactly once, when it goes away.
public final class Descriptor {
    public let raw: Int32

    public init(owning raw: Int32) { self.raw = raw }

    deinit { close(raw) }

    /// What one non-blocking read brought.
    public enum ReadResult: Equatable {
        case bytes(Int)
        /// Nothing to read now; try again after poll says so.
        case wouldBlock
        /// The other end closed.
        case end
    }

    /// Reads into `buffer`, retrying interrupted calls.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> ReadResult {
        while true {
            let n = systemRead(raw, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .end }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return .wouldBlock }
            throw SystemError("read", errno: e)
        }
    }

    /// Writes all of `bytes` to a file (not a socket), retrying interrupted and short writes;
    /// `subject` names the file in the error.
    public func writeAll(_ bytes: UnsafeRawBufferPointer, subject: String) throws(SystemError) {
        var at = 0
        while at < bytes.count {
            let n = systemWrite(raw, bytes.baseAddress! + at, bytes.count - at)
            if n > 0 {
                at += n
                continue
            }
            let e = n < 0 ? errno : EIO
            if e == EINTR { continue }
            throw SystemError("write", errno: e, subject: subject)
        }
    }

    /// Writes as much of `bytes` as the socket takes now; returns how much.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(SystemError) -> Int {
        while true {
            // MSG_NOSIGNAL: a client that hung up must not kill the daemon with SIGPIPE.
            let n = send(raw, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return n }
            let e = errno
            if e == EINTR { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return 0 }
            throw SystemError("write", errno: e)
        }
    }
}
