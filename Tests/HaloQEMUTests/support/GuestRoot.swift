// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The real root a test initramfs switches to: a small ext4 image (label `haloroot`) with
/// busybox, the halo under test with its libraries (and linked as `plymouth`), and an
/// /sbin/init that reports on the splash that came through the switch, then quits it.
enum GuestRoot {
    /// The image, made in `dir`.
    static func image(in dir: URL) throws -> URL {
        let root = dir.appendingPathComponent("root")
        let fm = FileManager.default
        for d in ["bin", "sbin", "dev", "proc", "sys", "run", "tmp", "etc", "usr/bin"] {
            try fm.createDirectory(at: root.appendingPathComponent(d), withIntermediateDirectories: true)
        }
        // systemd switches only into an operating system's tree: one with an os-release.
        try "ID=halo-test\nNAME=\"Halo test root\"\n".write(
            to: root.appendingPathComponent("etc/os-release"), atomically: true, encoding: .utf8)
        try fm.copyItem(atPath: GuestImage.busybox, toPath: root.appendingPathComponent("bin/busybox").path)
        for applet in ["sh", "mount", "cat", "echo", "ls", "head", "stty", "pidof", "sleep", "poweroff", "grep", "tr", "sync"] {
            try fm.createSymbolicLink(atPath: root.appendingPathComponent("bin/\(applet)").path, withDestinationPath: "busybox")
        }
        try fm.copyItem(at: QEMUDisplayTests.haloBinary, to: root.appendingPathComponent("usr/bin/halo"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("usr/bin/plymouth").path, withDestinationPath: "halo")
        for library in try GuestImage.libraries(of: QEMUDisplayTests.haloBinary) {
            let target = root.appendingPathComponent(String(library.dropFirst()))
            try fm.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !fm.fileExists(atPath: target.path) {
                try fm.copyItem(at: URL(fileURLWithPath: library).resolvingSymlinksInPath(), to: target)
            }
        }
        let initScript = """
            #!/bin/sh
            export PATH=/bin:/usr/bin
            stty -F /dev/ttyS1 raw -echo
            exec 3<>/dev/ttyS1
            report() { echo "REPORT $*" >&3; }
            splash=$(pidof halo)
            report root-pid $splash
            report root-mark $(head -c 1 /proc/$splash/cmdline)
            report root-moved $([ -e /proc/$splash/root/sbin/init ] && echo yes || echo no)
            plymouth --ping; report root-ping $?
            plymouth display-message --text="Root mounted"; report root-message $?
            sleep 1; echo "DUMP root" >&3; read -r answer <&3
            plymouth quit; report quit $?
            i=0; while [ -e /proc/$splash ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i+1)); done
            report gone $([ -e /proc/$splash ] && echo no || echo yes)
            report log $(tr '\\n' '|' < /run/halo/initramfs.log)
            echo END >&3
            read -r -t 5 answer <&3
            sync
            poweroff -f

            """
        let initFile = root.appendingPathComponent("sbin/init")
        try initScript.write(to: initFile, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: initFile.path)
        let image = dir.appendingPathComponent("root.img")
        _ = try Host.run("mkfs.ext4", ["-q", "-F", "-L", "haloroot", "-d", root.path, image.path, "128M"])
        return image
    }

    /// Boots Debian's kernel with `initrd` onto a root made here, on an 800x480 bochs display.
    static func boot(_ kernel: GuestKernel, initrd: URL, in dir: URL) throws -> QEMUMachine.Outcome {
        var machine = QEMUMachine(
            kernel: kernel.vmlinux, initrd: initrd, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir)
        machine.append = "root=LABEL=haloroot rw console=ttyS0 panic=-1 quiet"
        machine.extra = ["-drive", "file=\(try image(in: dir).path),format=raw,if=virtio"]
        return try machine.boot()
    }
}

extension QEMUMachine.Outcome {
    /// The screendumps `names`, in order; an error names the first that was not taken.
    func pictures(_ names: [String], context: String) throws -> [Picture] {
        try names.map { name in
            guard let url = dumps[name] else { throw Host.Failure(description: "no dump \(name): \(context)") }
            return try Picture(ppm: url)
        }
    }
}
