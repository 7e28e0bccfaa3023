// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// A real boot: an initramfs made by Debian's own `mkinitramfs` (initramfs-tools, the host's)
/// with Halo's hook and scripts from `Sources/halo/install/initramfs-tools`, booted with
/// Debian's kernel under QEMU onto a small ext4 root.
@Suite(
    "the initramfs-tools hook: Debian's mkinitramfs image booted on a real kernel under QEMU", .serialized,
    .enabled(
        if: QEMUMachine.available && Host.has("mkinitramfs") && Host.has("mkfs.ext4") && Host.has("unshare"),
        "needs qemu-system-x86, initramfs-tools, e2fsprogs and util-linux"))
struct QEMUInitramfsTests {
    static let install = QEMUDisplayTests.packageRoot.appendingPathComponent("Sources/halo/install/initramfs-tools")

    /// The initramfs-tools configuration of the test: the host's own, with Halo's hook and
    /// scripts, the splash switched on for this image and the bochs board, and a script of the
    /// test's in init-premount that uses the splash as the boot's scripts do.
    func configuration(in dir: URL) throws -> URL {
        let conf = try Self.baseConfiguration(in: dir, splash: true)
        let fm = FileManager.default
        let premount = """
            #!/bin/sh
            # The test's own: what a boot script does with the splash, reported to the host.
            [ "$1" = prereqs ] && exit 0
            stty -F /dev/ttyS1 raw -echo
            exec 3<>/dev/ttyS1
            plymouth --ping; echo "REPORT initramfs-ping $?" >&3
            echo "REPORT initramfs-pid $(pidof halo)" >&3
            echo "REPORT initramfs-saved-frame $(grep -c 'showed the first frame saved in /etc/halo/board.frame' /run/halo/initramfs.log)" >&3
            plymouth update --status="Checking disks"; echo "REPORT initramfs-update $?" >&3
            sleep 1; echo "DUMP initramfs" >&3; read -r answer <&3
            exec 3>&-

            """
        let script = conf.appendingPathComponent("scripts/init-premount/zz-halo-test")
        try premount.write(to: script, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return conf
    }

    /// An initramfs-tools configuration folder in `dir`: Halo's hook and scripts from the
    /// package, the bochs board, and the splash on or off (`SPLASH=` in conf.d/halo).
    static func baseConfiguration(in dir: URL, splash: Bool) throws -> URL {
        let conf = dir.appendingPathComponent("initramfs-tools")
        let fm = FileManager.default
        for sub in ["hooks", "scripts/init-top", "scripts/init-premount", "scripts/init-bottom", "scripts/panic", "conf.d"] {
            try fm.createDirectory(at: conf.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for file in ["hooks/halo", "scripts/init-top/halo", "scripts/init-bottom/halo", "scripts/panic/halo"] {
            try fm.copyItem(at: install.appendingPathComponent(file), to: conf.appendingPathComponent(file))
        }
        let board = QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-bochs.yaml").path
        try "MODULES=most\nBUSYBOX=y\nCOMPRESS=zstd\n".write(
            to: conf.appendingPathComponent("initramfs.conf"), atomically: true, encoding: .utf8)
        try "SPLASH=\(splash ? "yes" : "no")\nBOARD=\(board)\n".write(
            to: conf.appendingPathComponent("conf.d/halo"), atomically: true, encoding: .utf8)
        return conf
    }

    /// mkinitramfs run as an owner runs it, in a mount namespace of its own where the kernel's
    /// modules, its configuration and the halo under test sit where they would be installed;
    /// the host's own /lib/modules, /boot and /usr/local/bin are untouched. `prelude` runs in
    /// the namespace first (more bind mounts). Without `keepPlymouth`, a Plymouth installed on
    /// the host stays out of the image (its hook and scripts are replaced by empty ones there),
    /// so that Halo alone is the splash, as when Plymouth is not installed.
    static func mkinitramfs(
        _ conf: URL, kernel: GuestKernel, into out: URL, in dir: URL, keepPlymouth: Bool = false, prelude: String = ""
    ) throws -> String {
        let modules = kernel.modules.deletingLastPathComponent()
        let version = modules.lastPathComponent
        let empty = dir.appendingPathComponent("empty-script")
        try "#!/bin/sh\nexit 0\n".write(to: empty, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: empty.path)
        let plymouth = ["hooks/plymouth", "scripts/init-premount/plymouth", "scripts/init-bottom/plymouth", "scripts/panic/plymouth"]
        let hide =
            keepPlymouth
            ? ""
            : plymouth.map { "[ ! -e /usr/share/initramfs-tools/\($0) ] || mount --bind \(empty.path) /usr/share/initramfs-tools/\($0)" }
                .joined(separator: "\n")
        let script = """
            set -e
            mount -t tmpfs none /lib/modules && mkdir /lib/modules/\(version) && mount --bind \(modules.path) /lib/modules/\(version)
            mount -t tmpfs none /usr/local/bin && cp \(QEMUDisplayTests.haloBinary.path) /usr/local/bin/halo
            mount -t tmpfs none /boot && cp \(modules.path)/../../../boot/config-\(version) /boot/
            \(hide)
            \(prelude)
            mkinitramfs -d \(conf.path) -o \(out.path) \(version)
            """
        return try Host.run("unshare", ["--mount", "--propagation", "private", "sh", "-c", script], in: dir)
    }

    @Test(
        "on the real kernel: Halo's splash starts from init-top with the first frame its hook saved, answers the boot scripts' plymouth, moves into the real root at init-bottom, is still on screen and serving after the switch, the same process, and quits cleanly"
    )
    func realBoot() throws {
        let (kernel, _) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("initramfs")
        let initrd = dir.appendingPathComponent("initrd.img")
        let built = try Self.mkinitramfs(try configuration(in: dir), kernel: kernel, into: initrd, in: dir)
        let listing = try Host.run("lsinitramfs", [initrd.path])
        for file in [
            "usr/bin/halo", "usr/bin/plymouth", "etc/halo/board.yaml", "scripts/init-top/halo",
            "usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "etc/halo/halo-logo.png", "etc/halo/board.frame",
        ] {
            #expect(listing.contains(file), "\(file) is in the image; mkinitramfs said: \(built)")
        }
        #expect(listing.contains("bochs.ko"), "the display's driver is in the image")
        let outcome = try GuestRoot.boot(kernel, initrd: initrd, in: dir)
        let context = "\(outcome.reports); console:\n\(outcome.console.suffix(3000))"
        #expect(outcome.report("initramfs-ping") == "0" && outcome.report("initramfs-update") == "0", "\(context)")
        // The hook saved the splash's first frame, and the splash showed it before reading its board.
        #expect(outcome.report("initramfs-saved-frame") == "1", "the first frame saved ahead is shown: \(context)")
        // initramfs-tools' images have no /etc/initrd-release, so neither plymouthd nor Halo marks
        // itself @ there (nothing in them kills what the initramfs started); the same process
        // serves on after the switch, its root moved into the real one at init-bottom.
        #expect(outcome.report("initramfs-pid") != nil && outcome.report("initramfs-pid") == outcome.report("root-pid"), "\(context)")
        #expect(outcome.report("root-moved") == "yes", "the splash reads the real root: \(context)")
        #expect(outcome.report("root-ping") == "0" && outcome.report("root-message") == "0", "\(context)")
        #expect(outcome.report("quit") == "0" && outcome.report("gone") == "yes", "\(context)")
        let pictures = try outcome.pictures(["initramfs", "root"], context: context)
        // The board's boot logo, copied beside /etc/halo/board.yaml by the hook, above the ring.
        #expect(pictures.allSatisfy { $0.logoBlue(inRows: 0..<190) > 100 }, "Halo's logo is on the splash: \(context)")
        let background = pictures[0].rgb[0..<3]
        #expect(pictures[0].rgb.count == 800 * 480 * 3)
        #expect(
            pictures.allSatisfy { p in stride(from: 0, to: p.rgb.count, by: 3).contains { p.rgb[$0..<$0 + 3] != background } },
            "the splash is drawn, in the initramfs and after the switch")
        #expect(pictures[1].differences(from: pictures[0]).count > 0, "the message changed the label")
    }
}
