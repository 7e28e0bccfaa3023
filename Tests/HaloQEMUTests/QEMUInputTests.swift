// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloRender
import HaloTestSupport
import Testing

/// Input on a real Linux kernel: in the guest, the kernel's uinput makes a multitouch
/// touchscreen and a keyboard (`guest/uinput-person.c`, built static on the host), which
/// `halo run` finds under /dev/input as they appear, reads through evdev and loses when they
/// are unplugged. A subscribed `halo ctl watch` must hear what the taps and keys asked for.
@Suite(
    "input on a real kernel under QEMU", .serialized,
    .enabled(if: QEMUMachine.available, "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"))
struct QEMUInputTests {
    /// Debian's kernel builds both as modules (`CONFIG_INPUT_EVDEV=m`, `CONFIG_INPUT_UINPUT=m`).
    static let modules = ["drivers/input/evdev.ko", "drivers/input/misc/uinput.ko"]
    static let show = "show up linear value=40% cancellable=yes region=20,20,300,60"

    /// The guest's person, built static so the busybox guest needs no libraries.
    static func person(in dir: URL) throws -> [UInt8] {
        let source = QEMUDisplayTests.packageRoot.appendingPathComponent("Tests/HaloQEMUTests/guest/uinput-person.c")
        let binary = dir.appendingPathComponent("uinput-person")
        _ = try Host.run("gcc", ["-static", "-O2", "-Wall", "-o", binary.path, source.path])
        return Array(try Data(contentsOf: binary))
    }

    /// A folder of its own for one boot.
    static func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-\(name)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Boots Debian's kernel on an 800x480 bochs display with its evdev and uinput modules
    /// loaded and the guest's person at hand, then runs `scenario`; `files` go into the guest.
    static func bootWithPerson(
        _ scenario: String, files: [(String, [UInt8])] = [], in dir: URL, timeoutSeconds: Double = 240
    ) throws -> QEMUMachine.Outcome {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        var all = files + [("bin/uinput-person", try person(in: dir))]
        var prelude = "chmod 755 /bin/uinput-person\n"
        for path in modules {
            let url = kernel.modules.appendingPathComponent(path)
            all.append(("lib/modules/\(url.lastPathComponent)", Array(try Data(contentsOf: url))))
            prelude += "insmod /lib/modules/\(url.lastPathComponent) || report insmod-failed\n"
        }
        let initrd = try image.with(scenario: prelude + scenario, files: all, at: dir.appendingPathComponent("initrd.cpio"))
        var machine = QEMUMachine(
            kernel: kernel.vmlinux, initrd: initrd, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir)
        machine.timeoutSeconds = timeoutSeconds
        return try machine.boot()
    }

