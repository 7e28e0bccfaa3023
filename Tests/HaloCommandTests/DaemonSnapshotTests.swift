// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloMock
import HaloTestSupport
import Testing

/// The daemon's `snapshot` command as a process: where it may write, names, links and memory.
extension CommandTests {
    @Test("snapshot writes only into the board's folder, under names the daemon picks, through no link, sixteen at most")
    func snapshotFolder() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let victim = dir.appendingPathComponent("victim.txt")
        try "keep me".write(to: victim, atomically: true, encoding: .utf8)
        let daemon = try startDaemon(socket: socket)
        defer { daemon.stop() }
        for named in [#"snapshot "/etc/passwd""#, #"snapshot "../x.png""#, "snapshot x"] {
            let r = try halo(["ctl", "--socket", socket, named])
            #expect(r.status == 1 && r.out.hasPrefix("error invalid: snapshot takes no file name"), "\(named): \(r)")
        }
        // A link planted where the next snapshot goes is replaced, not followed.
        let folder = dir.appendingPathComponent("snapshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("snapshot-\(daemon.pid)-1.png").path, withDestinationPath: victim.path)
        var paths: Set<String> = []
        for _ in 0..<20 {
            let r = try halo(["ctl", "--socket", socket, "snapshot"])
            #expect(r.status == 0, "\(r)")
            paths.insert(String(r.out.dropFirst(3).dropLast()))
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "keep me")
        #expect(paths.count == 16 && paths.allSatisfy { $0.hasPrefix(folder.path + "/snapshot-") })
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.count == 16, "\(files)")
        let first = try Data(contentsOf: folder.appendingPathComponent("snapshot-\(daemon.pid)-1.png"))
        #expect(first.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("two daemons sharing a snapshot folder never write over each other's pictures; a folder that is a link is refused")
    func snapshotFolderShared() throws {
        let dir = try scratch()
        let folder = dir.appendingPathComponent("shots")
        let board = dir.appendingPathComponent("shared.yaml")
        try "name: shared\ndisplay: mock\nscreen: {width: 320, height: 240}\nsnapshots: \(folder.path)\n".write(
            to: board, atomically: true, encoding: .utf8)
        let one = try startDaemon(socket: dir.appendingPathComponent("one.sock").path, board: board.path)
        defer { one.stop() }
        let two = try startDaemon(socket: dir.appendingPathComponent("two.sock").path, board: board.path)
        defer { two.stop() }
        let a = try halo(["ctl", "--socket", dir.appendingPathComponent("one.sock").path, "snapshot"])
        let b = try halo(["ctl", "--socket", dir.appendingPathComponent("two.sock").path, "snapshot"])
        #expect(a.status == 0 && b.status == 0 && a.out != b.out, "\(a) \(b)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2)
        // A link where the folder should be, as another user could plant in /tmp: refused.
        let target = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let linked = dir.appendingPathComponent("linked.yaml")
        try "name: linked\ndisplay: mock\nscreen: {width: 320, height: 240}\nsnapshots: \(dir.path)/link\n".write(
            to: linked, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("link").path, withDestinationPath: target.path)
        let three = try startDaemon(socket: dir.appendingPathComponent("three.sock").path, board: linked.path)
        defer { three.stop() }
        let c = try halo(["ctl", "--socket", dir.appendingPathComponent("three.sock").path, "snapshot"])
        #expect(c.status == 1 && c.out.contains("is a symbolic link"), "\(c)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }

    @Test("a snapshot of a large board adds a few megabytes to the daemon's peak memory, not another screen or two")
    func snapshotPeak() throws {
        let dir = try scratch()
        let socket = dir.appendingPathComponent("halo.sock").path
        let board = dir.appendingPathComponent("big.yaml")
        try "name: big\ndisplay: mock\nscreen: {width: 2048, height: 2048}\n".write(to: board, atomically: true, encoding: .utf8)
        let daemon = try startDaemon(socket: socket, board: board.path)
        defer { daemon.stop() }
        #expect(try halo(["ctl", "--socket", socket, #"show a circular label="Copying" value=40%"#]).status == 0)
        #expect(try halo(["ctl", "--socket", socket, "sync wait"]).status == 0)
        func peakKiB() -> Int {
            let status = (try? String(contentsOfFile: "/proc/\(daemon.pid)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
        }
        let before = peakKiB()
        let snap = try halo(["ctl", "--socket", socket, "snapshot"])
        #expect(snap.status == 0, "\(snap)")
        let after = peakKiB()
        // The framebuffer alone is 16 MiB; the old encoder copied it and made two more pictures.
        #expect(before > 16_000 && after - before < 4_096, "peak \(before) KiB before the snapshot, \(after) KiB after")
    }
}
