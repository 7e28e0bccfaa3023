// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// sd_notify without libsystemd: one datagram to the socket systemd names in $NOTIFY_SOCKET,
/// for a `Type=notify` unit. Does nothing when not started by systemd.
public enum SystemdNotifier {
    /// Sends `state` (e.g. "READY=1"); returns false when there is no one to tell or it failed.
    @discardableResult
    public static func notify(_ state: String) -> Bool {
        guard let raw = getenv("NOTIFY_SOCKET") else { return false }
        var path = Array(String(cString: raw).utf8)
        guard !path.isEmpty else { return false }
        // "@name" is a socket in the abstract namespace: a leading NUL byte.
        if path[0] == UInt8(ascii: "@") { path[0] = 0 }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard path.count < capacity else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path) }
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + path.count)
        let bytes = Array(state.utf8)
        let sent = withUnsafePointer(to: &address) { a in
            a.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                bytes.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), sa, length) }
            }
        }
        return sent == bytes.count
    }
}
