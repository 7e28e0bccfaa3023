// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloDaemon
import HaloEngine
import HaloHAL
import Testing

/// Sources the loop polls beside its clients, on real pipes of the host kernel: one may add
/// another while it is handled (an input device plugged in), and one may finish (unplugged).
@Suite("The loop's event sources (host kernel pipes)", .serialized)
struct EventSourceTests {
    final class Pipe: EventSource {
        let read: Int32, write: Int32
        var handled = 0
        var onHandle: (() -> Void)?
        var finished = false
        init() {
            var fds: [Int32] = [0, 0]
            _ = pipe(&fds)
            _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
            (read, write) = (fds[0], fds[1])
        }
        deinit {
            close(read)
            close(write)
        }
        var descriptor: Int32 { finished ? -1 : read }
        func handle() {
            var byte: UInt8 = 0
            while Glibc.read(read, &byte, 1) > 0 {}
            handled += 1
            onHandle?()
        }
        func poke() {
            var byte: UInt8 = 1
            _ = Glibc.write(write, &byte, 1)
        }
    }

    @Test("a source that adds sources while the loop handles it, with clients talking, disturbs nobody")
    func addedWhileHandled() throws {
        let d = try TestDaemon("sources-added")
        let first = Pipe()
        var added: [Pipe] = []
        first.onHandle = {
            let p = Pipe()
            added.append(p)
            d.server.watch(p)
        }
        d.server.watch(first)
        let c = try TestClient(d.path)
        for _ in 0..<3 {
            first.poke()
            #expect(c.ask("show s spinner", daemon: d) == "ok")
        }
        #expect(first.handled >= 1 && !added.isEmpty)
        added[0].poke()
        d.spin()
        #expect(added[0].handled == 1)
    }

    @Test("a finished source is no longer polled and lets go of its place")
    func finished() throws {
        let d = try TestDaemon("sources-finished")
        let gone = Pipe(), kept = Pipe()
        d.server.watch(gone)
        d.server.watch(kept)
        let c = try TestClient(d.path)
        gone.finished = true
        gone.poke()
        kept.poke()
        #expect(c.ask("show s spinner", daemon: d) == "ok")
        #expect(gone.handled == 0 && kept.handled == 1)
    }
}
