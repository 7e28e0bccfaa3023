// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// Debian's own `plymouth` command, taken from its package at test time (`apt-get download`,
/// `dpkg-deb -x`; nothing of it is kept in the repository), driving `halo run --plymouth` on
/// the mock display through plymouthd's abstract socket: the real peer's bytes, replies and
/// exit statuses.
@Suite("the real plymouth command drives halo run --plymouth (Debian's plymouth package, host kernel sockets)", .serialized)
struct PlymouthCLITests {
    /// The unpacked plymouth and libplymouth5, fetched once into .build/plymouth-cli.
    static let cli: Result<URL, Error> = Result { try DebianPlymouth.unpacked(packageRoot: CommandTests.packageRoot) }

    /// Runs the real `plymouth` with `arguments`, as root or as `nobody`.
    func plymouth(_ arguments: [String], asNobody: Bool = false) throws -> ChildProcess.Result {
        let root = try Self.cli.get()
        let command =
            (asNobody ? ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [])
            + ["env", "LD_LIBRARY_PATH=\(root.path)/usr/lib/x86_64-linux-gnu", root.path + "/usr/bin/plymouth"] + arguments
        return try ChildProcess.run(command, timeout: 20)
    }

    @Test(
        "status, progress, a message, a non-root caller's NAK, --wait held until quit --retain-splash; every exit status as plymouthd gives it"
    )
    func drivesTheSplash() throws {
        guard getuid() == 0 else { return }  // plymouthd's rule is about root: the test needs to be root to show it.
        let test = CommandTests()
        let dir = try test.scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480", ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        #expect(try plymouth(["--ping"]).status == 0)
        #expect(try plymouth(["--update=fsck"]).status == 0)
        #expect(try plymouth(["system-update", "--progress=42"]).status == 0)
        #expect(try plymouth(["display-message", "--text=Checking disks"]).status == 0)
        #expect(try plymouth(["pause-progress"]).status == 0 && plymouth(["unpause-progress"]).status == 0)
        let nobody = try plymouth(["--ping"], asNobody: true)
        #expect(nobody.status == 1, "plymouthd NAKs anyone but root, and the CLI exits 1: \(nobody)")
        // The picture is the boot splash those requests describe, as replay draws the same lines.
        #expect(try test.halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
        let shot = try test.halo(["ctl", "--socket", socket, "snapshot"])
        #expect(shot.status == 0 && shot.out.hasPrefix("ok "), "\(shot)")
        let lines = [
            #"show boot circular label="Starting up" detached=yes"#, #"label boot "fsck""#, "progress boot 42%",
            #"label boot "Checking disks""#,
        ]
        let script = try test.script(lines.map { "@0 \($0)" }.joined(separator: "\n") + "\n", in: dir)
        let replayDir = dir.appendingPathComponent("replay")
        #expect(try test.halo(["replay", script, "--at", "3000", "--out", replayDir.path]).status == 0)
        let picture = try test.picture(URL(fileURLWithPath: String(shot.out.dropFirst(3).dropLast())))
        #expect(try picture == test.picture(replayDir.appendingPathComponent("3000.png")), "the splash as the requests describe it")
        let waiter = try ChildProcess(
            [
                "env", "LD_LIBRARY_PATH=\(try Self.cli.get().path)/usr/lib/x86_64-linux-gnu", try Self.cli.get().path + "/usr/bin/plymouth",
                "--wait",
            ])
        #expect(try waitForStats("plymouth-connections=1", socket: socket, test), "--wait connected")
        #expect(waiter.isRunning, "--wait is held until quit")
        #expect(try plymouth(["quit", "--retain-splash"]).status == 0)
        #expect(try waiter.wait(timeout: 10) == 0, "--wait returns 0 once the daemon quits")
        #expect(try daemon.wait(timeout: 10) == 0, "quit stops halo run")
    }

    /// Starts the real `plymouth` with `arguments`, its output kept for later.
    func startPlymouth(_ arguments: [String]) throws -> ChildProcess {
        let root = try Self.cli.get()
        return try ChildProcess(
            ["env", "LD_LIBRARY_PATH=\(root.path)/usr/lib/x86_64-linux-gnu", root.path + "/usr/bin/plymouth"] + arguments, stdout: .pipe,
            stderr: .pipe)
    }

