// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `halo run` under a service manager: the sd_notify protocol (a datagram to $NOTIFY_SOCKET),
/// checked against a socket bound here the way systemd binds its own, and the shipped unit.
extension CommandTests {
    /// A datagram socket at `name` (a path, or `@name` in the abstract namespace) that waits up
    /// to ten seconds for each message.
    final class NotifyListener {
        let fd: Int32

        init(_ name: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            var bytes = Array(name.utf8)
            if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
            let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
            }
            guard fd >= 0, bound == 0 else { throw CocoaError(.fileWriteUnknown) }
            var wait = timeval(tv_sec: 10, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(fd) }

        /// The next message, or nil after ten seconds of silence.
        func next() -> String? {
            var buffer = [UInt8](repeating: 0, count: 512)
            let n = recv(fd, &buffer, buffer.count, 0)
            return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : nil
        }
    }

    @Test(
        "sd_notify: READY=1 once the first frame is drawn, STOPPING=1 on SIGTERM (socket path and abstract name)", arguments: [false, true])
    func notifiesSystemd(abstract: Bool) throws {
        let dir = try scratch()
        let name = abstract ? "@halo-test-\(UUID().uuidString)" : dir.appendingPathComponent("notify.sock").path
        let listener = try NotifyListener(name)
        let socket = dir.appendingPathComponent("halo.sock").path
        let p = try Self.start(["run", "--board", "mock-480x480", "--socket", socket], environment: ["NOTIFY_SOCKET": name])
        defer { p.stop() }
        #expect(listener.next() == "READY=1")
        let stats = try halo(["ctl", "--socket", socket, "stats"])
        #expect(stats.out.hasPrefix("ok frames=") && !stats.out.hasPrefix("ok frames=0 "), "ready before a frame was drawn: \(stats.out)")
        p.signal(SIGTERM)
        #expect(listener.next() == "STOPPING=1")
        #expect(try p.wait() == 0)
    }

    @Test("the shipped systemd unit is Type=notify and starts halo run with options it has")
    func shippedUnit() throws {
        let unit = try String(contentsOf: Self.packageRoot.appendingPathComponent("Sources/halo/install/halo@.service"), encoding: .utf8)
        let lines = unit.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Type=notify"))
        let exec = try #require(lines.first { $0.hasPrefix("ExecStart=") })
        let words = exec.dropFirst("ExecStart=".count).split(separator: " ").map(String.init)
        #expect(words.first?.hasSuffix("/halo") == true && words.dropFirst().first == "run", "\(exec)")
        let help = try halo(["run", "--help"])
        for option in words where option.hasPrefix("--") {
            #expect(help.out.contains(option), "halo run has no \(option)")
        }
    }
}
