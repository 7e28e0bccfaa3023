// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// Halo on a real Linux kernel: Debian's kernel boots under QEMU with a busybox initramfs,
/// `halo run` drives QEMU's virtual GPUs through the kernel's DRM and fbdev drivers, and what
/// the display scans out (QMP screendump) must be byte-identical to the mock backend's frame
/// of the same commands on the same board.
@Suite(
    "real kernel under QEMU", .serialized,
    .enabled(if: QEMUMachine.available, "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"))
struct QEMUDisplayTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    /// The kernel and base image, prepared once for every test of the run.
    static let prepared: Result<(GuestKernel, GuestImage), Host.Failure> = {
        do {
            let cache = packageRoot.appendingPathComponent(".build/qemu-guest")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            let kernel = try GuestKernel.prepare(cache: cache)
            let image = try GuestImage.build(
                halo: haloBinary, kernel: kernel, packageRoot: packageRoot, into: cache.appendingPathComponent("base.cpio"))
            return .success((kernel, image))
        } catch let e as Host.Failure {
            return .failure(e)
        } catch {
            return .failure(Host.Failure(description: "\(error)"))
        }
    }()

    /// The `halo` built beside this test bundle, or the one `HALO_QEMU_HALO` names (a release
    /// build, for the published figures).
    static var haloBinary: URL {
        if let path = ProcessInfo.processInfo.environment["HALO_QEMU_HALO"] { return URL(fileURLWithPath: path) }
        let dir = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [dir.appendingPathComponent("halo"), Bundle.main.bundleURL.appendingPathComponent("halo")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("halo")
    }

    static let show = #"show dl circular label="Downloading update" value=0.61"#
    static let succeed = #"succeed dl "Update installed" persist"#

    func boot(_ name: String, device: [String], scenario: String) throws -> (QEMUMachine.Outcome, URL) {
        let (kernel, image) = try Self.prepared.get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let initrd = try image.with(scenario: scenario, at: dir.appendingPathComponent("initrd.cpio"))
        let machine = QEMUMachine(kernel: kernel.vmlinux, initrd: initrd, device: device, directory: dir)
        return (try machine.boot(), dir)
    }

    /// The mock backend's frame for `commands` on `board`, long after the last one (settled).
    func mockFrame(_ commands: [String], board: String, in dir: URL) throws -> Picture {
        try Picture(png: try mockReplay(commands, board: board, in: dir).appendingPathComponent("5000.png"))
    }

    /// `halo replay` of `commands` on `board` at 5000 ms: the folder with its frame (and the
    /// ring's `leds.txt`, `spi.txt` or `gpio.txt` where the board has one).
    func mockReplay(_ commands: [String], board: String, in dir: URL) throws -> URL {
        let script = dir.appendingPathComponent("reference-\(UUID().uuidString.prefix(8)).halo")
        try commands.enumerated().map { "@\($0.offset * 100) \($0.element)" }.joined(separator: "\n").write(
            to: script, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("reference-\(UUID().uuidString.prefix(8))")
        var env = ProcessInfo.processInfo.environment
        env["HALO_BOARDS"] = Self.packageRoot.appendingPathComponent("Boards").path
        let r = try ChildProcess.run(
            [Self.haloBinary.path, "replay", script.path, "--board", board, "--at", "5000", "--out", out.path], environment: env)
        #expect(r.status == 0, "\(r)")
        return out
    }

    func expectSame(_ outcome: QEMUMachine.Outcome, dump: String, as reference: Picture, _ what: String) throws {
        guard let file = outcome.dumps[dump] else {
            Issue.record("no screendump \(dump); console:\n\(outcome.console.suffix(2000))")
            return
        }
        let shown = try Picture(ppm: file)
        #expect(
            shown.width == reference.width && shown.height == reference.height,
            "\(what): scanned out \(shown.width)x\(shown.height), mock \(reference.width)x\(reference.height)")
        let d = shown.differences(from: reference)
        #expect(
            d.count == 0,
            "\(what): \(d.count) pixels differ from the mock frame, first at \(String(describing: d.first)); console:\n\(outcome.console.suffix(1500))"
        )
    }

    @Test("DRM on bochs (XRGB8888, mode 800x480 from the board): the screen shows the mock's exact frames")
    func bochsFrames() throws {
        let scenario = """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock \(Self.show)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump progress
            halo ctl --socket /run/halo.sock \(Self.succeed)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump success
            report stats $(halo ctl --socket /run/halo.sock stats)
            """
        let (outcome, dir) = try boot("bochs", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        try expectSame(outcome, dump: "progress", as: try mockFrame([Self.show], board: "qemu-bochs", in: dir), "determinate circular")
        try expectSame(
            outcome, dump: "success", as: try mockFrame([Self.show, Self.succeed], board: "qemu-bochs", in: dir), "success state")
        let stats = outcome.report("stats") ?? ""
        #expect(stats.hasPrefix("ok frames=") && !stats.hasPrefix("ok frames=0 "), "stats: \(stats)")
    }

    @Test("DRM on virtio-gpu (manual update through DirtyFB), rotated 90 by the board: the screen shows the mock's frame")
    func virtioRotated() throws {
        let scenario = """
            halo run --board qemu-virtio --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock \(Self.show)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump progress
            """
        let (outcome, dir) = try boot("virtio", device: ["-device", "virtio-gpu-pci,xres=800,yres=480"], scenario: scenario)
        try expectSame(
            outcome, dump: "progress", as: try mockFrame([Self.show], board: "qemu-virtio", in: dir), "rotated circular on virtio-gpu")
    }

    @Test(
        "fbdev on cirrus (RGB565 from the driver's bitfields): the screen shows the mock's frame; a pan board on its single page is refused; a board naming the DRM card draws on that card's framebuffer; a crash gives the console back"
    )
    func cirrusFbdev() throws {
        let scenario = """
            halo run --board qemu-cirrus --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock \(Self.show)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump progress
            """
        let (outcome, dir) = try boot(
            "cirrus", device: ["-device", "cirrus-vga"],
            scenario: scenario + "\n" + Self.panRefusal + "\n" + Self.byCard + "\n" + Self.crash)
        let reference = try mockFrame([Self.show], board: "qemu-cirrus", in: dir)
        try expectSame(outcome, dump: "progress", as: reference, "circular on cirrus fbdev")
        try expectSame(outcome, dump: "after-refusal", as: reference, "the running daemon's frame after a refused pan board")
        #expect(outcome.report("pan-refused") == "1", "pan on a framebuffer with one page must exit 1: \(outcome.reports)")
        let message = outcome.report("pan-message") ?? ""
        #expect(
            message.contains("cannot double-buffer") && message.contains("screen.pan: no"),
            "the refusal must say why and what to change: \(message)")
        #expect(outcome.report("card-framebuffers") == "fb0", "sysfs: \(outcome.reports)")
        try expectSame(outcome, dump: "by-card", as: reference, "circular on cirrus fbdev, the board naming /dev/dri/card0")
        #expect(outcome.report("crash-status") == "\(128 + SIGSEGV)", "the daemon must still die of the fault: \(outcome.reports)")
        if let file = outcome.dumps["after-crash"] {
            // Back in text mode, the console repaints the whole screen (black, a few lines of
            // text); left in graphics mode, the screen would still show the daemon's frame.
            let d = try Picture(ppm: file).differences(from: reference)
            #expect(
                d.count > reference.width * reference.height / 2,
                "after the crash the screen still shows the daemon's frame: \(d.count) pixels differ")
        } else {
            Issue.record("no screendump after-crash; console:\n\(outcome.console.suffix(2000))")
        }
    }

    /// The daemon dies of a fault (SIGSEGV sent from outside, as a bad access would raise it):
    /// the console must be back in text mode, and the daemon dead of that signal.
    static let crash = """
        pid=$(pidof halo)
        kill -SEGV $pid
        wait $pid; report crash-status $?
        sleep 1; dump after-crash
        """

    /// The same board naming the DRM card instead of the framebuffer: fbdev must find the
    /// card's emulated framebuffer through sysfs. Run after the first daemon has stopped and
    /// its picture is wiped, so only a daemon that found the right device can pass.
    static let byCard = """
        kill $(pidof halo)
        wait_until "the first daemon gone" sh -c '! pidof halo'
        dd if=/dev/zero of=/dev/fb0 bs=65536 2>/dev/null
        awk '{ print } /^screen:$/ { print "  device: /dev/dri/card0" }' /etc/halo/boards/qemu-cirrus.yaml > /tmp/card.yaml
        report card-framebuffers $(ls /sys/class/drm/card0/device/graphics)
        halo run --board /tmp/card.yaml --socket /run/card.sock 2>/dev/ttyS0 &
        wait_for /run/card.sock
        halo ctl --socket /run/card.sock \(show)
        halo ctl --socket /run/card.sock "sync wait" >/dev/null; dump by-card
        """

    /// A cirrus board with `screen.pan: yes`. Pixel-exact panning is not tested here: with
    /// `drm_kms_helper.drm_fbdev_overalloc=200` (and 640x480, as cirrus caps the surface at 1024
    /// rows) the pan is accepted, but the screen shows a page before DRM's fbdev emulation has
    /// copied its last rows, in about half of the runs. That is why pan is a board option,
    /// off by default; its page logic is tested on a paged memory framebuffer.
    static let panBoard = """
        name: qemu-cirrus-pan
        display: fbdev
        screen:
          width: 640
          height: 480
          format: RGB565
          pan: yes
        policy:
          show-delay-ms: 0
          min-visible-ms: 0
        """

    /// Run in the default cirrus guest, whose fbdev has one page: pan is refused at start,
    /// and the daemon already running is not disturbed.
    static let panRefusal = """
        cat > /tmp/pan.yaml <<'BOARD'
        \(panBoard)
        BOARD
        halo run --board /tmp/pan.yaml --socket /run/pan.sock 2>/tmp/pan.err
        report pan-refused $?
        report pan-message $(cat /tmp/pan.err)
        halo ctl --socket /run/halo.sock sync; dump after-refusal
        """

    /// A board that asks for 640x480 on a device whose preferred mode is 800x480.
    static let vgaBoard = """
        name: qemu-bochs-640
        display: drm
        screen:
          width: 640
          height: 480
          mode: 640x480
        policy:
          show-delay-ms: 0
          min-visible-ms: 0
        """

    @Test(
        "DRM master: a second daemon is refused with the fix; release leaves the frame; a waiting daemon takes over; adopt redraws; the board's mode is set"
    )
    func masterHandoff() throws {
        let scenario = """
            cat > /tmp/vga.yaml <<'BOARD'
            \(Self.vgaBoard)
            BOARD
            halo run --board qemu-bochs --socket /run/a.sock 2>/dev/ttyS0 &
            wait_for /run/a.sock
            halo ctl --socket /run/a.sock \(Self.show)
            halo ctl --socket /run/a.sock "sync wait" >/dev/null; dump first
            halo run --board qemu-bochs --socket /run/b.sock 2>/tmp/b.err
            report refused $?
            report message $(cat /tmp/b.err)
            halo run --board qemu-bochs --display auto --socket /run/c.sock 2>/tmp/c.err
            report auto-refused $?
            report auto-message $(cat /tmp/c.err)
            report a-after-refusal $(halo ctl --socket /run/a.sock stats)
            report release $(halo ctl --socket /run/a.sock release)
            dump released
            halo run --board /tmp/vga.yaml --socket /run/b.sock --wait-master 10 2>/dev/ttyS0 &
            B=$!
            wait_for /run/b.sock
            halo ctl --socket /run/b.sock show other linear value=50%
            halo ctl --socket /run/b.sock "sync wait" >/dev/null; dump second
            kill $B; wait $B
            report adopt $(halo ctl --socket /run/a.sock adopt)
            halo ctl --socket /run/a.sock sync; dump adopted
            """
        let (outcome, dir) = try boot("master", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        let first = try mockFrame([Self.show], board: "qemu-bochs", in: dir)
        try expectSame(outcome, dump: "first", as: first, "first daemon")
        #expect(outcome.report("refused") == "1", "a second daemon on a held card must exit 1: \(outcome.reports)")
        let message = outcome.report("message") ?? ""
        #expect(
            message.contains("DRM master") && message.contains("--wait-master"),
            "the refusal must say what holds the card and what to do: \(message)")
        // auto must not fall back to the fbdev emulation underneath the master's holder.
        #expect(
            outcome.report("auto-refused") == "1" && outcome.report("auto-message")?.contains("DRM master") == true, "\(outcome.reports)")
        #expect(
            outcome.report("a-after-refusal")?.hasPrefix("ok frames=") == true, "the first daemon must not be disturbed: \(outcome.reports)"
        )
        #expect(outcome.report("release") == "ok")
        try expectSame(outcome, dump: "released", as: first, "frame left on screen after release")
        let vga = dir.appendingPathComponent("qemu-bochs-640.yaml")
        try Self.vgaBoard.write(to: vga, atomically: true, encoding: .utf8)
        try expectSame(
            outcome, dump: "second", as: try mockFrame(["show other linear value=50%"], board: vga.path, in: dir),
            "second daemon at the board's 640x480")
        #expect(outcome.report("adopt") == "ok")
        try expectSame(outcome, dump: "adopted", as: first, "first daemon after adopt")
    }

    @Test("daemon survives bad clients (1 MB line, flood, silent and vanished clients) in the guest; the picture is untouched")
    func badClients() throws {
        let scenario = """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock \(Self.show)
            head -c 1048576 /dev/zero | tr '\\0' x | halo ctl --socket /run/halo.sock - > /dev/null 2>&1
            report long-line $?
            (sleep 30) | halo ctl --socket /run/halo.sock - &
            SILENT=$!
            yes 'progress nosuch 50%' | head -n 5000 | halo ctl --socket /run/halo.sock - > /dev/null 2>&1 &
            FLOOD=$!
            sleep 1; kill $FLOOD; kill $SILENT
            report stats $(halo ctl --socket /run/halo.sock stats)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump after
            """
        let (outcome, dir) = try boot("clients", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        #expect(outcome.report("long-line") == "1", "a 1 MB line must be refused: \(outcome.reports)")
        #expect(outcome.report("stats")?.hasPrefix("ok frames=") == true, "the daemon must still answer: \(outcome.reports)")
        try expectSame(outcome, dump: "after", as: try mockFrame([Self.show], board: "qemu-bochs", in: dir), "picture after bad clients")
    }

    @Test(
        "without root: refused with the fix while the card is root's; with the video group (as the udev rule sets) it draws, releases and adopts"
    )
    func withoutRoot() throws {
        let scenario = """
            printf 'root:x:0:0::/:/bin/sh\\nhalo:x:1000:1000::/:/bin/sh\\n' > /etc/passwd
            printf 'root:x:0:\\nvideo:x:44:halo\\nhalo:x:1000:\\n' > /etc/group
            mkdir -p /run/h; chown 1000:1000 /run/h
            chown root:root /dev/dri/card0; chmod 600 /dev/dri/card0
            su -s /bin/sh halo -c 'halo run --board qemu-bochs --socket /run/h/halo.sock' 2>/tmp/denied.err
            report denied $?
            report denied-message $(cat /tmp/denied.err)
            chgrp 44 /dev/dri/card0; chmod 660 /dev/dri/card0
            su -s /bin/sh halo -c 'halo run --board qemu-bochs --socket /run/h/halo.sock' 2>/dev/ttyS0 &
            wait_for /run/h/halo.sock
            report owner $(ls -ln /run/h/halo.sock)
            halo ctl --socket /run/h/halo.sock \(Self.show)
            halo ctl --socket /run/h/halo.sock "sync wait" >/dev/null; dump first
            report release $(halo ctl --socket /run/h/halo.sock release)
            report adopt $(halo ctl --socket /run/h/halo.sock adopt)
            halo ctl --socket /run/h/halo.sock sync; dump adopted
            """
        let (outcome, dir) = try boot("nonroot", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        #expect(outcome.report("denied") == "1", "\(outcome.reports)")
        let message = outcome.report("denied-message") ?? ""
        #expect(message.contains("video group"), "the refusal must name the fix: \(message)")
        #expect(
            outcome.report("owner")?.split(separator: " ").dropFirst(2).first == "1000",
            "the daemon must run as the halo user: \(outcome.reports)")
        let reference = try mockFrame([Self.show], board: "qemu-bochs", in: dir)
        try expectSame(outcome, dump: "first", as: reference, "non-root daemon")
        #expect(
            outcome.report("release") == "ok" && outcome.report("adopt") == "ok",
            "a non-root master takes the card back after release: \(outcome.reports)")
        try expectSame(outcome, dump: "adopted", as: reference, "non-root daemon after adopt")
    }

    /// The value of `key=` in a stats reply.
    func stat(_ reply: String?, _ key: String) -> Int? {
        reply?.split(separator: " ").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
    }

    /// Also where the README's daemon figures come from: this test prints the resident memory
    /// and the time to the first frame; it asserts only what is not timing.
    @Test("idle daemon on bochs: nothing drawn and no wakeups in 10 s with nothing animating; first frame and memory reported")
    func idleDaemon() throws {
        let scenario = """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/dev/ttyS0 &
            PID=$!
            wait_for /run/halo.sock
            report startup $(halo ctl --socket /run/halo.sock stats)
            halo ctl --socket /run/halo.sock \(Self.show)
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            report before $(halo ctl --socket /run/halo.sock stats)
            sleep 10
            report after $(halo ctl --socket /run/halo.sock stats)
            report rss $(grep VmRSS /proc/$PID/status)
            report peak $(grep VmHWM /proc/$PID/status)
            """
        let (outcome, _) = try boot("idle", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        let before = outcome.report("before"), after = outcome.report("after")
        #expect(
            stat(before, "frames") != nil && stat(before, "frames") == stat(after, "frames"), "frames drawn while idle: \(outcome.reports)")
        #expect(stat(before, "idle-wakeups") == stat(after, "idle-wakeups"), "wakeups while idle: \(outcome.reports)")
        let firstFrame = try #require(stat(outcome.report("startup"), "first-frame-ms"), "\(outcome.reports)")
        print(
            "halo run (\(Self.haloBinary.path)) on qemu-bochs 800x480 XRGB8888 under TCG: first frame \(firstFrame) ms after start; "
                + "\(outcome.report("rss") ?? "?"), \(outcome.report("peak") ?? "?"); idle wakeups over 10 s: "
                + "\((stat(after, "idle-wakeups") ?? 0) - (stat(before, "idle-wakeups") ?? 0))")
    }
}
