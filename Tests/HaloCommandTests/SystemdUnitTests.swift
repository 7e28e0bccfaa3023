// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// The systemd units Halo ships, checked by systemd's own tools (Debian's systemd 252 on the
/// host) in a root of their own that holds systemd's units, Debian's Plymouth units (from the
/// plymouth package, fetched at test time) and the halo binary under test.
/// Whether systemd's tools are here (a chroot or container may have none).
let hasSystemd = ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"].contains { FileManager.default.isExecutableFile(atPath: $0) }

@Suite(
    "the shipped systemd units, checked by the real systemd-analyze and systemctl --root (host's systemd, Debian's Plymouth units)",
    .enabled(if: hasSystemd, "systemd is not installed here (Debian: systemd); CI's main lane installs it"))
struct SystemdUnitTests {
    static let splashUnits = [
        "halo-splash.service", "halo-splash-quit.service", "halo-splash-quit-wait.service", "halo-splash-reboot.service",
        "halo-splash-poweroff.service", "halo-splash-switch-root.service",
    ]

    /// A root with systemd's units, Plymouth's, Halo's, and the programs the units run.
    func makeRoot() throws -> URL {
        let root = try CommandTests().scratch().appendingPathComponent("root")
        let units = root.appendingPathComponent("usr/lib/systemd/system")
        let fm = FileManager.default
        try fm.createDirectory(at: units, withIntermediateDirectories: true)
        for dir in ["usr/local/bin", "bin"] {
            try fm.createDirectory(at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        let plymouth = DebianPlymouth.unitDirectory(in: try DebianPlymouth.unpacked(packageRoot: CommandTests.packageRoot))
        for source in ["/lib/systemd/system", plymouth.path] {
            let copy = try ChildProcess.run(["cp", "-a", source + "/.", units.path], timeout: 60)
            guard copy.status == 0 else { throw DebianPlymouth.Failure(description: "cp \(source): \(copy)") }
        }
        let install = CommandTests.packageRoot.appendingPathComponent("Sources/halo/install")
        for unit in Self.splashUnits {
            try fm.copyItem(at: install.appendingPathComponent("splash/\(unit)"), to: units.appendingPathComponent(unit))
        }
        try fm.copyItem(at: install.appendingPathComponent("halo@.service"), to: units.appendingPathComponent("halo@.service"))
        try fm.copyItem(at: CommandTests.binary, to: root.appendingPathComponent("usr/local/bin/halo"))
        try fm.copyItem(atPath: "/bin/kill", toPath: root.appendingPathComponent("bin/kill").path)
        return root
    }

    func verify(_ root: URL, _ units: [String]) throws -> ChildProcess.Result {
        try ChildProcess.run(["systemd-analyze", "verify", "--man=no", "--root=\(root.path)"] + units, timeout: 60)
    }

    @Test("systemd-analyze verify passes on every unit, the splash's and halo@'s, with nothing to say")
    func verified() throws {
        let root = try makeRoot()
        for unit in Self.splashUnits + ["halo@mock-480x480.service"] {
            let r = try verify(root, [unit])
            #expect(r.status == 0 && r.out.isEmpty && r.err.isEmpty, "\(unit): \(r)")
        }
    }

    @Test(
        "systemctl enable halo-splash.service puts Halo in every Plymouth unit's place beside Plymouth's own, verified under those names; disable gives them back"
    )
    func takesPlymouthsPlaces() throws {
        let root = try makeRoot()
        let enable = try ChildProcess.run(["systemctl", "--root=\(root.path)", "enable", "halo-splash.service"], timeout: 60)
        #expect(enable.status == 0, "\(enable)")
        let names = [
            "plymouth-start", "plymouth-quit", "plymouth-quit-wait", "plymouth-reboot", "plymouth-poweroff", "plymouth-halt",
            "plymouth-kexec",
        ]
        for name in names {
            let state = try ChildProcess.run(["systemctl", "--root=\(root.path)", "is-enabled", "\(name).service"], timeout: 60)
            #expect(state.out == "alias\n", "\(name).service resolves to Halo's unit: \(state)")
        }
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: root.appendingPathComponent("etc/systemd/system/plymouth-start.service").path)
        #expect(link == "/usr/lib/systemd/system/halo-splash.service")
        let underTheirNames = try verify(root, names.map { "\($0).service" })
        #expect(underTheirNames.status == 0 && underTheirNames.err.isEmpty, "\(underTheirNames)")
        let disable = try ChildProcess.run(["systemctl", "--root=\(root.path)", "disable", "halo-splash.service"], timeout: 60)
        #expect(disable.status == 0, "\(disable)")
        let back = try ChildProcess.run(["systemctl", "--root=\(root.path)", "is-enabled", "plymouth-start.service"], timeout: 60)
        #expect(back.out == "static\n", "Plymouth's own unit again: \(back)")
    }
}
