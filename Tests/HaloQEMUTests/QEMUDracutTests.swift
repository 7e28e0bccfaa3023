// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// A real boot with dracut: a systemd initramfs made by Debian's `dracut` (dracut-core, the
/// host's) with Halo's module from `Sources/halo/install/dracut`, booted with Debian's kernel
/// under QEMU onto a small ext4 root. systemd in the initramfs stops every process it started
/// before the switch to the real root, but those marked `@`: the splash must be one of them.
@Suite(
    "the dracut module: Debian's dracut systemd image booted on a real kernel under QEMU", .serialized,
    .enabled(
        if: QEMUMachine.available && Host.has("dracut") && Host.has("mkfs.ext4") && Host.has("unshare"),
        "needs qemu-system-x86, dracut-core, e2fsprogs and util-linux"))
struct QEMUDracutTests {
    static let install = QEMUDisplayTests.packageRoot.appendingPathComponent("Sources/halo/install")

    /// dracut's modules with Halo's (its units beside it, as the README installs them) and a
    /// module of the test's that reports on the splash from inside the initramfs.
    func modules(in dir: URL) throws -> URL {
        let modules = dir.appendingPathComponent("modules.d")
        let fm = FileManager.default
        _ = try Host.run("cp", ["-a", "/usr/lib/dracut/modules.d", modules.path])
        let halo = modules.appendingPathComponent("90halo")
        try fm.copyItem(at: Self.install.appendingPathComponent("dracut/90halo"), to: halo)
        for unit in ["halo-splash.service", "halo-splash-switch-root.service"] {
            try fm.copyItem(at: Self.install.appendingPathComponent("splash/\(unit)"), to: halo.appendingPathComponent(unit))
        }
        let test = modules.appendingPathComponent("99halotest")
        try fm.createDirectory(at: test, withIntermediateDirectories: true)
        let setup = """
            #!/bin/bash
            check() { return 255; }
            depends() { echo halo; }
            install() {
                inst_multiple stty head pidof sleep cat grep
                inst_simple "$moddir/halo-test.service" "$systemdsystemunitdir/halo-test.service"
                inst_simple "$moddir/halo-test.sh" /usr/bin/halo-test.sh
                mkdir -p "$initdir$systemdsystemunitdir/initrd.target.wants"
                ln_r "$systemdsystemunitdir/halo-test.service" "$systemdsystemunitdir/initrd.target.wants/halo-test.service"
            }

            """
        let unit = """
            [Unit]
            Description=What a boot script does with the splash, reported to the host
            DefaultDependencies=no
            After=halo-splash.service initrd-root-fs.target
            Before=initrd.target
            [Service]
            Type=oneshot
            ExecStart=/bin/sh /usr/bin/halo-test.sh

            """
        let script = """
            stty -F /dev/ttyS1 raw -echo
            exec 3<>/dev/ttyS1
            plymouth --ping; echo "REPORT initramfs-ping $?" >&3
            echo "REPORT initramfs-pid $(pidof halo)" >&3
            echo "REPORT initramfs-mark $(head -c 1 /proc/$(pidof halo)/cmdline)" >&3
            echo "REPORT initramfs-saved-frame $(journalctl -o cat -u halo-splash.service | grep -c 'showed the first frame saved in /etc/halo/board.frame')" >&3
            echo "REPORT initramfs-frame-log $(journalctl -o cat -u halo-splash.service | grep 'first frame saved' | tr -c '[:print:]' ' ' | head -c 800)" >&3
            plymouth update --status="Checking disks"; echo "REPORT initramfs-update $?" >&3
            echo "REPORT initramfs-$(halo ctl --socket /run/halo/halo.sock stats | grep -o 'boot-progress=[0-9a-z]*')" >&3
            halo ctl --socket /run/halo/halo.sock "sync wait" >/dev/null; echo "DUMP initramfs" >&3; read -r answer <&3

            """
        try setup.write(to: test.appendingPathComponent("module-setup.sh"), atomically: true, encoding: .utf8)
        try unit.write(to: test.appendingPathComponent("halo-test.service"), atomically: true, encoding: .utf8)
        try script.write(to: test.appendingPathComponent("halo-test.sh"), atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: test.appendingPathComponent("module-setup.sh").path)
        return modules
    }