    /// `qemu-bochs` turned by `degrees`, written for the guest and for the host's mock.
    static func board(rotation degrees: Int, in dir: URL) throws -> (name: String, text: String, path: String) {
        let base = try String(contentsOf: QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-bochs.yaml"), encoding: .utf8)
        let name = "touch-\(degrees)"
        let text = base.replacingOccurrences(of: "name: qemu-bochs", with: "name: \(name)")
            .replacingOccurrences(of: "rotation: 0", with: "rotation: \(degrees)")
        let path = dir.appendingPathComponent("\(name).yaml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (name, text, path)
    }

    /// Where the stop icon of `show` is on the logical screen, from the engine's own targets.
    static func stopIcon(_ board: Board) throws -> IntRect {
        let engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight, theme: board.theme, policy: board.policy, text: BlockText())
        guard case .success(let command) = CommandParser.parse(show) else { throw Host.Failure(description: "show does not parse") }
        try engine.apply(command, at: .zero)
        guard let icon = engine.tapTargets(at: .milliseconds(5000)).first(where: { $0.key % 16 == 3 }) else {
            throw Host.Failure(description: "the bar has no stop icon on \(board.name)")
        }
        return icon.rect
    }

    /// A logical pixel on the panel as scanned out, for a picture turned `degrees` clockwise:
    /// written here from that definition, and checked below against the mock's own frame.
    static func panel(_ x: Int, _ y: Int, logicalWidth w: Int, logicalHeight h: Int, degrees: Int) -> (Int, Int) {
        switch degrees {
        case 90: return (h - 1 - y, x)
        case 180: return (w - 1 - x, h - 1 - y)
        case 270: return (y, w - 1 - x)
        default: return (x, y)
        }
    }

    /// The raw reading in the middle of panel pixel `p` on a glass of 4096 units over `size` pixels.
    static func raw(_ p: Int, across size: Int) -> Int { (2 * p + 1) * 4096 / (2 * size) }

    @Test(
        "a uinput touchscreen taps the stop icon at 0, 90, 180 and 270: the tap reaches a subscriber as cancel-requested and Halo cancels what no app listens for; the devices are found as they appear and let go when unplugged"
    )
    func tapsAtEachRotation() throws {
        let dir = try Self.scratch("input")
        var files: [(String, [UInt8])] = []
        var scenario = ""
        for degrees in [0, 90, 180, 270] {
            let b = try Self.board(rotation: degrees, in: dir)
            files.append(("etc/halo/boards/\(b.name).yaml", Array(b.text.utf8)))
            let board = try BoardLoader.load(b.path)
            let icon = try Self.stopIcon(board)
            let (px, py) = Self.panel(
                Int(icon.x + icon.width / 2), Int(icon.y + icon.height / 2), logicalWidth: Int(board.logicalWidth),
                logicalHeight: Int(board.logicalHeight), degrees: degrees)
            // The mock's frame of the same board must show the icon there: the formula above
            // and the engine's layout agree with the picture, independently of touch.
            let frame = try QEMUDisplayTests().mockFrame([Self.show], board: b.path, in: dir)
            let at = (py * frame.width + px) * 3
            #expect(Array(frame.rgb[at..<at + 3]) == [0x0A, 0x84, 0xFF], "\(degrees)°: no stop icon at panel (\(px), \(py))")
            let x = Self.raw(px, across: Int(board.width)), y = Self.raw(py, across: Int(board.height))
            scenario += """
                halo run --board \(b.name) --socket /run/halo.sock 2>/tmp/log-\(degrees) &
                daemon=$!
                wait_for /run/halo.sock
                halo ctl --socket /run/halo.sock watch > /tmp/events-\(degrees) &
                watcher=$!
                wait_until "the watcher subscribed" subscribed /run/halo.sock
                halo ctl --socket /run/halo.sock '\(Self.show)'
                halo ctl --socket /run/halo.sock "sync wait" >/dev/null
                person_start
                wait_until "the touchscreen found" grep -q 'as a touchscreen' /tmp/log-\(degrees)
                person 'slide \(x) \(y) 0 0' 'tap \(x) \(y)'
                wait_until "the tap answered" grep -q 'dismissed up' /tmp/events-\(degrees)
                person_stop
                report person-\(degrees) $? $(cat /tmp/person.err)
                wait_until "both devices gone" sh -c "[ \\$(grep -c 'has gone' /tmp/log-\(degrees)) -ge 2 ]"
                report events-\(degrees) $(tr '\\n' ' ' < /tmp/events-\(degrees))
                report found-\(degrees) $(grep -c 'as a touchscreen' /tmp/log-\(degrees)) $(grep -c 'as keys' /tmp/log-\(degrees))
                report gone-\(degrees) $(grep -c 'has gone' /tmp/log-\(degrees))
                report log-\(degrees) $(tr '\n' '|' < /tmp/log-\(degrees))
                kill $watcher; kill $daemon; wait $daemon

                """
        }
        let outcome = try Self.bootWithPerson(scenario, files: files, in: dir)
        #expect(outcome.report("insmod-failed") == nil, "console:\n\(outcome.console.suffix(2000))")
        for degrees in [0, 90, 180, 270] {
            #expect(outcome.report("person-\(degrees)") == "0", "\(degrees)°: the guest's person failed: \(outcome.reports)")
            // The slide off the icon taps nothing; the tap asks, and with nobody listening for a
            // one-shot show Halo cancels it after the board's wait.
            #expect(
                outcome.report("events-\(degrees)") == "shown up cancel-requested up source=touch cancelled up dismissed up",
                "\(degrees)°: \(outcome.reports); console:\n\(outcome.console.suffix(1500))")
            #expect(outcome.report("found-\(degrees)")?.hasPrefix("1 ") == true, "\(degrees)°: \(outcome.reports)")
            #expect(outcome.report("gone-\(degrees)").map { Int($0) ?? 0 >= 2 } == true, "\(degrees)°: both unplugged: \(outcome.reports)")
        }
    }

