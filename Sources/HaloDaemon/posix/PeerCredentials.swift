// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Who is at the other end of a client connection: the kernel's record of its process and
/// user when it connected, and the program's name, for the log and for the per-program limits.
public struct PeerCredentials: Equatable, Sendable, CustomStringConvertible {
    /// 0 when the kernel could not say (a peer in another PID namespace).
    public var pid: Int32
    public var uid: UInt32
    public var gid: UInt32
    /// The program's name from /proc (at most 15 bytes), or "?".
    public var program: String

    public init(pid: Int32, uid: UInt32, gid: UInt32, program: String) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.program = program
    }

    /// The credentials of the peer of the connected socket `fd`; nil if it is not a Unix socket.
    public static func of(_ fd: Int32) -> PeerCredentials? {
        var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
        guard halo_peer_credentials(fd, &pid, &uid, &gid) == 0 else { return nil }
        return PeerCredentials(pid: pid, uid: uid, gid: gid, program: pid > 0 ? programName(pid) : "?")
    }

    /// The supplementary groups of the peer of the connected socket `fd` when it connected
    /// (`usermod -aG` adds these); empty when the kernel cannot say. At most 65,536, the
    /// kernel's own limit.
    public static func groups(of fd: Int32) -> [UInt32] {
        var room = 32
        while true {
            var groups = [gid_t](repeating: 0, count: room)
            let n = Int(halo_peer_groups(fd, &groups, Int32(room)))
            if n < 0 { return [] }
            if n <= room { return Array(groups[0..<n]) }
            guard n <= 65_536 else { return [] }
            room = n
        }
    }

    /// /proc/PID/comm, read without blocking and at most 64 bytes, its control bytes escaped
    /// (a program can name itself anything).
    static func programName(_ pid: pid_t) -> String {
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return "?" }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return "?" }
        var name = buffer[0..<n]
        if name.last == UInt8(ascii: "\n") { name = name.dropLast() }
        return LogText.escaped(String(decoding: name, as: UTF8.self))
    }

    public var description: String { "uid \(uid) pid \(pid) (\(program))" }
}