    /// Waits until the daemon's `stats` holds `word` (`plymouth-watches=1`), at most 30 s.
    func waitForStats(_ word: String, socket: String, _ test: CommandTests) throws -> Bool {
        try CommandTests.eventually {
            try test.halo(["ctl", "--socket", socket, "stats"]).out.split(whereSeparator: \.isWhitespace).contains(Substring(word))
        }
    }

    /// Waits until the daemon's `stats` says a prompt shows (or not), at most 30 s.
    func waitForPrompt(_ shown: Bool, socket: String, _ test: CommandTests) throws -> Bool {
        try waitForStats("prompt-shown=\(shown ? 1 : 0)", socket: socket, test)
    }

    @Test(
        "ask-for-password, ask-question, watch-keystroke and cached passwords answered by typing on the mock display; the exit statuses and output plymouth gives"
    )
    func prompts() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let socket = try test.scratch().appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480", ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        func type(_ words: String...) throws {
            for w in words { #expect(try test.halo(["ctl", "--socket", socket, "person \(w)"]).status == 0, "person \(w)") }
        }
        // A disk's passphrase: typed, one character erased, Enter; plymouth prints it.
        let password = try startPlymouth(["ask-for-password", "--prompt=Passphrase for root"])
        #expect(try waitForPrompt(true, socket: socket, test))
        try type("type hunter2x", "type-key erase", "type-key enter")
        let (out, _) = try password.readToEnd(timeout: 10)
        #expect(try out == "hunter2" && password.wait(timeout: 10) == 0, "plymouth printed \(out.debugDescription)")
        #expect(try waitForPrompt(false, socket: socket, test), "answered: the prompt has gone")
        // The next disk: --command tries the cached passwords first, with no prompt at all.
        let cached = try plymouth(["ask-for-password", "--command=cat"])
        #expect(cached.status == 0 && cached.out == "hunter2", "the cached password went to the command: \(cached)")
        // A question's answer is printed as typed.
        let question = try startPlymouth(["ask-question", "--prompt=Name?"])
        #expect(try waitForPrompt(true, socket: socket, test))
        try type("type Ada Lovelace", "type-key enter")
        #expect(try question.readToEnd(timeout: 10).0 == "Ada Lovelace" && question.wait(timeout: 10) == 0)
        // Declined: plymouth prints nothing.
        let declined = try startPlymouth(["ask-for-password", "--prompt=PIN"])
        #expect(try waitForPrompt(true, socket: socket, test))
        try type("type 12", "type-key cancel")
        #expect(try declined.readToEnd(timeout: 10).0 == "")
        _ = try declined.wait(timeout: 10)
        // A keystroke watch: a key it does not watch is passed over, one it does answers it.
        let watch = try startPlymouth(["watch-keystroke", "--keys=yn"])
        #expect(try waitForStats("plymouth-watches=1", socket: socket, test), "the watch reached the daemon")
        try type("type x", "type y")
        #expect(try watch.readToEnd(timeout: 10).0 == "y" && watch.wait(timeout: 10) == 0)
        // Quit answers whoever still waits, and the daemon stops.
        let waiting = try startPlymouth(["ask-question", "--prompt=Never answered"])
        #expect(try waitForPrompt(true, socket: socket, test))
        #expect(try plymouth(["quit"]).status == 0)
        let said = try waiting.readToEnd(timeout: 10)
        let status = try waiting.wait(timeout: 10)
        // Halo writes "no answer" and then closes: plymouth exits 1 if it reads the byte first,
        // 2 ("unexpectedly disconnected") if its loop takes the hang-up first; never hangs.
        #expect(status == 1 || (status == 2 && said.1.contains("disconnected")), "no answer, then quit: \(status): \(said)")
        #expect(try daemon.wait(timeout: 10) == 0)
    }

    /// The Plymouth words of the daemon's `stats`: how many connections it holds, how many it refused.
    func plymouthStats(_ socket: String, _ test: CommandTests) throws -> (connections: Int, refused: Int) {
        let words = try test.halo(["ctl", "--socket", socket, "stats"]).out.split(whereSeparator: \.isWhitespace)
        func value(_ key: String) -> Int { words.first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) } ?? -1 }
        return (value("plymouth-connections"), value("plymouth-refused"))
    }

    @Test(
        "another user holding 40 silent, then 40 pinging connections to plymouthd's socket locks nobody out: root's ping and status still exit 0"
    )
    func anotherUserCannotLockRootOut() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let socket = try test.scratch().appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480", ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        let silent = try #require(try SocketPeers.crowd(name: "/org/freedesktop/plymouthd", count: 40, asNobody: true))
        defer { silent.closeInput() }
        #expect(try plymouth(["--ping"]).status == 0, "root's ping while nobody holds 40 silent connections")
        #expect(try plymouth(["update", "--status=fsck"]).status == 0)
        let pinging = try #require(
            try SocketPeers.crowd(name: "/org/freedesktop/plymouthd", count: 40, sending: [0x50, 0], asNobody: true))
        defer { pinging.closeInput() }
        #expect(try plymouth(["--ping"]).status == 0, "root's ping while nobody holds 40 connections that pinged")
        let held = try plymouthStats(socket, test)
        #expect(held.connections <= 8, "nobody holds at most its own small allowance: \(held)")
        #expect(try plymouth(["--ping"], asNobody: true).status == 1, "nobody itself is still answered NAK")
        #expect(try plymouth(["quit"]).status == 0 && daemon.wait(timeout: 30) == 0)
    }

    @Test(
        "a disk's passphrase prompt survives 40 connections from another user and 300 prompts from root; the typed answer goes to the prompt shown"
    )
    func promptIsNeverEvicted() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let socket = try test.scratch().appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480", ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        let asked = try startPlymouth(["ask-for-password", "--prompt=Passphrase for /dev/sda2:"])
        #expect(try waitForPrompt(true, socket: socket, test))
        let users = try #require(try SocketPeers.crowd(name: "/org/freedesktop/plymouthd", count: 40, sending: [0x50, 0], asNobody: true))
        defer { users.closeInput() }
        // Root's ping connects after the crowd, so once it is answered the crowd has been seen.
        #expect(try plymouth(["--ping"]).status == 0)
        #expect(try test.halo(["ctl", "--socket", socket, "stats"]).out.contains("prompt-shown=1"))
        #expect(asked.isRunning, "the asking connection is still open")
        // Root's own flood: each asks for another disk's passphrase. The places fill; the
        // newcomers are refused, the prompt on screen stays.
        let question = [UInt8(ascii: "*"), 0x02, 12] + Array("other disk:".utf8) + [0]
        let floods = try #require(try SocketPeers.crowd(name: "/org/freedesktop/plymouthd", count: 300, sending: question, asNobody: false))
        defer { floods.closeInput() }
        var stats = try plymouthStats(socket, test)
        _ = try CommandTests.eventually {
            stats = try plymouthStats(socket, test)
            return stats.connections + stats.refused >= 301
        }
        #expect(stats.connections == 32 && stats.refused >= 269, "the places are full and newcomers are refused: \(stats)")
        #expect(asked.isRunning, "the prompt on screen was not evicted")
        #expect(try test.halo(["ctl", "--socket", socket, "person type correct horse"]).status == 0)
        #expect(try test.halo(["ctl", "--socket", socket, "person type-key enter"]).status == 0)
        let (out, _) = try asked.readToEnd(timeout: 20)
        #expect(
            try out == "correct horse" && asked.wait(timeout: 10) == 0,
            "the answer went to the prompt that was shown: \(out.debugDescription)")
    }

    @Test("plymouth-group counts a supplementary group (usermod -aG) as well as the primary one")
    func supplementaryGroup() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let dir = try test.scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("group.yaml").path
        let base = try String(contentsOf: CommandTests.packageRoot.appendingPathComponent("Boards/mock-480x480.yaml"), encoding: .utf8)
        // Debian's base-passwd gives every system the group users, gid 100.
        try (base.replacingOccurrences(of: "name: mock-480x480", with: "name: group") + "plymouth-group: users\n")
            .write(toFile: board, atomically: true, encoding: .utf8)
        let daemon = try test.startDaemon(socket: socket, board: board, ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        let root = try Self.cli.get()
        func ping(_ groups: String) throws -> Int32 {
            try ChildProcess.run(
                [
                    "setpriv", "--reuid=65534", "--regid=65534", groups, "env", "LD_LIBRARY_PATH=\(root.path)/usr/lib/x86_64-linux-gnu",
                    root.path + "/usr/bin/plymouth", "--ping",
                ], timeout: 20
            ).status
        }
        #expect(try ping("--groups=100") == 0, "users as a supplementary group")
        #expect(try ping("--clear-groups") == 1, "without it: NAK")
    }

    @Test(
        "boot.prompts: console leaves a password to the console's agent: plymouth hears no answer at once and exits 1, and the log says why"
    )
    func promptsOnConsole() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let dir = try test.scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("console-prompts.yaml").path
        let base = try String(contentsOf: CommandTests.packageRoot.appendingPathComponent("Boards/mock-480x480.yaml"), encoding: .utf8)
        try (base.replacingOccurrences(of: "name: mock-480x480", with: "name: console-prompts") + "boot:\n  prompts: console\n")
            .write(toFile: board, atomically: true, encoding: .utf8)
        let log = dir.appendingPathComponent("log").path
        let daemon = try test.startDaemon(socket: socket, board: board, ["--plymouth"], stderr: .file(log))
        defer { daemon.stop() }
        let asked = try plymouth(["ask-for-password", "--prompt=Passphrase"])
        #expect(asked.status == 1 && asked.out.isEmpty, "\(asked)")
        #expect(try test.halo(["ctl", "--socket", socket, "stats"]).out.contains("prompt-shown=0"))
        daemon.stop()
        let text = try String(contentsOfFile: log, encoding: .utf8)
        #expect(text.contains("the console's own agent can ask"), "\(text)")
    }

    @Test(
        "halo plymouth, and halo linked as plymouth, give the real command's exit statuses, output and silences for every request, with and without a splash"
    )
    func haloAsPlymouth() throws {
        guard getuid() == 0 else { return }
        let test = CommandTests()
        let dir = try test.scratch()
        let link = dir.appendingPathComponent("plymouth").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: CommandTests.binary.path)
        func both(_ arguments: [String]) throws -> (real: ChildProcess.Result, ours: ChildProcess.Result, linked: ChildProcess.Result) {
            (
                try plymouth(arguments), try ChildProcess.run([CommandTests.binary.path, "plymouth"] + arguments, timeout: 20),
                try ChildProcess.run([link] + arguments, timeout: 20)
            )
        }
        func same(_ arguments: [String], _ note: String) throws {
            let r = try both(arguments)
            for ours in [r.ours, r.linked] {
                #expect(
                    ours.status == r.real.status && ours.out == r.real.out && ours.err == r.real.err,
                    "\(arguments) \(note): \(r.real) / \(ours)")
            }
        }
        // No splash: 1 and silent, --wait 0.
        for arguments in [["--ping"], ["--wait"], ["display-message", "--text=hi"], ["quit"]] { try same(arguments, "with no splash") }
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480", ["--display", "mock", "--plymouth"])
        defer { daemon.stop() }
        for arguments in [
            ["--ping"], ["--update=fsck"], ["update", "--status=fsck"], ["system-update", "--progress=42"], ["change-mode", "--updates"],
            ["display-message", "--text=Checking disks"], ["hide-message", "--text=Checking disks"], ["pause-progress"],
            ["unpause-progress"], ["--sysinit"], ["update-root-fs", "--read-write"], ["show-splash"], ["--has-active-vt"],
            ["ignore-keystroke", "--keys=yn"], ["report-error"],
        ] {
            try same(arguments, "with a splash")
        }
        let nobody = try ChildProcess.run(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", link, "--ping"], timeout: 20)
        #expect(nobody.status == 1 && nobody.err.isEmpty, "a non-root caller's NAK: \(nobody)")
        let asked = try ChildProcess(
            [link, "ask-for-password", "--prompt=Passphrase for root"], stdout: .pipe, stderr: .pipe)
        #expect(try waitForPrompt(true, socket: socket, test))
        #expect(try test.halo(["ctl", "--socket", socket, "person type s3cret"]).status == 0)
        #expect(try test.halo(["ctl", "--socket", socket, "person type-key enter"]).status == 0)
        #expect(try asked.readToEnd(timeout: 10).0 == "s3cret" && asked.wait(timeout: 10) == 0)
        let bad = try ChildProcess.run([link, "system-update"], timeout: 20)
        #expect(bad.status == 2 && bad.err.contains("--progress"), "a wrong command line names the fix: \(bad)")
        let waiter = try ChildProcess([link, "--wait"])
        #expect(try waitForStats("plymouth-connections=1", socket: socket, test), "--wait connected")
        #expect(waiter.isRunning)
        #expect(try ChildProcess.run([link, "quit", "--retain-splash"], timeout: 20).status == 0)
        #expect(try waiter.wait(timeout: 10) == 0 && daemon.wait(timeout: 10) == 0)
    }
}
