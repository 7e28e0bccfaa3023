import Foundation
import HaloTestSupport
import Testing

/// `halo run` and `halo ctl` as processes, on a real Unix socket of the host kernel.
extension CommandTests {
    /// Starts `halo run` on a fresh socket and waits until it answers.
    func startDaemon(socket: String, board: String = "mock-480x480", _ extra: [String] = []) throws -> ChildProcess {
        let p = try Self.start(["run", "--board", board, "--socket", socket] + extra)
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && p.isRunning { usleep(20_000) }
        return p
    }

    @Test("halo run serves halo ctl; replies, exit status, standard input")
    func daemonServesCtl() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }

        let ok = try halo(["ctl", "--socket", socket, "show", "a", "circular", "label=Copying files", "value=40%"])
        #expect(ok.status == 0 && ok.out == "ok\n", "\(ok)")
        let bad = try halo(["ctl", "--socket", socket, "progress", "nobody", "10%"])
        #expect(bad.status == 1 && bad.out.hasPrefix("error unknown-id: "), "\(bad)")

        let input = dir.appendingPathComponent("lines.txt")
        try "show b linear value=10%\n# a comment\nprogress b 20%\nfail b\n".write(to: input, atomically: true, encoding: .utf8)
        let piped = try halo(["ctl", "--socket", socket, "-"], stdin: .file(input.path))
        let text = piped.out
        let replies = text.split(separator: "\n")
        #expect(replies.count == 3 && replies[0] == "ok" && replies[1] == "ok" && replies[2].hasPrefix("error "), "\(text)")
        #expect(piped.status == 1)
    }

    @Test("halo ctl takes a command as shell words, as one quoted argument, or with its own quotes")
    func ctlQuoting() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }
        let forms: [[String]] = [
            ["show", "a", "circular", "label=Two words", "value=10%"],
            [#"show b circular label="Two words" value=10%"#],
            ["show", "c", "circular", #"label="Two words""#, "value=10%"],
            ["progress a 20%"],
            ["toast", "Saved to the card"],
        ]
        for words in forms {
            let r = try halo(["ctl", "--socket", socket] + words)
            #expect(r.status == 0 && r.out == "ok\n", "\(words): \(r)")
        }
    }

    @Test("a second daemon on the same socket is refused; SIGTERM removes the socket")
    func oneDaemonPerSocket() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        let second = try halo(["run", "--board", "mock-480x480", "--socket", socket])
        #expect(second.status == 1 && second.err.contains("another halo daemon is serving"), "\(second)")
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
        let none = try halo(["ctl", "--socket", socket, "show", "a", "spinner"])
        #expect(none.status == 1 && none.err.contains("start one with `halo run`"), "\(none)")
    }

    @Test("the daemon's screen equals halo replay's frame for the same commands")
    func daemonMatchesReplay() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, "show", "x", "linear", "value=30%"]).status == 0)
        // Past the show delay (500 ms) and the value's glide: the picture no longer changes.
        usleep(2_000_000)
        let shot = dir.appendingPathComponent("daemon.png").path
        let snap = try halo(["ctl", "--socket", socket, "snapshot", "\"\(shot)\""])
        #expect(snap.status == 0, "\(snap)")
        let replayDir = dir.appendingPathComponent("replay")
        let script = try script("@0 show x linear value=30%\n", in: dir)
        #expect(try halo(["replay", script, "--at", "3000", "--out", replayDir.path]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: shot))
        let b = try Data(contentsOf: replayDir.appendingPathComponent("3000.png"))
        #expect(a == b)
    }

    /// Snapshot of the daemon's screen once it has settled, and the replay frame of `script`.
    func settledSnapshot(_ socket: String, in dir: URL, equals replayScript: String, board: String = "mock-480x480") throws -> Bool {
        usleep(1_500_000)
        let shot = dir.appendingPathComponent("daemon-\(UUID().uuidString.prefix(6)).png").path
        let snap = try halo(["ctl", "--socket", socket, "snapshot", "\"\(shot)\""])
        #expect(snap.status == 0, "\(snap)")
        let replayDir = dir.appendingPathComponent("replay-\(UUID().uuidString.prefix(6))")
        let script = try script(replayScript, in: dir)
        #expect(try halo(["replay", script, "--board", board, "--at", "3000", "--out", replayDir.path]).status == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: shot))
        let b = try Data(contentsOf: replayDir.appendingPathComponent("3000.png"))
        return a == b
    }

    @Test("--psplash-fifo: PROGRESS and MSG from psplash-write become a bar; QUIT stops the daemon")
    func psplashFifo() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let fifo = dir.appendingPathComponent("psplash_fifo").path
        let daemon = try startDaemon(socket: socket, ["--psplash-fifo", fifo])
        defer { daemon.stop() }
        func send(_ message: String) throws {
            let h = try #require(FileHandle(forWritingAtPath: fifo), "no FIFO at \(fifo)")
            h.write(Data((message + "\0").utf8))
            try h.close()
        }
        try send("PROGRESS 30")
        try send("MSG Mounting disks")
        #expect(try settledSnapshot(socket, in: dir, equals: "@0 show psplash linear value=30%\n@0 label psplash \"Mounting disks\"\n"))
        try send("QUIT")
        for _ in 0..<250 where daemon.isRunning { usleep(20_000) }
        #expect(!daemon.isRunning)
        #expect(try daemon.wait(timeout: 1) == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("SIGHUP reloads the board's theme and redraws with it")
    func reloadOnHangup() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("board.yaml")
        let original = try String(contentsOf: Self.packageRoot.appendingPathComponent("Boards/mock-480x480.yaml"), encoding: .utf8)
        try original.write(to: board, atomically: true, encoding: .utf8)
        let daemon = try startDaemon(socket: socket, board: board.path)
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, "show", "x", "linear", "value=30%"]).status == 0)
        let changed = original.replacingOccurrences(of: "indicator: \"#0A84FF\"", with: "indicator: \"#FF8000\"")
        #expect(changed != original)
        try changed.write(to: board, atomically: true, encoding: .utf8)
        daemon.signal(SIGHUP)
        #expect(try settledSnapshot(socket, in: dir, equals: "@0 show x linear value=30%\n", board: board.path))
    }

    @Test("a standard error whose reader has gone and signals the daemon does not use leave it serving; SIGTERM still cleans up")
    func straySignalsAndBrokenLog() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try Self.start(["run", "--board", "mock-480x480", "--socket", socket], stderr: .brokenPipe)
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && daemon.isRunning { usleep(20_000) }
        // Each of these writes a log line to the broken pipe, or once ended the process.
        for signal in [SIGHUP, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGIO, SIGVTALRM, __libc_current_sigrtmin() + 3] {
            daemon.signal(signal)
            usleep(100_000)
            let r = try halo(["ctl", "--socket", socket, "stats"])
            #expect(r.status == 0 && r.out.hasPrefix("ok frames="), "after signal \(signal): \(r)")
        }
        #expect(daemon.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("release and adopt on a display without DRM master are refused, saying why")
    func handoffNeedsDRM() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }
        let r = try halo(["ctl", "--socket", socket, "release"])
        #expect(r.status == 1 && r.out.contains("DRM master"), "\(r)")
        let stats = try halo(["ctl", "--socket", socket, "stats"])
        for key in ["frames=", "over-budget=", "render-p50-us=", "render-p99-us=", "pixels=", "idle-wakeups=", "clients=", "first-frame-ms="] {
            #expect(stats.out.contains(key), "\(key) missing from \(stats.out)")
        }
    }
}
