// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBackends
import HaloBoards
import HaloEngine
import HaloHAL
import HaloMock
import HaloRender
import HaloTestSupport
import Testing

/// LED rings on a real Linux kernel: the guest loads the tests' simulated SPI controller
/// (`modules/spi-sim`), spidev binds to it, and a headless `halo run` drives its ring through
/// `/dev/spidev0.0`. The controller records each message; its bytes must be exactly what the
/// board's chip, colour pipeline and wiring give for the engine's state, worked out here.
@Suite(
    "LED rings on a real kernel under QEMU", .serialized,
    .enabled(if: QEMUMachine.available, "qemu-system-x86_64 is not installed (Debian: qemu-system-x86)"),
    .enabled(if: TestModule.headersInstalled, "no kernel headers to build the test modules with (Debian: linux-headers-amd64)"))
struct QEMURingTests {
    static let sysfs = "/sys/devices/platform/halo-spi-sim"

    /// Boots the guest with the tests' kernel modules `modules` (`modules/NAME`, loaded from
    /// `/lib/modules/halo_NAME.ko`), any `kernelModules` of the guest kernel's own (paths
    /// under `lib/modules/.../kernel`), and `scenario`.
    func boot(_ modules: String..., kernelModules: [String] = [], device: [String] = [], scenario: String) throws -> QEMUMachine.Outcome {
        let (kernel, image) = try QEMUDisplayTests.prepared.get()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-\(modules[0])-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var files: [(String, [UInt8])] = []
        for module in modules {
            let built = try TestModule.build(module, kernel: kernel, packageRoot: QEMUDisplayTests.packageRoot, scratch: dir)
            files.append(("lib/modules/halo_\(module.replacingOccurrences(of: "-", with: "_")).ko", built))
        }
        for path in kernelModules {
            let url = kernel.modules.appendingPathComponent(path)
            files.append(("lib/modules/\(url.lastPathComponent)", Array(try Data(contentsOf: url))))
        }
        let initrd = try image.with(scenario: scenario, files: files, at: dir.appendingPathComponent("initrd.cpio"))
        return try QEMUMachine(kernel: kernel.vmlinux, initrd: initrd, device: device, directory: dir).boot()
    }

    /// Boots the guest with the SPI simulator and a headless daemon on `board`, shows a ring at
    /// 50 %, and reports what the controller saw.
    func run(board: String) throws -> QEMUMachine.Outcome {
        let scenario = """
            insmod /lib/modules/halo_spi_sim.ko || report insmod-failed
            insmod /lib/modules/halo_gpio_sim.ko || report insmod-failed
            wait_for /dev/spidev0.0
            report node $(ls /dev/spidev0.0)
            halo run --board \(board) --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock show up circular value=50%
            sleep 2
            report before $(cat \(Self.sysfs)/messages)
            sleep 1
            report after $(cat \(Self.sysfs)/messages)
            report transfers $(cat \(Self.sysfs)/last_transfers)
            report speed $(cat \(Self.sysfs)/last_speed_hz)
            report mode $(cat \(Self.sysfs)/last_mode)
            report power $(cat /sys/devices/platform/halo-gpio-sim/values)
            report bytes $(hexdump -v -e '1/1 "%02x"' \(Self.sysfs)/last_message)
            report stats $(halo ctl --socket /run/halo.sock stats)
            daemon=$!; kill $daemon; wait $daemon
            report off $(hexdump -v -e '1/1 "%02x"' \(Self.sysfs)/last_message)
            # A daemon that dies of a fault turns the ring off too.
            halo run --board \(board) --socket /run/crash.sock 2>/dev/ttyS0 &
            wait_for /run/crash.sock
            halo ctl --socket /run/crash.sock show up circular value=50%
            sleep 2; pid=$!
            kill -SEGV $pid; wait $pid; report crash-status $?
            report crashed $(hexdump -v -e '1/1 "%02x"' \(Self.sysfs)/last_message)
            """
        return try boot("spi-sim", "gpio-sim", scenario: scenario)
    }

