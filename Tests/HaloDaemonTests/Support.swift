// SPDX-License-Identifier: Apache-2.0
import CLinux
import Glibc
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX
import HaloRender
import HaloTestSupport

/// A socket path of its own for each test, in the temporary directory.
func temporarySocketPath(_ name: String) -> String {
    "/tmp/halo-test-\(getpid())-\(name).sock"
}

/// A daemon on a memory display, listening on a real Unix socket of the host kernel, with a
/// clock the test moves.
final class TestDaemon {
    let server: ControlServer
    /// The daemon's screen.
    let display: MemoryDisplay
    var now = Instant.milliseconds(1000)
    let path: String

    init(_ name: String, policy: Policy = Policy(), width: Int32 = 200, height: Int32 = 120, text: TextRasterizer = BlockText()) throws {
        path = temporarySocketPath(name)
        display = MemoryDisplay(width: width, height: height, format: .xrgb8888)
        let engine = Engine(screenWidth: width, screenHeight: height, theme: Theme(), policy: policy, text: text)
        let screen = Screen(engine: engine, display: display)
        let listener = try UnixListener(path: path)
        var clockBox: TestDaemon? = nil
        server = ControlServer(screen: screen, listener: listener, signals: nil, frameRate: 60) { clockBox?.now ?? .zero }
        clockBox = self
        server.log = { [weak self] in self?.logged.append($0) }
    }

    /// Every line the daemon logged.
    var logged: [String] = []

    /// Runs the loop a few rounds, each waiting at most 20 ms.
    func spin(_ rounds: Int = 5) {
        for _ in 0..<rounds { server.step(maximumWait: 20) }
    }
}

/// A client connection, made with the same `UnixSocket.connect` as `halo ctl`, then switched to
/// non-blocking so the test can run the daemon while it waits for a reply.
final class TestClient {
    let connection: Descriptor
    var fd: Int32 { connection.raw }

    init(_ path: String) throws {
        connection = try UnixSocket.connect(path)
        _ = fcntl(connection.raw, F_SETFL, fcntl(connection.raw, F_GETFL) | O_NONBLOCK)
    }

    /// Writes all of `bytes`, spinning the daemon while the socket is full; gives up (and the
    /// test's checks then fail) when the daemon takes nothing for a thousand rounds.
    func write(_ bytes: [UInt8], daemon: TestDaemon) {
        var sent = 0, idle = 0
        while sent < bytes.count && idle < 1000 {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno != EAGAIN { return }
            if n > 0 {
                sent += n
                idle = 0
            } else {
                daemon.spin(1)
                idle += 1
            }
        }
    }

    func send(_ line: String, daemon: TestDaemon) { write(Array((line + "\n").utf8), daemon: daemon) }

    var buffered: [UInt8] = []

    /// The next line from the daemon, spinning it until one comes (nil after many rounds).
    func line(daemon: TestDaemon) -> String? {
        for _ in 0..<200 {
            if let nl = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffered[..<nl], as: UTF8.self)
                buffered.removeSubrange(...nl)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n > 0 { buffered += chunk[0..<n] } else if n == 0 { return nil } else { daemon.spin(1) }
        }
        return nil
    }

    /// Reads what has arrived into `buffered`, without running the daemon.
    func drain() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return }
            buffered += chunk[0..<n]
        }
    }

    /// Sends a line and returns the reply.
    func ask(_ line: String, daemon: TestDaemon) -> String? {
        send(line, daemon: daemon)
        return self.line(daemon: daemon)
    }
}
