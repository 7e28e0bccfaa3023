// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// The boot splash on a real kernel under QEMU.
@Suite(
    "Plymouth mode on a real kernel under QEMU", .serialized,
    .enabled(if: QEMUMachine.available, "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"))
struct QEMUPlymouthTests {
    @Test(
        "started inside an initramfs (/etc/initrd-release), halo run --plymouth marks its command line @, as plymouthd does, so systemd spares it at the switch to the real root; outside one it does not"
    )
    func rootStorageDaemon() throws {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-plymouth-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let scenario = """
            echo 'ID=halo-test' > /etc/initrd-release
            halo run --board qemu-bochs --socket /run/halo.sock --plymouth 2>/tmp/log &
            daemon=$!
            wait_for /run/halo.sock
            report inside $(head -c 1 /proc/$daemon/cmdline)
            kill $daemon; wait $daemon
            rm /etc/initrd-release
            halo run --board qemu-bochs --socket /run/halo2.sock --plymouth 2>>/tmp/log &
            daemon=$!
            wait_for /run/halo2.sock
            report outside $(head -c 1 /proc/$daemon/cmdline)
            kill $daemon; wait $daemon
            report log $(tr '\\n' '|' < /tmp/log)
            """
        let initrd = try image.with(scenario: scenario, at: dir.appendingPathComponent("initrd.cpio"))
        let outcome = try QEMUMachine(
            kernel: kernel.vmlinux, initrd: initrd, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir
        ).boot()
        #expect(outcome.report("inside") == "@", "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
        #expect(outcome.report("outside") == "h", "\(outcome.reports)")
    }
}