    /// The engine's ring colours for the scenario's state, on `board`.
    func colors(_ board: Board) throws -> [Color] {
        let engine = Engine(screenWidth: 480, screenHeight: 480, theme: board.theme, policy: board.policy, text: BlockText())
        try engine.apply(
            .show(
                id: "up", kind: .circular,
                options: {
                    var o = ShowOptions()
                    o.value = .init(fractionQ16: 32768, form: .percent)
                    return o
                }()), at: .zero)
        // The ring is drawn at full brightness: the pipeline dims it after gamma.
        return engine.ledColors(board.leds, at: .milliseconds(5000))
    }

    /// The board's pipeline, written out here from its keys rather than taken from `Board`:
    /// gamma, correction, budget, and `leds.brightness` after gamma.
    func pipeline(_ board: Board) -> LedColorPipeline {
        let d = board.ledDriver
        return LedColorPipeline(
            gamma: LedGamma(hundredths: d.gammaHundredths), correction: d.correction, brightness: board.ledDriver.brightness,
            budgetMilliamps: d.maxMilliamps)
    }

    /// `expected` is the 50 % ring's bytes, `off` the dark ring's the daemon sends when it stops.
    /// `power` is the simulated GPIO chip's levels while the ring runs (a powered ring's line high).
    func expectFrame(_ outcome: QEMUMachine.Outcome, _ expected: [UInt8], off: [UInt8], clock: Int32, power: String = "0000") {
        #expect(outcome.report("power") == power, "the ring's power line")
        #expect(
            outcome.report("insmod-failed") == nil && outcome.report("node") == "/dev/spidev0.0",
            "console:\n\(outcome.console.suffix(2000))")
        let before = outcome.report("before"), after = outcome.report("after")
        #expect(
            before != nil && before != "0" && before == after,
            "no traffic while the ring is still: \(String(describing: before)) then \(String(describing: after))")
        #expect(outcome.report("transfers") == "1", "one message, one transfer a frame")
        #expect(outcome.report("speed") == "\(clock)")
        #expect(outcome.report("mode") == "0")
        let hex = expected.map { String(format: "%02x", $0) }.joined()
        #expect(
            outcome.report("bytes") == hex,
            "the frame on the bus differs from the board's chip, pipeline and wiring; console:\n\(outcome.console.suffix(1500))")
        let stats = outcome.report("stats") ?? ""
        let frames = Int(outcome.report("before") ?? "") ?? 0
        #expect(stats.contains(" ring-frames=\(frames) ring-bytes=\(frames * expected.count) "), "stats: \(stats)")
        #expect(outcome.report("off") == off.map { String(format: "%02x", $0) }.joined(), "at exit the ring goes dark")
        #expect(outcome.report("crash-status") == "\(128 + SIGSEGV)", "the daemon still dies of the fault")
        #expect(outcome.report("crashed") == off.map { String(format: "%02x", $0) }.joined(), "a crash leaves the ring dark too")
    }

    @Test(
        "spi-ws2812 on a real kernel's spidev, through a simulated SPI controller: each frame is one message of exactly the expected symbols; nothing is sent while the ring is still; dark at exit and after a crash"
    )
    func ws2812() throws {
        let board = try BoardLoader.load(QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-spi-ws2812-ring12.yaml").path)
        let e = try #require(OneWireSPIEncoding(chip: .ws2812b, bitsPerSymbol: 3, clockHz: 2_400_000))
        let bus = RecordingSPIBus()
        let ring = try OneWireSPIRing(
            count: 12, encoding: e, order: .grb, pipeline: pipeline(board), wiring: board.ledDriver.wiring, bus: bus)
        try ring.show(try colors(board))
        try ring.show([Color](repeating: .black, count: 12))
        expectFrame(try run(board: "qemu-spi-ws2812-ring12"), bus.messages[0].bytes, off: bus.messages[1].bytes, clock: 2_400_000)
    }

    @Test(
        "a screen and a ring under one daemon on a real kernel (DRM on bochs, WS2812 on the simulated SPI controller): each shows the mock's exact picture of the same state"
    )
    func screenAndRing() throws {
        let show = QEMUDisplayTests.show, succeed = QEMUDisplayTests.succeed
        let scenario = """
            insmod /lib/modules/halo_spi_sim.ko || report insmod-failed
            wait_for /dev/spidev0.0
            halo run --board qemu-bochs-ring12 --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock \(show)
            sleep 1; halo ctl --socket /run/halo.sock sync; dump progress
            report ring-progress $(hexdump -v -e '1/1 "%02x"' \(Self.sysfs)/last_message)
            halo ctl --socket /run/halo.sock \(succeed)
            sleep 2; halo ctl --socket /run/halo.sock sync; dump success
            report ring-success $(hexdump -v -e '1/1 "%02x"' \(Self.sysfs)/last_message)
            report stats $(halo ctl --socket /run/halo.sock stats)
            """
        let outcome = try boot("spi-sim", device: ["-device", "bochs-display,xres=800,yres=480"], scenario: scenario)
        #expect(outcome.report("insmod-failed") == nil, "console:\n\(outcome.console.suffix(2000))")
        let display = QEMUDisplayTests()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-qemu-both-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, commands) in [("progress", [show]), ("success", [show, succeed])] {
            let replay = try display.mockReplay(commands, board: "qemu-bochs-ring12", in: dir)
            try display.expectSame(outcome, dump: name, as: try Picture(png: replay.appendingPathComponent("5000.png")), name)
            // The mock's SPI message for the same commands, from the same replay.
            let spi = try String(contentsOf: replay.appendingPathComponent("spi.txt"), encoding: .utf8)
            let message = spi.split(separator: "\n").last.map { String($0.split(separator: " ").last ?? "") }
            #expect(outcome.report("ring-\(name)") == message, "the ring shows the mock's \(name) frame")
        }
        let stats = outcome.report("stats") ?? ""
        #expect(stats.hasPrefix("ok frames=") && !stats.hasPrefix("ok frames=0 ") && !stats.contains(" ring-frames=0 "), "stats: \(stats)")
    }

    @Test(
        "spi-apa102 on a real kernel's spidev, wired from LED 3 counter-clockwise: each frame is one message of exactly the expected frame; its power line held high"
    )
    func apa102() throws {
        let board = try BoardLoader.load(QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-spi-apa102-ring12.yaml").path)
        let bus = RecordingSPIBus()
        let ring = try ClockedSPIRing(
            count: 12, chip: .apa102, pipeline: pipeline(board), wiring: LedWiring(first: 3, clockwise: false), fiveBitBrightness: true,
            bus: bus)
        try ring.show(try colors(board))
        try ring.show([Color](repeating: .black, count: 12))
        expectFrame(
            try run(board: "qemu-spi-apa102-ring12"), bus.messages[0].bytes, off: bus.messages[1].bytes, clock: 6_000_000, power: "0020")
    }

    @Test("halo leds test on a real kernel's spidev: each of the 36 steps is one message, and the ring is dark at the end")
    func wiringCheck() throws {
        let scenario = """
            insmod /lib/modules/halo_spi_sim.ko
            insmod /lib/modules/halo_gpio_sim.ko
            wait_for /dev/spidev0.0
            halo leds test --board qemu-spi-apa102-ring12 --step-ms 0 > /tmp/out 2>&1; report status $?
            report messages $(cat \(Self.sysfs)/messages)
            report steps $(grep -c '^LED ' /tmp/out)
            """
        let outcome = try boot("spi-sim", "gpio-sim", scenario: scenario)
        #expect(outcome.report("status") == "0" && outcome.report("steps") == "36", "console:\n\(outcome.console.suffix(1500))")
        #expect(outcome.report("messages") == "37", "36 steps and the dark ring at the end, each one message")
    }

    @Test(
        "led-class on a real kernel's LED class, through simulated LEDs: each LED at its brightest channel scaled to its max_brightness; a trigger set to none at start and put back at exit, the ring dark at exit and after a crash"
    )
    func ledClass() throws {
        let sim = "/sys/devices/platform/halo-led-sim", led1 = "/sys/class/leds/halo-sim:ring:1"
        let scenario = """
            insmod /lib/modules/ledtrig-timer.ko
            insmod /lib/modules/led-class-multicolor.ko
            insmod /lib/modules/halo_led_sim.ko || report insmod-failed
            echo timer > \(led1)/trigger
            report trigger-before $(cat \(led1)/trigger | tr ' ' '\\n' | grep '\\[')
            halo run --board qemu-led-class-ring12 --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            report trigger-running $(cat \(led1)/trigger | tr ' ' '\\n' | grep '\\[')
            halo ctl --socket /run/halo.sock show up circular value=50%
            sleep 2
            report values $(cat \(sim)/values)
            report stats $(halo ctl --socket /run/halo.sock stats)
            daemon=$!; kill $daemon; wait $daemon
            report values-after $(cat \(sim)/values)
            report trigger-after $(cat \(led1)/trigger | tr ' ' '\\n' | grep '\\[')
            # A daemon that dies of a fault leaves the LEDs dark (their trigger stays none).
            halo run --board qemu-led-class-ring12 --socket /run/crash.sock 2>/dev/ttyS0 &
            wait_for /run/crash.sock
            halo ctl --socket /run/crash.sock show up circular value=50%
            sleep 2; pid=$!; report lit-again $(cat \(sim)/values)
            kill -SEGV $pid; wait $pid; report crash-status $?
            report values-crashed $(cat \(sim)/values)
            """
        let outcome = try boot(
            "led-sim", kernelModules: ["drivers/leds/trigger/ledtrig-timer.ko", "drivers/leds/led-class-multicolor.ko"], scenario: scenario)
        #expect(outcome.report("insmod-failed") == nil, "console:\n\(outcome.console.suffix(2000))")
        #expect(outcome.report("trigger-before") == "[timer]" && outcome.report("trigger-running") == "[none]")
        // 50 %: the first six LEDs lit in the indicator colour (#0A84FF: its brightest channel
        // is full), LED 0 at its own maximum of 100; the rest dark. Gamma 1.0 and full brightness.
        #expect(outcome.report("values") == "100 255 255 255 255 255 0 0 0 0 0 0", "console:\n\(outcome.console.suffix(1500))")
        #expect((outcome.report("stats") ?? "").contains(" ring-frames="), "\(outcome.report("stats") ?? "")")
        // LED 1 has its timer trigger back by then, blinking as it did before Halo: the rest are dark.
        let after = (outcome.report("values-after") ?? "").split(separator: " ")
        #expect(
            after.count == 12 && after.enumerated().allSatisfy { $0.offset == 1 || $0.element == "0" },
            "the ring is dark at exit: \(after)")
        #expect(outcome.report("lit-again") == "100 255 255 255 255 255 0 0 0 0 0 0")
        #expect(
            outcome.report("crash-status") == "\(128 + SIGSEGV)" && outcome.report("values-crashed") == "0 0 0 0 0 0 0 0 0 0 0 0",
            "a crash leaves the ring dark too")
        #expect(outcome.report("trigger-after") == "[timer]", "the trigger the LED had is back")
    }

    @Test(
        "led-class multicolor on a real kernel's multicolor LED class, through simulated RGB LEDs: each LED's colour through multi_intensity, one write an LED that changed; dark at exit and after a crash"
    )
    func ledClassMulticolor() throws {
        let sim = "/sys/devices/platform/halo-led-sim"
        let scenario = """
            insmod /lib/modules/led-class-multicolor.ko || report insmod-failed
            insmod /lib/modules/halo_led_sim.ko || report insmod-failed
            report index $(cat /sys/class/leds/halo-sim:rgb:0/multi_index)
            halo run --board qemu-led-class-rgb4 --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock show up circular value=50%
            sleep 2
            report values $(cat \(sim)/rgb_values)
            report writes $(cat \(sim)/rgb_writes)
            report stats $(halo ctl --socket /run/halo.sock stats)
            kill $!; sleep 1
            report values-after $(cat \(sim)/rgb_values)
            halo run --board qemu-led-class-rgb4 --socket /run/crash.sock 2>/dev/ttyS0 &
            wait_for /run/crash.sock
            halo ctl --socket /run/crash.sock show up circular value=50%
            sleep 2; pid=$!; report lit-again $(cat \(sim)/rgb_values)
            kill -SEGV $pid; wait $pid; report crash-status $?
            report values-crashed $(cat \(sim)/rgb_values)
            """
        let outcome = try boot("led-sim", kernelModules: ["drivers/leds/led-class-multicolor.ko"], scenario: scenario)
        #expect(outcome.report("insmod-failed") == nil, "console:\n\(outcome.console.suffix(2000))")
        #expect(outcome.report("index") == "red green blue")
        // 50 % on 4 LEDs: LEDs 0 and 1 in the indicator colour #0A84FF, 2 and 3 dark (gamma 1.0).
        let lit = "10 132 255 10 132 255 0 0 0 0 0 0"
        #expect(outcome.report("values") == lit, "console:\n\(outcome.console.suffix(1500))")
        // At start each LED's brightness is set to its maximum (4 updates, the colours still
        // 0), the daemon's first frame writes the dark ring (4), then only the 2 LEDs that lit.
        #expect(outcome.report("writes") == "10", "\(outcome.report("writes") ?? "")")
        // LED 1 has its timer trigger back by then, blinking as it did before Halo: the rest are dark.
        let after = (outcome.report("values-after") ?? "").split(separator: " ")
        #expect(
            after.count == 12 && after.enumerated().allSatisfy { $0.offset == 1 || $0.element == "0" },
            "the ring is dark at exit: \(after)")
        #expect(outcome.report("lit-again") == lit)
        #expect(
            outcome.report("crash-status") == "\(128 + SIGSEGV)" && outcome.report("values-crashed") == "0 0 0 0 0 0 0 0 0 0 0 0",
            "a crash leaves the ring dark too")
    }

    @Test(
        "gpio through libgpiod on a real kernel's GPIO character device, through a simulated chip: lines found by name, the frame set in one bulk call, a held line names its consumer, dark and released at exit"
    )
    func gpio() throws {
        let sim = "/sys/devices/platform/halo-gpio-sim"
        let scenario = """
            insmod /lib/modules/halo_gpio_sim.ko || report insmod-failed
            halo run --board qemu-gpio-ring12 --socket /run/halo.sock 2>/dev/ttyS0 &
            wait_for /run/halo.sock
            halo ctl --socket /run/halo.sock show up circular value=50%
            sleep 2
            report values $(cat \(sim)/values)
            report outputs $(cat \(sim)/outputs)
            report single $(cat \(sim)/set_calls)
            report bulk $(cat \(sim)/multiple_calls)
            halo leds test --board qemu-gpio-ring12 --step-ms 0 > /tmp/busy 2>&1; report busy-status $?
            report busy $(cat /tmp/busy)
            kill $!; sleep 1
            report values-after $(cat \(sim)/values)
            halo leds test --board qemu-gpio-ring12 --step-ms 0 > /tmp/free 2>&1; report free-status $?
            """
        let outcome = try boot("gpio-sim", scenario: scenario)
        #expect(outcome.report("insmod-failed") == nil, "console:\n\(outcome.console.suffix(2000))")
        // The mock's levels for the same state: GPIOn is bit n of the chip's values.
        let board = try BoardLoader.load(QEMUDisplayTests.packageRoot.appendingPathComponent("Boards/qemu-gpio-ring12.yaml").path)
        let recorded = RecordingGpioLines(count: 12)
        try GpioRing(colour: false, pipeline: pipeline(board), lines: recorded).show(try colors(board))
        let mask = recorded.current.enumerated().reduce(0) { $0 | Int($1.element) << $1.offset }
        #expect(outcome.report("values") == String(format: "%04x", mask), "the lines match the mock's levels")
        // 50 %: the first six LEDs on (GPIO0..GPIO5), all twelve lines outputs.
        #expect(outcome.report("values") == "003f" && outcome.report("outputs") == "0fff", "console:\n\(outcome.console.suffix(1500))")
        #expect(outcome.report("single") == "0", "no line was set on its own")
        #expect(Int(outcome.report("bulk") ?? "") ?? 0 >= 1, "frames arrive as bulk sets")
        #expect(
            outcome.report("busy-status") == "1" && (outcome.report("busy") ?? "").contains("held by halo"),
            "\(outcome.report("busy") ?? "")")
        #expect(outcome.report("values-after") == "0000", "the ring is dark at exit")
        #expect(outcome.report("free-status") == "0", "the lines were released at exit")
    }
}
