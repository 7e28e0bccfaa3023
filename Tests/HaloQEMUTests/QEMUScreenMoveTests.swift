// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// A splash that starts on the firmware's framebuffer and moves to the GPU's own driver when it
/// loads, on a real kernel under QEMU.
@Suite(
    "The screen's driver arriving late, on a real kernel under QEMU", .serialized,
    .enabled(if: QEMUMachine.available, "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"))
struct QEMUScreenMoveTests {
    @Test(
        "on the real kernel: halo run starts on vesafb (the bzImage booted with vga=0x315), and when bochs is loaded while a spinner turns it moves to /dev/dri/card0 in the same process, the picture the same but for the spinner's turn"
    )
    func firmwareFramebufferToDrm() throws {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("screen-move")
        let scenario = """
            halo run --board qemu-vga-splash --socket /run/halo.sock --show 'show s spinner label=Starting' 2>/tmp/log &
            daemon=$!
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock show p linear label=Loading
            halo ctl --socket /run/halo.sock progress p 0.4
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            report fb $(cat /sys/class/graphics/fb0/name) $(cat /sys/class/graphics/fb0/bits_per_pixel) $(ls /dev/dri 2>/dev/null | wc -l)
            dump firmware
            insmod /lib/modules/bochs.ko
            wait_for /dev/dri/card0
            wait_until "the move to the native driver" sh -c "halo ctl --socket /run/halo.sock stats | tr ' ' '\\n' | grep -qx screen-moves=1"
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            dump native
            report alive $(kill -0 $daemon 2>/dev/null && echo yes)
            report stats $(halo ctl --socket /run/halo.sock stats)
            kill $daemon; wait $daemon
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let initrd = try image.with(
            scenario: scenario, files: [("skip-modules", Array("bochs\n".utf8))], at: dir.appendingPathComponent("initrd.cpio"))
        var machine = QEMUMachine(
            kernel: kernel.bzImage, initrd: initrd, device: ["-device", "VGA,xres=800,yres=600"], directory: dir)
        machine.append = "console=ttyS0 panic=-1 quiet vga=0x315"
        let outcome = try machine.boot()
        let context = "\(outcome.reports); console:\n\(outcome.console.suffix(1500))"
        #expect(outcome.report("fb") == "VESA VGA 24 0", "the firmware's framebuffer and no DRM card at first: \(context)")
        #expect(outcome.report("alive") == "yes", "the same daemon throughout: \(context)")
        let log = outcome.report("log") ?? ""
        #expect(log.contains("fbdev /dev/fb0 800x600"), "started on vesafb: \(context)")
        #expect(log.contains("went away; drawing nowhere until"), "bochs took vesafb away first: \(context)")
        #expect(log.contains("drawing on /dev/dri/card0 Virtual-1 800x600"), "then the card, in the same size: \(context)")
        #expect(outcome.report("stats")?.contains("screen-moves=1") == true, "\(context)")
        let pictures = try outcome.pictures(["firmware", "native"], context: context)
        let (before, after) = (pictures[0], pictures[1])
        #expect(before.width == 800 && before.height == 600 && after.width == 800 && after.height == 600, "\(context)")
        let background = before.rgb[0..<3]
        #expect(stride(from: 0, to: before.rgb.count, by: 3).contains { before.rgb[$0..<$0 + 3] != background }, "drawn on vesafb")
        // Only the spinner may differ: the rest (label, bar, its 40 %) is the same picture.
        let changed = Self.changedBox(before, after)
        #expect(changed != nil, "the spinner turned between the pictures")
        if let changed {
            #expect(changed.width <= 64 && changed.height <= 64, "only a spinner-sized box changed: \(changed); \(context)")
        }
    }

    @Test(
        "on the real kernel: a boot splash whose saved first frame finds no DRM card waits for bochs, and shows that frame the moment it opens the card, before its own first frame"
    )
    func savedFrameWaitsForTheCard() throws {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("saved-frame-late")
        // The frame as the initramfs hook saves it, for the board and the logo the guest gets.
        let boards = QEMUDisplayTests.packageRoot.appendingPathComponent("Boards")
        let board = try GuestImage.bytes(boards.appendingPathComponent("qemu-bochs.yaml").path)
        let logo = try GuestImage.bytes(boards.appendingPathComponent("halo-logo.png").path)
        try Data(board).write(to: dir.appendingPathComponent("splash.yaml"))
        try Data(logo).write(to: dir.appendingPathComponent("halo-logo.png"))
        let frame = dir.appendingPathComponent("splash.frame")
        _ = try Host.run(
            QEMUDisplayTests.haloBinary.path,
            ["run", "--plymouth", "--board", dir.appendingPathComponent("splash.yaml").path, "--save-first-frame", frame.path])
        let scenario = """
            HALO_START_TRACE=1 halo run --plymouth --board /splash.yaml --socket /run/halo.sock 2>/tmp/log &
            daemon=$!
            # The driver comes once the splash has looked for the card and found none.
            n=0
            while ! grep -q 'waits for the screen' /tmp/log && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
            report cards $(ls /dev/dri 2>/dev/null | wc -l)
            insmod /lib/modules/bochs.ko
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            report alive $(kill -0 $daemon 2>/dev/null && echo yes)
            kill $daemon; wait $daemon
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let initrd = try image.with(
            scenario: scenario,
            files: [
                ("skip-modules", Array("bochs\n".utf8)), ("splash.yaml", board), ("halo-logo.png", logo),
                ("splash.frame", try GuestImage.bytes(frame.path)),
            ], at: dir.appendingPathComponent("initrd.cpio"))
        let machine = QEMUMachine(
            kernel: kernel.bzImage, initrd: initrd, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir)
        let outcome = try machine.boot()
        let context = "\(outcome.reports); console:\n\(outcome.console.suffix(1500))"
        #expect(outcome.report("cards") == "0", "no DRM card while the splash starts: \(context)")
        #expect(outcome.report("alive") == "yes", "\(context)")
        let log = outcome.report("log") ?? ""
        #expect(log.contains("the first frame saved in /splash.frame waits for the screen"), "\(context)")
        #expect(log.contains("showed the first frame saved in /splash.frame"), "shown once the card came: \(context)")
        // The saved frame goes up before the font is loaded and the daemon's own first frame.
        let order = ["first frame saved ahead shown", "font loaded", "halo start: first frame:"].map { log.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!, "\(context)")
    }

    /// The smallest box holding every pixel that differs, or nil when none does.
    static func changedBox(_ a: Picture, _ b: Picture) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard a.width == b.width, a.height == b.height else { return (0, 0, max(a.width, b.width), max(a.height, b.height)) }
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<a.height {
            for x in 0..<a.width {
                let i = (y * a.width + x) * 3
                if a.rgb[i..<i + 3] != b.rgb[i..<i + 3] {
                    minX = min(minX, x)
                    minY = min(minY, y)
                    maxX = max(maxX, x)
                    maxY = max(maxY, y)
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}
