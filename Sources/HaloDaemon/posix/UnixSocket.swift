import CLinux
import Glibc
import HaloPOSIX

/// Unix stream sockets named by a path: the daemon's listener and the client's connection.
public enum UnixSocket {
    /// Longest path a `sockaddr_un` holds, without its terminating zero.
    public static let maximumPathBytes = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A socket address for `path`, passed to `body` with its length.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) throws(SystemError) -> R {
        let bytes = Array(path.utf8)
        if bytes.isEmpty || bytes.count > maximumPathBytes {
            throw SystemError("socket path", errno: ENAMETOOLONG, subject: path)
        }
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
        let r = try withAddress(path) { Glibc.connect(s.raw, $0, $1) }
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
public final class UnixListener {
    public let path: String
    public let descriptor: Descriptor

    /// Listens at `path`, with permissions `mode` and, if given, the group `group`.
    public init(path: String, mode: mode_t = 0o660, group: String? = nil) throws(SystemError) {
        self.path = path
        var st = stat()
        if lstat(path, &st) == 0 {
            if (st.st_mode & S_IFMT) != S_IFSOCK {
                throw SystemError("listen", errno: EEXIST, message: "\(path) exists and is not a socket; remove it or choose another --socket")
            }
            if UnixSocket.isLive(path) {
                throw SystemError("listen", errno: EADDRINUSE, message: "another halo daemon is serving \(path); stop it first or choose another --socket")
            }
            unlink(path)
        }
        // The default lives in /run/halo, which a fresh boot does not have.
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let directory = String(path[..<slash])
            if mkdir(directory, 0o755) != 0 && errno != EEXIST {
                let e = errno
                throw SystemError("mkdir", errno: e, message: "cannot create \(directory) for the socket: \(String(cString: strerror(e))); create it, or pass --socket with a path in a directory that exists")
            }
        }
        descriptor = try UnixSocket.newSocket(nonBlocking: true)
        let fd = descriptor.raw
        let bound = try UnixSocket.withAddress(path) { bind(fd, $0, $1) }
        if bound != 0 {
            let e = errno
            throw SystemError("bind", errno: e, message: "cannot create the socket \(path): \(String(cString: strerror(e))); run as a user who may write there, or pass --socket with another path")
        }
        if chmod(path, mode) != 0 { throw SystemError("chmod", subject: path) }
        if let group {
            guard let g = getgrnam(group) else {
                unlink(path)
                throw SystemError("getgrnam", errno: ENOENT, message: "there is no group '\(group)' to own \(path); create it (groupadd \(group)) or change socket-group in the board")
            }
            if chown(path, uid_t.max, g.pointee.gr_gid) != 0 {
                let e = errno
                unlink(path)
                throw SystemError("chown", errno: e, subject: "\(path) to group \(group)")
            }
        }
        if listen(fd, 16) != 0 { throw SystemError("listen", subject: path) }
    }

    deinit { unlink(path) }

    /// The next waiting connection, non-blocking; nil when none is waiting.
    public func accept() throws(SystemError) -> Descriptor? {
        while true {
            let fd = Glibc.accept(descriptor.raw, nil, nil)
            if fd >= 0 {
                // Not inherited by programs the daemon might start, and never blocking the loop.
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                return Descriptor(owning: fd)
            }
            let e = errno
            if e == EINTR || e == ECONNABORTED { continue }
            if e == EAGAIN || e == EWOULDBLOCK { return nil }
            // Out of descriptors or memory: refuse this one, keep serving the others.
            if e == EMFILE || e == ENFILE || e == ENOBUFS || e == ENOMEM { return nil }
            throw SystemError("accept", errno: e)
        }
    }
}
