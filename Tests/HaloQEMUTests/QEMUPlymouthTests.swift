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

    @Test(
        "a disk's passphrase typed on a real kernel's keyboard: Debian's plymouth asks, keys go through the VT's terminal to Halo's prompt (dots drawn, Backspace erases), plymouth prints the answer, and the terminal's settings are put back"
    )
    func passwordOnTheConsole() throws {
        let dir = try QEMUInputTests.scratch("password")
        let files = try Self.plymouthFiles()
        // h a l o x, Backspace, 4 2, Enter: KEY_H 35, KEY_A 30, KEY_L 38, KEY_O 24, KEY_X 45,
        // KEY_BACKSPACE 14, KEY_4 5, KEY_2 3, KEY_ENTER 28 (<linux/input-event-codes.h>).
        let keys = [35, 30, 38, 24, 45, 14, 5, 3].map { "echo 'key \($0)' >&4" }.joined(separator: "; ")
        // Each step waits for a state it can see (the keyboard plugged in, the question on
        // screen, the daemon's count of characters typed), never for a fixed time: the person
        // types through a FIFO once Halo has the question up.
        let scenario = """
            chmod 755 /bin/plymouth
            halo run --board qemu-bochs --socket /run/halo.sock --plymouth 2>/tmp/log &
            daemon=$!
            wait_for /run/halo.sock
            stats() { halo ctl --socket /run/halo.sock stats | grep -q "$1"; }
            terminal() { stty -F /dev/tty1 -a | grep -q -- " $1"; }
            mkfifo /tmp/person
            uinput-person - < /tmp/person &
            exec 4>/tmp/person
            wait_until "the keyboard plugged in" grep -q "Halo test keyboard" /proc/bus/input/devices
            LD_LIBRARY_PATH=/lib plymouth ask-for-password --prompt='Passphrase for disk root' > /tmp/answer &
            asker=$!
            wait_until "the question on screen" stats prompt-shown=1
            halo ctl --socket /run/halo.sock sync >/dev/null; dump asked
            report raw $(stty -F /dev/tty1 -a | grep -o -- '-*icanon')
            \(keys)
            wait_until "six characters typed" stats prompt-typed=6
            halo ctl --socket /run/halo.sock sync >/dev/null; dump typed
            echo 'key 28' >&4
            wait $asker
            report status $?
            report answer $(cat /tmp/answer)
            wait_until "the question gone" stats prompt-shown=0
            halo ctl --socket /run/halo.sock sync >/dev/null; dump answered
            wait_until "the terminal's settings back" terminal icanon
            report restored $(stty -F /dev/tty1 -a | grep -o -- '-*icanon')
            exec 4>&-
            kill $daemon; wait $daemon
            report log $(tr '\n' '|' < /tmp/log)

            """
        let outcome = try QEMUInputTests.bootWithPerson(scenario, files: files, in: dir)
        #expect(
            outcome.report("status") == "0" && outcome.report("answer") == "halo42" && outcome.report("never") == nil,
            "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
        #expect(
            outcome.report("raw") == "-icanon" && outcome.report("restored") == "icanon",
            "read raw while asked, then as it was: \(outcome.reports)")
        let pictures = try outcome.pictures(["asked", "typed", "answered"], context: "\(outcome.reports)")
        // Left of the field inside the 480 px box centred on the 800 px panel: the box's white
        // while asked; the splash's background once answered.
        func pixel(_ p: Picture, _ x: Int, _ y: Int) -> [UInt8] { Array(p.rgb[(y * p.width + x) * 3..<(y * p.width + x) * 3 + 3]) }
        #expect(pixel(pictures[0], 170, 240) == [255, 255, 255] && pixel(pictures[2], 170, 240) != [255, 255, 255])
        // Six characters typed when the second picture was taken: dots in the field's row that
        // the first picture did not have.
        #expect(pictures[1].differences(from: pictures[0]).count > 0, "dots appeared as keys were typed")
    }

    /// Debian's `plymouth` and its library for the guest: `/bin/plymouth`, run with
    /// `LD_LIBRARY_PATH=/lib` (the C library is the one `halo` brought).
    static func plymouthFiles() throws -> [(String, [UInt8])] {
        let cli = try DebianPlymouth.unpacked(packageRoot: QEMUDisplayTests.packageRoot)
        return [
            ("bin/plymouth", Array(try Data(contentsOf: cli.appendingPathComponent("usr/bin/plymouth")))),
            ("lib/libply.so.5", Array(try Data(contentsOf: cli.appendingPathComponent(DebianPlymouth.libraryDirectory + "/libply.so.5")))),
        ]
    }

    @Test(
        "update-root-fs --new-root-dir moves the initramfs splash into the real root (its /proc root follows), and a second halo run --plymouth finds the splash running and exits 0 without touching the screen"
    )
    func newRootAndSecondSplash() throws {
        let dir = try QEMUInputTests.scratch("newroot")
        let scenario = """
            chmod 755 /bin/plymouth
            echo 'ID=halo-test' > /etc/initrd-release
            mkdir -p /newroot && mount -t tmpfs none /newroot && mkdir /newroot/etc /newroot/tmp
            halo run --board qemu-bochs --socket /run/halo.sock --plymouth 2>/tmp/log &
            daemon=$!
            wait_for /run/halo.sock
            LD_LIBRARY_PATH=/lib plymouth update-root-fs --new-root-dir=/nowhere
            report bad-root $(ls -l /proc/$daemon/root | grep -o -- '-> .*')
            LD_LIBRARY_PATH=/lib plymouth update-root-fs --new-root-dir=/newroot
            report status $?
            report root $(ls -l /proc/$daemon/root | grep -o -- '-> .*')
            halo run --board qemu-bochs --socket /run/halo2.sock --plymouth 2>/tmp/second
            report second $?
            report second-socket $(ls /run/halo2.sock 2>/dev/null | wc -l)
            LD_LIBRARY_PATH=/lib plymouth --ping
            report ping $?
            kill $daemon; wait $daemon
            report log $(tr '\\n' '|' < /tmp/log)
            report second-log $(tr '\\n' '|' < /tmp/second)

            """
        let outcome = try QEMUInputTests.bootWithPerson(scenario, files: try Self.plymouthFiles(), in: dir)
        #expect(outcome.report("bad-root") == "-> /", "a path with no root file system is refused: \(outcome.reports)")
        #expect(
            outcome.report("status") == "0" && outcome.report("root") == "-> /newroot",
            "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
        #expect(outcome.report("second") == "0" && outcome.report("second-socket") == "0", "\(outcome.reports)")
        #expect(outcome.report("second-log")?.contains("already serves") == true && outcome.report("ping") == "0", "\(outcome.reports)")
    }

    @Test(
        "a DRM driver that loads after the splash starts: halo run --plymouth waits for it (up to 8 s, said in the log) instead of failing, and draws on it once it is there"
    )
    func lateDriver() throws {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("late-driver")
        let scenario = """
            halo run --board qemu-bochs --socket /run/halo.sock --plymouth 2>/tmp/log &
            daemon=$!
            # The driver loads once halo has said it waits (10 s at most), not after a fixed
            # time: on a busy host the emulated machine may take longer than that to start it.
            i=0; while ! grep -q "waiting up to" /tmp/log 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i+1)); done
            report before $(ls /dev/dri 2>/dev/null | wc -l) $(ls /run/halo.sock 2>/dev/null | wc -l)
            insmod /lib/modules/bochs.ko
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump late
            report alive $(kill -0 $daemon 2>/dev/null && echo yes)
            kill $daemon; wait $daemon
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let initrd = try image.with(
            scenario: scenario, files: [("skip-modules", Array("bochs\n".utf8))], at: dir.appendingPathComponent("initrd.cpio"))
        let outcome = try QEMUMachine(
            kernel: kernel.vmlinux, initrd: initrd, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir
        ).boot()
        let context = "\(outcome.reports); console:\n\(outcome.console.suffix(1500))"
        #expect(outcome.report("before") == "0 0", "no card and no splash yet: \(context)")
        #expect(outcome.report("alive") == "yes", "it waited instead of failing: \(context)")
        #expect(outcome.report("log")?.contains("waiting up to 8 s for the display's driver") == true, "\(context)")
        let picture = try outcome.pictures(["late"], context: context)[0]
        let background = picture.rgb[0..<3]
        #expect(stride(from: 0, to: picture.rgb.count, by: 3).contains { picture.rgb[$0..<$0 + 3] != background }, "the splash is drawn")
    }
}