    @Test(
        "keys and a tap on a real kernel: the tap opens the choice, Escape closes it, Tab and Enter pause through it, Escape cancels; an app killed in the middle of a checkout leaves a toast and then the screen as it was"
    )
    func keysChoiceAndAKilledApp() throws {
        let dir = try Self.scratch("keys")
        var scenario = ""
        // The ring's top, above the stop icon: 200 px wide at the middle of the 800x480 panel.
        let x = Self.raw(400, across: 800), y = Self.raw(150, across: 480)
        scenario += """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/tmp/log &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock watch > /tmp/events &
            wait_until "the watcher subscribed" subscribed /run/halo.sock
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump empty
            (echo 'show pay checkout label="Processing payment"'; sleep 60) | halo ctl --socket /run/halo.sock - &
            app=$!
            wait_until "the checkout shown" grep -q 'shown pay' /tmp/events
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump checkout
            kill $app
            wait_until "the app's leaving seen" grep -q 'closed with 1 activity running' /tmp/log
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null; dump told
            sleep 4; dump after-kill
            halo ctl --socket /run/halo.sock 'show up circular value=40% cancellable=yes pausable=yes'
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            person_start
            wait_until "the touchscreen found" grep -q 'as a touchscreen' /tmp/log
            person 'tap \(x) \(y)' 'wait 300' 'key 1' 'wait 300' 'key 15' 'wait 200' 'key 28' 'wait 300' 'key 28'
            # Nobody listens to a one-shot show, so Halo pauses it itself after the board's wait:
            # Escape comes once it has.
            wait_until "the pause carried out" grep -q 'paused up' /tmp/events
            person 'key 1'
            wait_until "the cancel carried out" grep -q 'dismissed up' /tmp/events
            person_stop
            report events $(tr '\\n' ' ' < /tmp/events)
            report left $(grep -c 'closed with 1 activity running, now ended: pay' /tmp/log)
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let outcome = try Self.bootWithPerson(scenario, in: dir)
        #expect(
            outcome.report("events")
                == "shown pay dismissed pay shown up pause-requested up source=key paused up cancel-requested up source=key cancelled up dismissed up",
            "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
        #expect(outcome.report("left") == "1", "the daemon names the client that left its checkout: \(outcome.reports)")
        let pictures = try ["empty", "checkout", "after-kill", "told"].map { name in
            try outcome.dumps[name].map { try Picture(ppm: $0) } ?? { throw Host.Failure(description: "no dump \(name)") }()
        }
        #expect(pictures[1].differences(from: pictures[0]).count > 0, "the checkout was on screen")
        #expect(pictures[3].differences(from: pictures[0]).count > 0, "a toast says the app stopped responding")
        #expect(pictures[2].differences(from: pictures[0]).count == 0, "once the toast has gone the screen is as it was")
    }

    @Test(
        "a GPIO button on a real kernel's simulated chip: a bouncing long press on an LED-only board makes one cancel request, and nobody listening, Halo cancels; libgpiod 2 hands the debounce to the kernel"
    )
    func gpioButton() throws {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-button-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let base = try String(
            contentsOf: QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-gpio-ring12.yaml"), encoding: .utf8)
        let board =
            base.replacingOccurrences(of: "name: qemu-gpio-ring12", with: "name: qemu-button")
            + "input:\n  button:\n    line: GPIO15\n"
        let module = try TestModule.build("gpio-sim", kernel: kernel, packageRoot: QEMUDisplayTests.packageRoot, scratch: dir)
        let level = "/sys/devices/platform/halo-gpio-sim/level"
        let scenario = """
            insmod /lib/modules/halo_gpio_sim.ko || report insmod-failed
            echo "15 1" > \(level)
            halo run --board qemu-button --socket /run/halo.sock 2>/tmp/log &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock watch > /tmp/events &
            wait_until "the watcher subscribed" subscribed /run/halo.sock
            halo ctl --socket /run/halo.sock 'show up circular value=40% cancellable=yes'
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            echo "15 0" > \(level); echo "15 1" > \(level); echo "15 0" > \(level); echo "15 1" > \(level); echo "15 0" > \(level)
            # Held 2.5 s, a long press: the person's own timing, not a wait for the machine.
            sleep 2.5
            echo "15 1" > \(level)
            wait_until "the cancel carried out" grep -q 'dismissed up' /tmp/events
            report events $(tr '\\n' ' ' < /tmp/events)
            report debounce $(grep -o 'the kernel debounces it\\|Halo debounces it' /tmp/log)
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let files: [(String, [UInt8])] = [
            ("lib/modules/halo_gpio_sim.ko", module), ("etc/halo/boards/qemu-button.yaml", Array(board.utf8)),
        ]
        let initrd = try image.with(scenario: scenario, files: files, at: dir.appendingPathComponent("initrd.cpio"))
        let outcome = try QEMUMachine(kernel: kernel.vmlinux, initrd: initrd, device: [], directory: dir).boot()
        #expect(
            outcome.report("events") == "shown up cancel-requested up source=gpio cancelled up dismissed up",
            "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
        // libgpiod 2 is libgpiod.so.3 (`.ci/gpiod2` builds halo against it); 1.6 is libgpiod.so.2.
        let gpiod2 = try Host.run("ldd", [QEMUDisplayTests.haloBinary.path]).contains("libgpiod.so.3")
        #expect(
            outcome.report("debounce") == (gpiod2 ? "the kernel debounces it" : "Halo debounces it"),
            "with libgpiod \(gpiod2 ? 2 : 1): \(outcome.reports)")
    }

    @Test(
        "220 taps on a real kernel, opening and closing the choice: every one answered and timed from its kernel timestamp (stats, no timing asserted); no wake-ups while idle with the devices open"
    )
    func answerLatencyAndIdle() throws {
        let dir = try Self.scratch("latency")
        var scenario = ""
        // The ring's top opens the choice; the screen's bottom left corner closes it.
        let ring = "tap \(Self.raw(400, across: 800)) \(Self.raw(150, across: 480))"
        let elsewhere = "tap \(Self.raw(20, across: 800)) \(Self.raw(460, across: 480))"
        let taps = (0..<110).map { _ in "'\(ring)' 'wait 100' '\(elsewhere)' 'wait 100'" }.joined(separator: " ")
        // The taps start once Halo has found the touchscreen, and the count is read once all
        // are answered (ten minutes at most: an emulated guest on a busy host is slow), with the
        // devices still open.
        scenario += """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/tmp/log &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock 'show up circular value=40% cancellable=yes pausable=yes'
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            person_start
            wait_until "the touchscreen found" grep -q 'as a touchscreen' /tmp/log
            person \(taps)
            answered() { halo ctl --socket /run/halo.sock stats | tr ' ' '\\n' | grep -qx answers=220; }
            WAIT_TENTHS=6000 wait_until "220 taps answered" answered
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            report before $(halo ctl --socket /run/halo.sock stats)
            sleep 3
            report after $(halo ctl --socket /run/halo.sock stats)
            person_stop

            """
        let outcome = try Self.bootWithPerson(scenario, in: dir, timeoutSeconds: 900)
        func value(_ key: String, _ report: String?) -> Int? {
            report?.split(separator: " ").first { $0.hasPrefix(key + "=") }.flatMap { Int($0.dropFirst(key.count + 1)) }
        }
        let before = outcome.report("before"), after = outcome.report("after")
        #expect(
            value("answers", before) == 220, "every tap answered: \(String(describing: before)); console:\n\(outcome.console.suffix(1500))")
        #expect(value("idle-wakeups", after) == value("idle-wakeups", before), "idle with the devices open: \(String(describing: after))")
        #expect(value("frames", after) == value("frames", before), "no frames while nothing changes")
        // The figures for docs/performance.md: TCG, so slower than any real board.
        print("QEMU (TCG) answer latency: \(String(describing: before))")
    }

    @Test(
        "a contact whose release is lost when the kernel's buffer overflows never taps: Halo resynchronises from the real device's state, and the next clean tap is the only request"
    )
    func lostReleaseNeverTaps() throws {
        let dir = try Self.scratch("dropped")
        var scenario = ""
        // The stop icon in the middle of the 800x480 panel.
        let x = Self.raw(400, across: 800), y = Self.raw(240, across: 480)
        scenario += """
            halo run --board qemu-bochs --socket /run/halo.sock 2>/tmp/log &
            daemon=$!
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock watch > /tmp/events &
            wait_until "the watcher subscribed" subscribed /run/halo.sock
            halo ctl --socket /run/halo.sock 'show up circular value=40% cancellable=yes'
            halo ctl --socket /run/halo.sock "sync wait" >/dev/null
            person_start
            wait_until "the touchscreen found" grep -q 'as a touchscreen' /tmp/log
            # A contact, then the daemon stopped while 4000 moves and the release overflow the
            # kernel's buffer; once it has seen the loss, one clean tap.
            person 'down \(x) \(y)' 'mark down'
            wait_until "the contact down" test -e /tmp/down
            kill -STOP $daemon
            person 'moves 4000' 'up' 'mark moved'
            wait_until "the moves written" test -e /tmp/moved
            kill -CONT $daemon
            wait_until "the loss seen" grep -q 'lost events' /tmp/log
            person 'tap \(x) \(y)'
            wait_until "the tap's request carried out" grep -q 'dismissed up' /tmp/events
            person_stop
            report events $(tr '\\n' ' ' < /tmp/events)
            report lost $(grep -c 'lost events' /tmp/log)
            report log $(tr '\\n' '|' < /tmp/log)

            """
        let outcome = try Self.bootWithPerson(scenario, in: dir)
        #expect(outcome.report("lost").map { (Int($0) ?? 0) >= 1 } == true, "the kernel's buffer must have overflowed: \(outcome.reports)")
        #expect(
            outcome.report("events") == "shown up cancel-requested up source=touch cancelled up dismissed up",
            "\(outcome.reports); console:\n\(outcome.console.suffix(1500))")
    }
}
