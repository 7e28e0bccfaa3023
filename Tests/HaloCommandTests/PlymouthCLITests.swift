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
    static let cli: Result<URL, Error> = {
        do {
            let root = CommandTests.packageRoot.appendingPathComponent(".build/plymouth-cli")
            let unpacked = root.appendingPathComponent("root")
            let binary = unpacked.appendingPathComponent("usr/bin/plymouth")
            if FileManager.default.isExecutableFile(atPath: binary.path) { return .success(unpacked) }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let download = try ChildProcess.run(
                ["apt-get", "download", "-q", "plymouth", "libplymouth5"], directory: root.path, timeout: 120)
            guard download.status == 0 else { throw CLIFailure(text: "apt-get download plymouth libplymouth5: \(download.err)") }
            for deb in try FileManager.default.contentsOfDirectory(atPath: root.path) where deb.hasSuffix(".deb") {
                let x = try ChildProcess.run(["dpkg-deb", "-x", root.appendingPathComponent(deb).path, unpacked.path], timeout: 60)
                guard x.status == 0 else { throw CLIFailure(text: "dpkg-deb -x \(deb): \(x.err)") }
            }
            return .success(unpacked)
        } catch {
            return .failure(error)
        }
    }()

    struct CLIFailure: Error, CustomStringConvertible {
        var text: String
        var description: String { text }
    }

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
        usleep(1_500_000)
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
        usleep(300_000)
        #expect(waiter.isRunning, "--wait is held until quit")
        #expect(try plymouth(["quit", "--retain-splash"]).status == 0)
        #expect(try waiter.wait(timeout: 10) == 0, "--wait returns 0 once the daemon quits")
        #expect(try daemon.wait(timeout: 10) == 0, "quit stops halo run")
    }
}
