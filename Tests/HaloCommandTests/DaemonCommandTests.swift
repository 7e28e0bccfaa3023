// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloMock
import HaloTestSupport
import Testing

/// `halo run` and `halo ctl` as processes, on a real Unix socket of the host kernel.
extension CommandTests {
    /// Starts `halo run` on a fresh socket and waits until it answers.
    func startDaemon(socket: String, board: String = "mock-480x480", _ extra: [String] = [], stderr: ChildProcess.Stream = .null) throws
        -> ChildProcess
    {
        let p = try Self.start(["run", "--board", board, "--socket", socket] + extra, stderr: stderr)
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && p.isRunning { usleep(20_000) }
        return p
    }

    @Test("halo run serves halo ctl; replies, exit status, standard input; a one-shot show outlives ctl, a pipe's does not")
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
        // The pipe was the app: what it left running ended with it (gone unseen, inside its
        // show delay, or failed). The one-shot show was sent detached, so it stays.
        let after = try halo(["ctl", "--socket", socket, "progress", "b", "30%"])
        #expect(after.out.hasPrefix("error unknown-id: ") || after.out.hasPrefix("error ended: "), "\(after)")
        #expect(try halo(["ctl", "--socket", socket, "progress", "a", "50%"]).out == "ok\n")
    }

    @Test("HALO_MOTION overrides the board's motion: none leaves a turning ring still, and a wrong value is refused with the fix")
    func motionFromTheEnvironment() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let wrong = try halo(["run", "--board", "mock-480x480", "--socket", socket], environment: ["HALO_MOTION": "slow"])
        #expect(
            wrong.status == 2 && wrong.err.contains("HALO_MOTION=slow is not a motion level; set it to full, reduced or none"), "\(wrong)")
        let p = try Self.start(["run", "--board", "mock-480x480", "--socket", socket], environment: ["HALO_MOTION": "none"])
        defer { p.stop() }
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && p.isRunning { usleep(20_000) }
        #expect(try halo(["ctl", "--socket", socket, "show", "s", "spinner"]).out == "ok\n")
        #expect(try halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
        let before = try halo(["ctl", "--socket", socket, "stats"]).out
        usleep(600_000)
        let after = try halo(["ctl", "--socket", socket, "stats"]).out
        func frames(_ s: String) -> String { String(s.split(separator: " ").first { $0.hasPrefix("frames=") } ?? "") }
        #expect(frames(before) == frames(after) && !frames(before).isEmpty, "a still spinner draws no frames: \(before) then \(after)")
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
        #expect(try halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
        let snap = try halo(["ctl", "--socket", socket, "snapshot"])
        #expect(snap.status == 0 && snap.out.hasPrefix("ok \(dir.path)/snapshots/snapshot-"), "\(snap)")
        let shot = String(snap.out.dropFirst(3).dropLast())
        let replayDir = dir.appendingPathComponent("replay")
        let script = try script("@0 show x linear value=30%\n", in: dir)
        #expect(try halo(["replay", script, "--at", "3000", "--out", replayDir.path]).status == 0)
        #expect(try picture(URL(fileURLWithPath: shot)) == picture(replayDir.appendingPathComponent("3000.png")))
    }

    /// Waits until `condition` holds, looking every 50 ms for up to 30 s; whether it came.
    /// The state decides, never the time: the pause is only between looks.
    static func eventually(_ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if try condition() { return true }
            usleep(50_000)
        }
        return try condition()
    }

    /// A PNG file's pixels: snapshots are compressed faster than replay's files, so their bytes differ.
    func picture(_ url: URL) throws -> PNGImage {
        try PNGImage.decode([UInt8](Data(contentsOf: url)))
    }

    /// Whether the daemon's screen comes to show `replayScript`'s settled frame (replay's at
    /// 3 s): each try waits until what was sent has arrived (`sync wait`) and compares a
    /// snapshot, for up to 30 s, since what reaches the daemon by another way (a FIFO, a
    /// wrapped command's output) may still be on its way.
    func settledSnapshot(_ socket: String, in dir: URL, equals replayScript: String, board: String = "mock-480x480") throws -> Bool {
        let replayDir = dir.appendingPathComponent("replay-\(UUID().uuidString.prefix(6))")
        let script = try script(replayScript, in: dir)
        #expect(try halo(["replay", script, "--board", board, "--at", "3000", "--out", replayDir.path]).status == 0)
        let expected = try picture(replayDir.appendingPathComponent("3000.png"))
        let deadline = Date().addingTimeInterval(30)
        repeat {
            #expect(try halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
            let snap = try halo(["ctl", "--socket", socket, "snapshot"])
            #expect(snap.status == 0 && snap.out.hasPrefix("ok "), "\(snap)")
            if try picture(URL(fileURLWithPath: String(snap.out.dropFirst(3).dropLast()))) == expected { return true }
            usleep(100_000)  // between tries only: the next one decides
        } while Date() < deadline
        return false
    }

    @Test("--psplash-fifo: PROGRESS and MSG from psplash-write become a bar; QUIT stops the daemon")
    func psplashFifo() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let fifo = dir.appendingPathComponent("psplash_fifo").path
        let log = dir.appendingPathComponent("log").path
        let daemon = try startDaemon(socket: socket, ["--psplash-fifo", fifo], stderr: .file(log))
        defer { daemon.stop() }
        func send(_ message: String) throws {
            let h = try #require(FileHandle(forWritingAtPath: fifo), "no FIFO at \(fifo)")
            h.write(Data((message + "\0").utf8))
            try h.close()
        }
        try send("PROGRESS 30")
        try send("MSG Mounting disks")
        #expect(
            try settledSnapshot(
                socket, in: dir, equals: "@0 show psplash linear value=30% show-value=no\n@0 label psplash \"Mounting disks\"\n"))
        // A writer that stalls mid-message: its half is dropped after a second, not glued
        // onto the next writer's message.
        let stalled = try #require(FileHandle(forWritingAtPath: fifo))
        stalled.write(Data("PROGRESS 4".utf8))
        var said = ""
        _ = Self.eventually {
            said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            return said.contains("was dropped")
        }
        #expect(said.contains("('PROGRESS 4') had no NUL or newline after it"), "\(said)")
        try send("PROGRESS 50")
        #expect(
            try settledSnapshot(
                socket, in: dir, equals: "@0 show psplash linear value=50% show-value=no\n@0 label psplash \"Mounting disks\"\n"))
        try stalled.close()
        try send("QUIT")
        for _ in 0..<250 where daemon.isRunning { usleep(20_000) }
        #expect(!daemon.isRunning)
        #expect(try daemon.wait(timeout: 1) == 0)
        #expect(!FileManager.default.fileExists(atPath: socket))
    }

    @Test("halo ctl watch prints each event as it happens, one a line, until the daemon goes")
    func watchEvents() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        let events = dir.appendingPathComponent("events.txt").path
        let watcher = try Self.start(["ctl", "--socket", socket, "watch"], stdout: .file(events))
        defer { watcher.stop() }
        #expect(
            try Self.eventually { try halo(["ctl", "--socket", socket, "stats"]).out.contains(" subscribers=1 ") }, "the watcher subscribed"
        )
        #expect(try halo(["ctl", "--socket", socket, "show up circular value=10% cancellable=yes"]).status == 0)
        #expect(try halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
        #expect(try halo(["ctl", "--socket", socket, "cancel up"]).status == 0)
        var seen = ""
        for _ in 0..<100 where !seen.contains("dismissed up") {
            usleep(50_000)
            seen = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        }
        #expect(seen == "shown up\ncancelled up\ndismissed up\n", "\(seen)")
        #expect(daemon.stop() == 0)
        #expect(try watcher.wait(timeout: 5) == 1, "the daemon went: the watcher says so and ends")
    }

    @Test("a standard error whose reader has gone and signals the daemon does not use leave it serving; SIGTERM still cleans up")
    func straySignalsAndBrokenLog() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket, stderr: .brokenPipe)
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

    @Test("a socket directory another user owns or may write is refused; a sticky one like /tmp is fine")
    func socketDirectoryOwnership() throws {
        let dir = try scratch()
        let open = dir.appendingPathComponent("open")
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true)
        chmod(open.path, 0o777)
        let r = try halo(["run", "--board", "mock-480x480", "--socket", open.appendingPathComponent("halo.sock").path])
        #expect(r.status == 1 && r.err.contains("may be written by other users and is not sticky"), "\(r)")
        let sticky = dir.appendingPathComponent("sticky")
        try FileManager.default.createDirectory(at: sticky, withIntermediateDirectories: true)
        chmod(sticky.path, 0o1777)
        let socket = sticky.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        #expect(try halo(["ctl", "--socket", socket, "stats"]).status == 0)
        var st = stat()
        #expect(lstat(socket, &st) == 0 && st.st_mode & 0o777 == 0o660)
        #expect(daemon.stop() == 0)
        if geteuid() == 0 {
            let theirs = dir.appendingPathComponent("theirs")
            try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
            chown(theirs.path, 65534, 65534)
            let refused = try halo(["run", "--board", "mock-480x480", "--socket", theirs.appendingPathComponent("halo.sock").path])
            #expect(refused.status == 1 && refused.err.contains("belongs to uid 65534"), "\(refused)")
        }
        // A link where the socket goes is never followed: its target keeps its mode.
        let target = dir.appendingPathComponent("root-only")
        try "secret".write(to: target, atomically: true, encoding: .utf8)
        chmod(target.path, 0o600)
        let linked = dir.appendingPathComponent("linked")
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: linked.appendingPathComponent("halo.sock").path, withDestinationPath: target.path)
        let onLink = try halo(["run", "--board", "mock-480x480", "--socket", linked.appendingPathComponent("halo.sock").path])
        #expect(onLink.status == 1 && onLink.err.contains("exists and is not a socket"), "\(onLink)")
        #expect(lstat(target.path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let empty = try halo(["run", "--board", "mock-480x480", "--socket", ""])
        #expect(empty.status == 1 && empty.err.contains("the socket path is empty"), "\(empty)")
    }

    @Test("at its descriptor limit the daemon tells newcomers it is busy, does not spin, and serves again once clients leave")
    func descriptorLimit() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let log = dir.appendingPathComponent("log.txt").path
        let daemon = try ChildProcess(
            // Descriptors the test runner leaves open are closed first, so the daemon starts with
            // the same few whatever runs it, and the limit leaves it room for 12 clients.
            [
                "/bin/bash", "-c",
                #"for fd in $(ls /proc/$$/fd); do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; ulimit -n 20 && exec "$@""#, "sh",
                Self.binary.path, "run", "--board", "mock-480x480", "--socket", socket,
            ],
            environment: Self.environment(), directory: Self.packageRoot.path, stderr: .file(log))
        defer { daemon.stop() }
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && daemon.isRunning { usleep(20_000) }
        var held: [Int32] = []
        defer { for fd in held { close(fd) } }
        var replies: [String] = []
        // Fewer than the 16 connections one program may hold, and more than the descriptors
        // the daemon has left (how many it uses at start differs between Swift versions).
        for _ in 0..<15 where !replies.contains(where: { $0.hasPrefix("error busy") }) {
            let fd = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in socket.utf8.enumerated() { raw[i] = b } }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(connected == 0)
            held.append(fd)
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 300) > 0 {
                var buffer = [UInt8](repeating: 0, count: 512)
                let n = recv(fd, &buffer, buffer.count, 0)
                if n > 0 { replies.append(String(decoding: buffer[0..<n], as: UTF8.self)) }
            }
        }
        #expect(replies.contains { $0.hasPrefix("error busy: the daemon has run out of file descriptors") }, "\(replies)")
        // Held at the limit with a newcomer turned away, the loop sleeps: it used under a
        // quarter of a second of CPU in two seconds (spinning, it would use all of them).
        func cpuTicks() -> Int {
            guard let stat = try? String(contentsOfFile: "/proc/\(daemon.pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")")
            else { return -1 }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        }
        let before = cpuTicks()
        usleep(2_000_000)
        let used = cpuTicks() - before
        #expect(before >= 0 && used < sysconf(Int32(_SC_CLK_TCK)) / 4, "\(used) ticks of CPU in 2 s at the limit")
        for fd in held { close(fd) }
        held = []
        // Serving again as soon as the daemon has seen the connections go (a busy machine may
        // take a while to run it; every failed try must still say why).
        var r = try halo(["ctl", "--socket", socket, "stats"])
        for _ in 0..<200 where r.status != 0 {
            #expect((r.out + r.err).contains("out of file descriptors"), "\(r)")
            usleep(100_000)
            r = try halo(["ctl", "--socket", socket, "stats"])
        }
        #expect(r.status == 0 && r.out.hasPrefix("ok "), "\(r)")
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("out of file descriptors") && text.contains("LimitNOFILE"), "\(text)")
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
        for key in [
            "frames=", "over-budget=", "render-p50-us=", "render-p99-us=", "pixels=", "idle-wakeups=", "clients=", "first-frame-ms=",
        ] {
            #expect(stats.out.contains(key), "\(key) missing from \(stats.out)")
        }
    }

    @Test(
        "halo run --show LINE: its indicator is in the very first frame, as replay draws it, not a show delay later; a bad line stops the start, naming it"
    )
    func showAtStart() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let line = #"show boot circular label="Starting up" value=40%"#
        let daemon = try startDaemon(socket: socket, ["--show", line])
        defer { daemon.stop() }
        usleep(800_000)  // longer than the show delay: a later indicator would have needed a second frame
        let stats = try halo(["ctl", "--socket", socket, "stats"])
        #expect(stats.out.hasPrefix("ok frames=1 "), "one frame, and it had the indicator: \(stats)")
        let shot = try halo(["ctl", "--socket", socket, "snapshot"])
        let replayDir = dir.appendingPathComponent("replay")
        #expect(try halo(["replay", try script("@0 \(line)\n", in: dir), "--at", "2000", "--out", replayDir.path]).status == 0)
        #expect(
            try picture(URL(fileURLWithPath: String(shot.out.dropFirst(3).dropLast())))
                == picture(replayDir.appendingPathComponent("2000.png")))
        let bad = try halo([
            "run", "--board", "mock-480x480", "--socket", dir.appendingPathComponent("bad.sock").path, "--show", "show up sideways",
        ])
        #expect(bad.status == 1 && bad.err.contains("--show 'show up sideways'"), "\(bad)")
    }

    @Test("a headless board (display: none) serves its LED ring alone; without a ring it is refused with the fix")
    func headless() throws {
        let dir = try scratch()
        let board = dir.appendingPathComponent("headless.yaml").path
        try "name: headless\ndisplay: none\nleds: {count: 12, fps: 5}\n".write(toFile: board, atomically: true, encoding: .utf8)
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket, board: board)
        defer { daemon.stop() }
        let show = try halo(["ctl", "--socket", socket, "show", "up", "circular", "value=40%"])
        #expect(show.status == 0 && show.out == "ok\n", "\(show)")
        let snapshot = try halo(["ctl", "--socket", socket, "snapshot"])
        #expect(snapshot.status == 1 && snapshot.out.hasPrefix("error unsupported"), "\(snapshot)")
        // The ring is drawn: frames are counted, no pixels pushed.
        var stats = ""
        for _ in 0..<100 {
            stats = try halo(["ctl", "--socket", socket, "stats"]).out
            if !stats.hasPrefix("ok frames=0 ") { break }
            usleep(20_000)
        }
        #expect(stats.hasPrefix("ok frames=") && !stats.hasPrefix("ok frames=0 ") && stats.contains("pixels=0 "), "\(stats)")
        // A turning indicator: the ring animates at most at leds.fps (5), not the screen's 60.
        let started = Date()
        #expect(try halo(["ctl", "--socket", socket, "show", "spin", "spinner"]).status == 0)
        let before = ringFrames(try halo(["ctl", "--socket", socket, "stats"]).out)
        usleep(2_000_000)
        let after = ringFrames(try halo(["ctl", "--socket", socket, "stats"]).out)
        let elapsed = Date().timeIntervalSince(started)
        #expect(after > before && Double(after - before) <= 5 * elapsed + 2, "\(after - before) ring frames in \(elapsed) s at 5 fps")

        let bare = dir.appendingPathComponent("bare.yaml").path
        try "name: bare\ndisplay: none\n".write(toFile: bare, atomically: true, encoding: .utf8)
        let refused = try halo(["run", "--board", bare, "--socket", dir.appendingPathComponent("b.sock").path])
        #expect(
            refused.status == 1 && refused.err.contains("display: none and no LED ring") && refused.err.contains("leds.count"), "\(refused)"
        )
    }

    /// The `ring-frames` of a `stats` reply.
    func ringFrames(_ stats: String) -> Int {
        stats.split(separator: " ").first { $0.hasPrefix("ring-frames=") }.flatMap { Int($0.dropFirst("ring-frames=".count)) } ?? -1
    }

    @Test("halo leds test lights each LED in red, green and blue in turn and says where; a board without a ring is told how to add one")
    func ledsTest() throws {
        let r = try halo(["leds", "test", "--board", "mock-320x240-ring12", "--step-ms", "0"])
        let lines = r.out.split(separator: "\n")
        #expect(r.status == 0 && lines.filter { $0.hasPrefix("LED ") }.count == 36, "\(r)")
        #expect(
            lines.contains("LED 0: the LED at 12 o'clock shows red")
                && lines.contains("LED 11: 11 steps clockwise from 12 o'clock shows blue"))
        let none = try halo(["leds", "test", "--board", "mock-480x480", "--step-ms", "0"])
        #expect(none.status == 1 && none.err.contains("has no LED ring") && none.err.contains("leds.count"), "\(none)")
        let spi = try halo(["leds", "test", "--board", "qemu-spi-ws2812-ring12", "--step-ms", "0"])
        #expect(spi.status == 1 && spi.err.contains("/dev/spidev0.0") && spi.err.contains("dtparam=spi=on"), "\(spi)")
        #expect(try halo(["leds", "check"]).status == 2)
    }
}
