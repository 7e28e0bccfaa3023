// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A listening Unix socket in the abstract namespace (Linux): a name with no file behind it,
/// as plymouthd listens on `/org/freedesktop/plymouthd`. The address is the NUL byte and the
/// name, its length trimmed to them, as plymouthd binds it. Having no file, it has no
/// permissions: whoever serves it checks each peer's credentials. One name per network
/// namespace: a second listener is refused with EADDRINUSE.
public final class AbstractSocketListener {
    public let name: String
    public let descriptor: Descriptor

    public init(name: String) throws(SystemError) {
        var (address, length) = try Self.address(name, for: "bind")
        self.name = name
        descriptor = try UnixSocket.newSocket(nonBlocking: true)
        let fd = descriptor.raw
        let bound = withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        if bound != 0 {
            let e = errno
            let why =
                e == EADDRINUSE
                ? "another program (plymouthd, or another halo) already listens on @\(name); stop it, or run one boot splash only"
                : "cannot listen on @\(name): \(SystemError.reason(e))"
            throw SystemError("bind", errno: e, message: why)
        }
        if listen(fd, SOMAXCONN) != 0 { throw SystemError("listen", subject: "@\(name)") }
    }

    /// The next waiting connection, non-blocking.
    public func accept() throws(SystemError) -> UnixListener.Accepted { try UnixListener.accept(on: descriptor) }
}

extension AbstractSocketListener {
    /// Connects to the abstract socket `name` (blocking), addressed as plymouthd binds it.
    public static func connect(name: String) throws(SystemError) -> Descriptor {
        var (address, length) = try address(name, for: "connect")
        let descriptor = try UnixSocket.newSocket(nonBlocking: false)
        let fd = descriptor.raw
        let r = withUnsafePointer(to: &address) { p in p.withMemoryRebound(to: sockaddr.self, capacity: 1) { systemConnect(fd, $0, length) }
        }
        if r != 0 { throw SystemError("connect to", subject: "@\(name)") }
        return descriptor
    }

    /// The address of the abstract socket `name`: a NUL byte and the name, its length trimmed
    /// to them, as plymouthd binds it and its clients connect.
    static func address(_ name: String, for call: String) throws(SystemError) -> (sockaddr_un, socklen_t) {
        let bytes = Array(name.utf8)
        guard !bytes.isEmpty, bytes.count < UnixSocket.maximumPathBytes, !bytes.contains(0) else {
            throw SystemError(call, errno: EINVAL, message: "'\(name)' cannot name an abstract socket")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw[0] = 0
            for (i, b) in bytes.enumerated() { raw[i + 1] = b }
        }
        return (address, socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count))
    }
}
