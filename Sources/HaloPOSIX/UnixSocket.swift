// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Unix stream sockets named by a path: the daemon's listener and the client's connection.
public enum UnixSocket {
    /// Longest path a `sockaddr_un` holds, without its terminating zero.
    public static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A socket address for `path`, passed to `body` with its length.
    /// Refuses a path no socket address can hold: empty, or longer than `maximumPathBytes`.
    static func check(_ path: String) throws(SystemError) {
        if path.isEmpty {
            throw SystemError(
                "socket path", errno: ENOENT, message: "the socket path is empty; give one such as /run/halo/halo.sock with --socket")
        }
        if path.utf8.count > maximumPathBytes {
            throw SystemError(
                "socket path", errno: ENAMETOOLONG,
                message:
                    "the socket path \(path) is \(path.utf8.count) bytes, more than the \(maximumPathBytes) a Unix socket address holds; choose a shorter --socket"
            )
        }
    }

    /// The directory a socket path names its socket in: "/" for a socket at the root, "." for
    /// a bare name.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(SystemError) -> R {
        try check(path)
        let bytes = Array(path.utf8)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) { p in
            p.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    static func newSocket(nonBlocking: Bool) throws(SystemError) -> Descriptor {
        var type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        let fd = socket(AF_UNIX, type, 0)
        if fd < 0 { throw SystemError("socket") }
        return Descriptor(owning: fd)
    }

    /// Connects to the socket at `path` (blocking).
    public static func connect(_ path: String) throws(SystemError) -> Descriptor {
        let s = try newSocket(nonBlocking: false)
        let r = try withAddress(path) { systemConnect(s.raw, $0, $1) }
        if r != 0 { throw SystemError("connect to", subject: path) }
        return s
    }

    /// Whether a live process accepts connections at `path`.
    public static func isLive(_ path: String) -> Bool {
        (try? connect(path)) != nil
    }
}

/// A listening socket at a path. A stale socket file left by a daemon that died is removed;
/// a live one is refused, so two daemons never fight over one screen.
///
/// The socket's directory is opened once and checked on its descriptor: it must belong to this
/// user or to root, and if others may write in it, it must be sticky (as /tmp is), so that no
/// other user can swap the socket for a link between its creation and the change of its mode
/// and group. Every later step names the socket relative to that descriptor and follows no
/// symbolic link.
public final class UnixListener {
    public let path: String
    public let descriptor: Descriptor
    let directory: Descriptor
    let name: String

    /// What one `accept` brought.
    public enum Accepted {
        case connection(Descriptor)
        /// Nobody is waiting.
        case none
        /// The process (or system) is out of descriptors: the connection waits in the backlog.
        case outOfDescriptors(errno: Int32)
    }

    /// Listens at `path`, with permissions `mode` and, if given, the group `group`.
    public init(path: String, mode: mode_t = 0o660, group: String? = nil) throws(SystemError) {
        self.path = path
        try UnixSocket.check(path)
        let directoryPath = UnixSocket.directory(of: path)
        name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        if name.isEmpty || name == "." || name == ".." {
            throw SystemError(
                "socket path", errno: EINVAL,
                message: "the socket path \(path) names a directory, not a socket; end it with a file name such as halo.sock")
        }
        // The default lives in /run/halo, which a fresh boot does not have.
        directory = try SafeDirectory.create(
            directoryPath, mode: 0o755, holding: "the socket", fix: "create it, or pass --socket with a path in a directory that exists")
        var st = stat()
        if fstatat(directory.raw, name, &st, AT_SYMLINK_NOFOLLOW) == 0 {
            if (st.st_mode & S_IFMT) != S_IFSOCK {
                throw SystemError(
                    "listen", errno: EEXIST, message: "\(path) exists and is not a socket; remove it or choose another --socket")
            }
            if UnixSocket.isLive(path) {
                throw SystemError(
                    "listen", errno: EADDRINUSE, message: "another halo daemon is serving \(path); stop it first or choose another --socket"
                )
            }
            unlinkat(directory.raw, name, 0)
        }
        descriptor = try UnixSocket.newSocket(nonBlocking: true)
        let fd = descriptor.raw
        // Bound through the directory's descriptor where /proc allows, so the name lands in the
        // directory that was checked even if a parent is renamed meanwhile.
        let viaDescriptor = "/proc/self/fd/\(directory.raw)/\(name)"
        let bindPath = viaDescriptor.utf8.count <= UnixSocket.maximumPathBytes && access("/proc/self/fd", F_OK) == 0 ? viaDescriptor : path
        let bound = try UnixSocket.withAddress(bindPath) { bind(fd, $0, $1) }
        if bound != 0 {
            let e = errno
            throw SystemError(
                "bind", errno: e,
                message:
                    "cannot create the socket \(path): \(SystemError.reason(e)); run as a user who may write there, or pass --socket with another path"
            )
        }
        // The checked directory lets nobody else replace the socket now, and neither call
        // follows a link: glibc refuses to change a link's mode, the kernel a link's group is harmless.
        if fchmodat(directory.raw, name, mode, AT_SYMLINK_NOFOLLOW) != 0 {
            let e = errno
            unlinkat(directory.raw, name, 0)
            throw SystemError("chmod", errno: e, subject: path)
        }
        if let group {
            guard let g = getgrnam(group) else {
                unlinkat(directory.raw, name, 0)
                throw SystemError(
                    "getgrnam", errno: ENOENT,
                    message:
                        "there is no group '\(group)' to own \(path); create it (groupadd \(group)) or change socket-group in the board")
            }
            if fchownat(directory.raw, name, uid_t.max, g.pointee.gr_gid, AT_SYMLINK_NOFOLLOW) != 0 {
                let e = errno
                unlinkat(directory.raw, name, 0)
                throw SystemError("chown", errno: e, subject: "\(path) to group \(group)")
            }
        }
        // Newcomers wait in the kernel until the next round accepts them all: room for a crowd.
        if listen(fd, SOMAXCONN) != 0 { throw SystemError("listen", subject: path) }
    }

    deinit { unlinkat(directory.raw, name, 0) }

    /// The next waiting connection, non-blocking.
    public func accept() throws(SystemError) -> Accepted { try UnixListener.accept(on: descriptor) }

    /// The next connection waiting on the listening socket `descriptor`, non-blocking.
    static func accept(on descriptor: Descriptor) throws(SystemError) -> Accepted {
        while true {
            // Not inherited by programs the daemon might start, and never blocking the loop.
            let fd = systemAccept(descriptor.raw)
            if fd >= 0 {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                return .connection(Descriptor(owning: fd))
            }
            let e = errno
            if e == EINTR || e == ECONNABORTED { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return .none }
            if e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM { return .outOfDescriptors(errno: e) }
            throw SystemError("accept", errno: e)
        }
    }
}
