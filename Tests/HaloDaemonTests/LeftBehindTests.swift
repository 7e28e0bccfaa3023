// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloDaemon
import HaloEngine
import HaloRender
import Testing

/// What the daemon does with the activities of a connection that closes, on real Unix sockets
/// of the host kernel: an app that crashes never leaves its indicator on screen.
@Suite("Activities a closed connection left behind (host kernel Unix sockets)", .serialized)
struct LeftBehindTests {
    /// Runs the daemon until `watcher` hears `event` or a few hundred rounds pass, moving the
    /// clock 100 ms a round so minimum visible times run out.
    func listen(for event: String, on watcher: TestClient, _ d: TestDaemon) -> [String] {
        var heard: [String] = []
        for _ in 0..<100 where !heard.contains(event) {
            d.now = d.now + Milliseconds(100)
            d.spin(1)
            watcher.drain()
            while let nl = watcher.buffered.firstIndex(of: UInt8(ascii: "\n")) {
                heard.append(String(decoding: watcher.buffered[..<nl], as: UTF8.self))
                watcher.buffered.removeSubrange(...nl)
            }
        }
        return heard
    }

    @Test("a client that closes without ending its checkout frees the screen, and the log names it")
    func checkoutOfAClosedClient() throws {
        let d = try TestDaemon("left-checkout")
        let app = try TestClient(d.path), watcher = try TestClient(d.path)
        #expect(watcher.ask("subscribe", daemon: d) == "ok")
        #expect(app.ask("show pay checkout label=\"Processing payment\"", daemon: d) == "ok")
        #expect(app.ask("show keep spinner detached=yes", daemon: d) == "ok")
        #expect(listen(for: "shown pay", on: watcher, d).contains("shown pay"))
        close(app.fd)
        let heard = listen(for: "dismissed pay", on: watcher, d)
        #expect(heard.contains("dismissed pay"), "\(heard)")
        #expect(!heard.contains("dismissed keep"), "a detached activity stays: \(heard)")
        #expect(
            d.logged.contains { $0.contains("closed with 1 activity running, now ended: pay") && $0.contains("detached=yes") },
            "\(d.logged)")
        #expect(d.server.execute("dismiss keep", at: d.now) == "ok")
    }

    @Test("a lease that runs out ends the activity and is logged; a client that keeps it alive keeps it")
    func leaseInTheDaemon() throws {
        let d = try TestDaemon("left-lease")
        let watcher = try TestClient(d.path)
        #expect(watcher.ask("subscribe", daemon: d) == "ok")
        for (i, id) in ["kept", "lost"].enumerated() {
            let c = try TestClient(d.path)
            #expect(c.ask("show \(id) circular value=\(10 * (i + 1))% lease=2s", daemon: d) == "ok")
            close(c.fd)
        }
        for _ in 0..<6 {
            d.now = d.now + Milliseconds(500)
            let c = try TestClient(d.path)
            #expect(c.ask("progress kept 50%", daemon: d) == "ok")
            close(c.fd)
        }
        let heard = listen(for: "dismissed lost", on: watcher, d)
        #expect(heard.contains("dismissed lost") && !heard.contains("dismissed kept"), "\(heard)")
        #expect(d.logged.contains { $0.contains("no command came within the lease of lost") }, "\(d.logged)")
    }
}
