// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import HaloDaemon
import HaloEngine
import HaloPOSIX
import Testing

/// The daemon's control socket, on real Unix sockets of the host kernel (no mock of the socket
/// layer): replies, shared ids, misbehaving clients, events, the socket file's life.
@Suite("Daemon control socket (host kernel Unix sockets)", .serialized)
struct ControlSocketTests {
    @Test("every line gets one reply: ok, or error with a code and a sentence")
    func replies() throws {
        let d = try TestDaemon("replies")
        let c = try TestClient(d.path)
        #expect(c.ask("show a circular value=40%", daemon: d) == "ok")
        #expect(c.ask("progress a 50%", daemon: d) == "ok")
        let unknown = c.ask("progress nobody 10%", daemon: d) ?? ""
        #expect(unknown.hasPrefix("error unknown-id: "), "\(unknown)")
        let bad = c.ask("frobnicate a", daemon: d) ?? ""
        #expect(bad.hasPrefix("error "), "\(bad)")
        let range = c.ask("progress a 140%", daemon: d) ?? ""
        #expect(range.hasPrefix("error "), "\(range)")
        #expect(c.ask("dismiss a", daemon: d) == "ok")
    }

    @Test("ids are shared across clients")
    func sharedIDs() throws {
        let d = try TestDaemon("shared")
        let a = try TestClient(d.path), b = try TestClient(d.path)
        #expect(a.ask("show job linear value=10%", daemon: d) == "ok")
        #expect(b.ask("progress job 20%", daemon: d) == "ok")
        #expect(b.ask("succeed job \"Copied 3 files\"", daemon: d) == "ok")
        let again = a.ask("progress job 30%", daemon: d) ?? ""
        #expect(again.hasPrefix("error ended: "), "\(again)")
    }

    @Test("a 1 MB line costs one error and 4 KiB; the client and the others carry on")
    func megabyteLine() throws {
        let d = try TestDaemon("megabyte")
        let a = try TestClient(d.path), b = try TestClient(d.path)
        a.write([UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20) + [UInt8(ascii: "\n")], daemon: d)
        let reply = a.line(daemon: d) ?? ""
        #expect(reply.hasPrefix("error too-long: "), "\(reply)")
        #expect(a.ask("show s spinner", daemon: d) == "ok")
        #expect(b.ask("show t circular", daemon: d) == "ok")
    }

    @Test("half a line then silence holds up nobody")
    func halfLine() throws {
        let d = try TestDaemon("half")
        let a = try TestClient(d.path), b = try TestClient(d.path)
        a.write(Array("show a circ".utf8), daemon: d)
        d.spin()
        #expect(b.ask("show b circular", daemon: d) == "ok")
        a.send("ular", daemon: d)
        #expect(a.line(daemon: d) == "ok")
    }

    @Test("a client that floods and never reads is dropped; the others are served")
    func flood() throws {
        let d = try TestDaemon("flood")
        let a = try TestClient(d.path), b = try TestClient(d.path)
        #expect(b.ask("show x circular", daemon: d) == "ok")
        // 40,000 bad lines: their replies far exceed what an unread client may queue.
        let line = Array("nonsense command here\n".utf8)
        var flood: [UInt8] = []
        for _ in 0..<40_000 { flood += line }
        a.write(flood, daemon: d)
        d.spin(20)
        // Dropped without its replies ever being read (reading them would make it a good client).
        #expect(d.server.clientCount == 1)
        #expect(b.ask("progress x 50%", daemon: d) == "ok")
    }

    @Test("a client that disconnects mid-line changes nothing")
    func disconnect() throws {
        let d = try TestDaemon("disconnect")
        let b = try TestClient(d.path)
        do {
            let a = try TestClient(d.path)
            a.write(Array("show gone circ".utf8), daemon: d)
            d.spin()
        }
        d.spin()
        let reply = b.ask("progress gone 10%", daemon: d) ?? ""
        #expect(reply.hasPrefix("error unknown-id: "), "\(reply)")
    }

    @Test("subscribers hear shown, cancelled and dismissed")
    func events() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        let d = try TestDaemon("events", policy: policy)
        let watcher = try TestClient(d.path), app = try TestClient(d.path)
        #expect(watcher.ask("subscribe", daemon: d) == "ok")
        #expect(app.ask("show up circular value=10% cancellable=yes", daemon: d) == "ok")
        d.spin()
        #expect(watcher.line(daemon: d) == "shown up")
        #expect(app.ask("cancel up", daemon: d) == "ok")
        #expect(watcher.line(daemon: d) == "cancelled up")
        d.now = d.now + Milliseconds(10_000)
        d.spin()
        #expect(watcher.line(daemon: d) == "dismissed up")
    }

    @Test("on a subscribed connection the reply to a command comes before the events it causes")
    func replyBeforeEvents() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        let d = try TestDaemon("reply-first", policy: policy)
        let c = try TestClient(d.path)
        #expect(c.ask("subscribe", daemon: d) == "ok")
        #expect(c.ask("show cc circular value=10% cancellable=yes", daemon: d) == "ok")
        // sync draws the frame that shows cc: its reply first, then the event.
        #expect(c.ask("sync", daemon: d) == "ok")
        #expect(c.line(daemon: d) == "shown cc")
        #expect(c.ask("cancel cc", daemon: d) == "ok")
        #expect(c.line(daemon: d) == "cancelled cc")
    }

    @Test("with nothing animating the loop arms no timer")
    func idleArmsNoTimer() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let d = try TestDaemon("idle", policy: policy)
        let c = try TestClient(d.path)
        #expect(c.ask("show a linear value=30%", daemon: d) == "ok")
        d.now = d.now + Milliseconds(5000)
        d.spin()
        #expect(d.server.pollTimeoutForTesting() == -1)
        #expect(c.ask("show s spinner", daemon: d) == "ok")
        d.spin()
        let t = d.server.pollTimeoutForTesting()
        #expect(t >= 0 && t <= 17, "a spinner animates at the frame rate: \(t) ms")
    }

    @Test("a missing socket directory is created; an unwritable path is an error naming the fix")
    func socketDirectory() throws {
        let dir = "/tmp/halo-test-\(getpid())-dir"
        let path = dir + "/halo.sock"
        defer { rmdir(dir) }
        do {
            let listener = try UnixListener(path: path)
            var st = stat()
            #expect(stat(path, &st) == 0)
            _ = listener
        }
        // Only the last directory is made: a missing parent is the caller's to create.
        do {
            _ = try UnixListener(path: "/tmp/halo-test-\(getpid())-none/sub/halo.sock")
            Issue.record("a socket two missing directories deep was accepted")
        } catch {
            #expect(error.description.contains("create it, or pass --socket"), "\(error.description)")
        }
        // A file where the directory should be: neither it nor the socket can be made.
        let blocker = "/tmp/halo-test-\(getpid())-file"
        let f = open(blocker, O_CREAT | O_WRONLY, 0o644)
        close(f)
        defer { unlink(blocker) }
        do {
            _ = try UnixListener(path: blocker + "/halo.sock")
            Issue.record("a socket under a plain file was accepted")
        } catch {
            #expect(error.description.contains("pass --socket"), "\(error.description)")
        }
    }

    @Test("a stale socket file is replaced; a live daemon's is refused")
    func socketFile() throws {
        let path = temporarySocketPath("stale")
        do { _ = try UnixListener(path: path) }  // gone: leaves no file behind
        // A socket file whose owner died: bind one and close it without unlinking.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        close(fd)
        let live = try UnixListener(path: path)
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o660)
        #expect(throws: SystemError.self) { _ = try UnixListener(path: path) }
        _ = live
    }
}