    /// dracut run in a mount namespace of its own where its modules, the kernel's modules and the
    /// halo under test sit where they would be installed; the host's are untouched.
    func dracut(_ modules: URL, kernel: GuestKernel, board: String, into out: URL, in dir: URL) throws -> String {
        let kernelModules = kernel.modules.deletingLastPathComponent()
        let version = kernelModules.lastPathComponent
        let conf = dir.appendingPathComponent("dracut.conf.d")
        try FileManager.default.createDirectory(at: conf, withIntermediateDirectories: true)
        try "halo_board=\(board)\n".write(to: conf.appendingPathComponent("halo.conf"), atomically: true, encoding: .utf8)
        let script = """
            set -e
            mount --bind \(modules.path) /usr/lib/dracut/modules.d
            mount -t tmpfs none /lib/modules && mkdir /lib/modules/\(version) && mount --bind \(kernelModules.path) /lib/modules/\(version)
            mount -t tmpfs none /usr/local/bin && cp \(QEMUDisplayTests.haloBinary.path) /usr/local/bin/halo
            # The package's modules as unpacked, without the index its postinst would make.
            [ -e /lib/modules/\(version)/modules.dep ] || depmod \(version)
            DRACUT_PATH="/sbin /bin /usr/sbin /usr/bin /usr/local/bin" dracut --force --no-hostonly --no-early-microcode \\
                --conf /dev/null --confdir \(conf.path) --kver \(version) \\
                --modules "systemd systemd-initrd systemd-udevd kernel-modules rootfs-block udev-rules base fs-lib drm halo halotest" \\
                --add-drivers "virtio_blk virtio_pci ext4 bochs" \(out.path)
            """
        return try Host.run("unshare", ["--mount", "--propagation", "private", "sh", "-c", script], in: dir)
    }

    @Test(
        "Halo's module starts the splash in a systemd initramfs, marked @, it fills with systemd's progress and answers plymouth there, moves into /sysroot before the switch, is spared by systemd, serves on in the real root as the same process, and quits cleanly"
    )
    func realBoot() throws {
        let (kernel, _) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("dracut")
        let initrd = dir.appendingPathComponent("initrd.img")
        let board = QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-bochs.yaml").path
        let built = try dracut(try modules(in: dir), kernel: kernel, board: board, into: initrd, in: dir)
        let listing = try Host.run("lsinitrd", [initrd.path])
        for file in [
            "usr/bin/halo", "usr/bin/plymouth", "etc/halo/board.yaml", "etc/halo/halo-logo.png", "etc/halo/board.frame",
            "halo-splash.service",
            "halo-splash-switch-root.service",
        ] {
            #expect(listing.contains(file), "\(file) is in the image; dracut said: \(built)")
        }
        let outcome = try GuestRoot.boot(kernel, initrd: initrd, in: dir)
        let context = "\(outcome.reports); console:\n\(outcome.console.suffix(3000))"
        #expect(outcome.report("initramfs-ping") == "0" && outcome.report("initramfs-update") == "0", "\(context)")
        #expect(outcome.report("initramfs-mark") == "@", "a systemd initramfs has /etc/initrd-release: \(context)")
        #expect(outcome.report("initramfs-saved-frame") == "1", "the first frame the module saved is shown: \(context)")
        let progress = outcome.reports.first { $0.hasPrefix("initramfs-boot-progress=") }.flatMap { Int($0.dropFirst(24)) }
        #expect(progress.map { (1...100).contains($0) } == true, "the splash follows systemd's progress in the initramfs: \(context)")
        #expect(outcome.report("initramfs-pid") != nil && outcome.report("initramfs-pid") == outcome.report("root-pid"), "\(context)")
        #expect(outcome.report("root-moved") == "yes" && outcome.report("root-ping") == "0", "\(context)")
        #expect(outcome.report("quit") == "0" && outcome.report("gone") == "yes", "\(context)")
        let pictures = try outcome.pictures(["initramfs", "root"], context: context)
        // The board's boot logo, copied beside /etc/halo/board.yaml by the hook, above the ring.
        #expect(pictures.allSatisfy { $0.logoBlue(inRows: 0..<190) > 100 }, "Halo's logo is on the splash: \(context)")
        #expect(pictures[1].differences(from: pictures[0]).count > 0, "the splash drawn on, its label changed")
    }
}
