// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// `halo ctl` as another user would meet the daemon: a socket it may not use, and a socket that
/// someone else's program serves. Runs only as root, which can switch users with setpriv.
extension CommandTests {
    static let nobody = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]

    @Test(
        "a user without the socket's group is told the daemon is there and which group it needs, not that no daemon answers",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func socketWithoutPermission() throws {
        let dir = try scratch()
        chmod(dir.path, 0o755)
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }
        let r = try ChildProcess.run(Self.nobody + [Self.binary.path, "ctl", "--socket", socket, "stats"], environment: Self.environment())
        #expect(r.status == 1)
        #expect(r.err.contains("a halo daemon's socket is at \(socket), but this user (uid 65534) may not use it"), "\(r.err)")
        #expect(r.err.contains("the group root (mode 0660); add the user to root"), "\(r.err)")
        #expect(!r.err.contains("no halo daemon answers"))
    }

    @Test(
        "halo ctl sends nothing to a socket another user's program serves, unless told to trust that user",
        .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func impostorSocket() throws {
        let dir = try scratch()
        chmod(dir.path, 0o755)
        // Another user's own daemon, as an impostor would run one, in a folder of that user's.
        let theirs = dir.appendingPathComponent("theirs")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        chown(theirs.path, 65534, 65534)
        let socket = theirs.appendingPathComponent("halo.sock").path
        let p = try ChildProcess(
            Self.nobody + [Self.binary.path, "run", "--board", "mock-320x240-rgb565", "--socket", socket], environment: Self.environment(),
            directory: Self.packageRoot.path)
        defer { p.stop() }
        for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && p.isRunning { usleep(20_000) }
        let refused = try halo(["ctl", "--socket", socket, "show secret circular label=\"PIN 1234\""])
        #expect(refused.status == 1)
        #expect(refused.err.contains("is served by uid 65534"), "\(refused.err)")
        #expect(refused.err.contains("pass --trust-uid 65534"))
        let trusted = try halo(["ctl", "--socket", socket, "--trust-uid", "65534", "progress secret 10%"])
        #expect(trusted.status == 1 && trusted.out.hasPrefix("error unknown-id"), "the show never reached it: \(trusted)")
        let bad = try halo(["ctl", "--trust-uid", "nobody", "stats"])
        #expect(bad.status == 2 && bad.err.contains("--trust-uid takes a user id in digits"))
    }
}
