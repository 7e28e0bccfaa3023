// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// The `halo` command run as a separate process, the way a person or a script runs it.
@Suite("the halo command, run as a process")
struct CommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// The `halo` built beside this test bundle.
    static var binary: URL {
        let dir = Bundle.main.bundleURL.deletingLastPathComponent()
        for candidate in [dir.appendingPathComponent("halo"), Bundle.main.bundleURL.appendingPathComponent("halo")]
        where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("halo")
    }

    /// Starts `halo` with these arguments from the package root, with its boards.
    static func start(
        _ arguments: [String], environment extra: [String: String] = [:],
        stdin: ChildProcess.Stream = .null, stdout: ChildProcess.Stream = .null, stderr: ChildProcess.Stream = .null
    ) throws -> ChildProcess {
        try ChildProcess(
            [binary.path] + arguments, environment: environment(extra), directory: packageRoot.path, stdin: stdin, stdout: stdout,
            stderr: stderr)
    }

    static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["HALO_BOARDS"] = packageRoot.appendingPathComponent("Boards").path
        return env.merging(extra) { $1 }
    }

    /// Runs `halo` to its end (killed after two minutes, so a hang fails the test instead of the run).
    func halo(_ arguments: [String], stdin: ChildProcess.Stream = .null, environment extra: [String: String] = [:]) throws -> Run {
        let r = try ChildProcess.run(
            [Self.binary.path] + arguments, environment: Self.environment(extra), directory: Self.packageRoot.path, stdin: stdin)
        return Run(status: r.status, out: r.out, err: r.err)
    }

    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    func script(_ text: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("script.halo").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("numbers typed on the command line are checked, not trusted: a huge --at or --frames is a usage error")
    func typedNumbers() throws {
        let dir = try scratch()
        let path = try script("@0 show a spinner\n", in: dir)
        for args in [
            ["replay", path, "--at", "9223372036854775807"], ["replay", path, "--at", "+5"], ["replay", path, "--at", "86400001"],
            ["bench", "--scene", "s1", "--frames", "99999999999999999999"], ["run", "--wait-master", "3601"],
        ] {
            let r = try halo(args)
            #expect(r.status == 2 && r.err.contains("whole number") || r.err.contains("whole milliseconds"), "\(args): \(r)")
        }
    }

    @Test("a script over 16 MiB is refused with the reason, not read into memory whole")
    func hugeScript() throws {
        let dir = try scratch()
        let path = dir.appendingPathComponent("huge.halo").path
        let line = Array("@0 show a spinner\n".utf8)
        let f = try #require(fopen(path, "wb"))
        for _ in 0..<((17 << 20) / line.count) { _ = line.withUnsafeBytes { fwrite($0.baseAddress, 1, line.count, f) } }
        fclose(f)
        for verb in ["lint", "replay"] {
            let r = try halo([verb, path])
            #expect(r.status == 1 && r.err.contains("longer than 16 MiB"), "\(verb): \(r)")
        }
    }

    @Test("halo bench's input scenes tap through the daemon's router: every tap is answered by a frame; moves answer nothing")
    func inputBench() throws {
        let taps = try halo(["bench", "--scene", "input-tap", "--frames", "6", "--latency"])
        #expect(taps.status == 0 && taps.out.contains("6 steps, 6 answered, 7 frames drawn") && taps.out.contains("p50 "), "\(taps)")
        let moves = try halo(["bench", "--scene", "input-move", "--frames", "6"])
        #expect(moves.status == 0 && moves.out.contains("6 steps, 0 answered, 1 frames drawn"), "\(moves)")
    }

    @Test("halo lint --board checks a board's contrast and timings: the shipped mock board passes, a low-contrast one is named")
    func boardLint() throws {
        let clean = try halo(["lint", "--board", "mock-480x480"])
        #expect(clean.status == 0 && clean.out == "board mock-480x480: no findings\n", "\(clean)")
        let dir = try scratch()
        let path = dir.appendingPathComponent("dim.yaml").path
        try "name: dim\ntheme:\n  background: \"#0050A0\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let dim = try halo(["lint", "--board", path])
        #expect(
            dim.status == 1 && dim.out.contains("board dim: low-contrast: ") && dim.out.contains("indicator on the background: 2.1:1"),
            "\(dim)")
        let neither = try halo(["lint"])
        #expect(neither.status == 2 && neither.err.contains("give a script to check, or --board"), "\(neither)")
    }

    @Test("control bytes from a script reach the terminal escaped, in errors and in lint findings")
    func controlBytesEscaped() throws {
        let dir = try scratch()
        let path = try script("@0 frob\u{1B}[31m\n@0 show a spinner label=\"Please Wait For The\u{07}Printer\"\n", in: dir)
        for args in [["lint", path], ["replay", path, "--out", dir.path]] {
            let verb = args[0]
            let r = try halo(args)
            let all = r.out + r.err
            #expect(all.contains("\\x1B[31m"), "\(verb): \(r)")
            #expect(!all.contains("\u{1B}") && !all.contains("\u{07}"), "\(verb): \(r)")
        }
    }

    @Test("the binary was built")
    func built() {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary.path), "no halo at \(Self.binary.path)")
    }

    @Test("halo boards lists every shipped board")
    func boards() throws {
        let r = try halo(["boards"])
        #expect(r.status == 0)
        for name in ["mock-480x480", "mock-800x480", "mock-320x240-rgb565", "mock-320x240-ring12"] {
            #expect(r.out.contains(name), "\(name) missing from: \(r.out)")
        }
    }

    @Test("halo boards --files names the board, its font and its pictures, for an initramfs hook to copy")
    func boardFiles() throws {
        let r = try halo(["boards", "--files", "qemu-bochs"])
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(r.status == 0 && lines.count == 3, "the test board names no fallback fonts: \(r)")
        #expect(
            lines.first?.hasSuffix("Boards/qemu-bochs.yaml") == true && lines.last?.hasSuffix("Boards/halo-logo.png") == true, "\(lines)")
        #expect(
            lines.dropFirst().allSatisfy {
                FileManager.default.fileExists(atPath: $0.hasPrefix("/") ? $0 : Self.packageRoot.path + "/" + $0)
            })
    }

    @Test("replay writes one PNG per requested time, of the board's size")
    func replayWritesFrames() throws {
        let dir = try scratch()
        let path = try script("@0 show up circular value=10%\n@800 progress up 60%\n", in: dir)
        let out = dir.appendingPathComponent("frames").path
        let r = try halo(["replay", path, "--at", "0,1500", "--out", out])
        #expect(r.status == 0, "\(r.err)")
        for t in ["0", "1500"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(t).png"))
            #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            // IHDR: width and height, big-endian, at bytes 16 and 20.
            let width = data[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == 480 && height == 480)
        }
        #expect(r.out.contains("2 frames"))
    }

    @Test("the same script gives the same bytes")
    func replayDeterministic() throws {
        let dir = try scratch()
        let path = try script("@0 show s spinner label=\"Syncing\"\n@100 toast \"Saved\"\n", in: dir)
        _ = try halo(["replay", path, "--at", "900", "--out", dir.appendingPathComponent("a").path])
        _ = try halo(["replay", path, "--at", "900", "--out", dir.appendingPathComponent("b").path])
        let a = try Data(contentsOf: dir.appendingPathComponent("a/900.png"))
        let b = try Data(contentsOf: dir.appendingPathComponent("b/900.png"))
        #expect(a == b)
    }

    @Test("frames with long fills (clears, a dimmed screen, a box) are the same with 32-byte AVX2 stores as with 16-byte ones")
    func longFillsAlike() throws {
        // Where the processor has AVX2, halo writes long fills with it unless HALO_NO_AVX2 is set;
        // elsewhere both runs take the 16-byte stores.
        let dir = try scratch()
        let path = try script(
            "@0 show pay checkout label=\"Processing payment\"\n@0 show b linear value=37%\n@150 toast \"Saved\"\n", in: dir)
        for board in ["mock-480x480", "mock-320x240-rgb565", "mock-800x480"] {
            let times = "0,90,400,1000"
            let wide = try halo([
                "replay", path, "--board", board, "--at", times, "--out", dir.appendingPathComponent("wide-\(board)").path,
            ])
            let narrow = try halo(
                ["replay", path, "--board", board, "--at", times, "--out", dir.appendingPathComponent("narrow-\(board)").path],
                environment: ["HALO_NO_AVX2": "1"])
            #expect(wide.status == 0 && narrow.status == 0, "\(wide.err)\(narrow.err)")
            for t in times.split(separator: ",") {
                let a = try Data(contentsOf: dir.appendingPathComponent("wide-\(board)/\(t).png"))
                let b = try Data(contentsOf: dir.appendingPathComponent("narrow-\(board)/\(t).png"))
                #expect(a == b, "\(board) at \(t) ms")
            }
        }
    }

    @Test("without --at, each frame is taken once its moment's commands show: after the show delay, a glide, a toast's fade")
    func replayDefaultFrames() throws {
        let dir = try scratch()
        let path = try script(
            """
            @0     show up circular label="Uploading 24 photos" value=0%
            @2000  progress up 25%
            @14000 succeed up "Photos uploaded"
            @14500 toast "Album shared"

            """, in: dir)
        let r = try halo(["replay", path, "--out", dir.path])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains(": 750.png, 2300.png, 14000.png, 14650.png"), "\(r.out)")
        let first = try Data(contentsOf: dir.appendingPathComponent("750.png"))
        let blank = try halo([
            "replay", try script("@0 dismiss none\n", in: dir), "--at", "0", "--out", dir.appendingPathComponent("b").path,
        ])
        #expect(blank.status == 1)
        let nothing = try Data(contentsOf: dir.appendingPathComponent("b/0.png"))
        #expect(first != nothing, "the first frame shows the indicator")
    }

    @Test("halo demo follows the board: its screen or none, its LED count, and LEDs in a row where the board says so")
    func demoFollowsTheBoard() throws {
        let dir = try scratch()
        func demo(_ board: String) throws -> (Run, [String]) {
            let out = dir.appendingPathComponent(board).path
            let r = try halo(["demo", "--board", board, "--out", out])
            return (r, (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? [])
        }
        let (screen, screenFiles) = try demo("mock-320x240-rgb565")
        #expect(screen.status == 0 && screen.out.contains("(320×240 RGB565, no LEDs (a 12-LED ring as a preview))"), "\(screen.out)")
        #expect(screenFiles.contains("circular-determinate.png") && screenFiles.contains("spinners.apng"))
        let (leds, ledFiles) = try demo("beaglebone-black-usr-leds")
        #expect(leds.status == 0 && leds.out.contains("(no screen, 4 LEDs in a row)"), "\(leds.out)")
        #expect(ledFiles == ["ring"], "no screen pictures for a board without a screen: \(ledFiles)")
        let (ring, _) = try demo("raspberrypi-ws2812-ring16")
        #expect(ring.status == 0 && ring.out.contains("16 LEDs on a ring"), "\(ring.out)")
    }

    @Test("bad script lines are reported by line and the run exits 1; the other lines still run")
    func replayBadLines() throws {
        let dir = try scratch()
        let path = try script("@0 show up circular value=10%\n@10 progress up 140%\n@20 fail up\n@30 progress up 50%\n", in: dir)
        let r = try halo(["replay", path, "--at", "1000", "--out", dir.path])
        #expect(r.status == 1)
        #expect(r.err.contains("line 2") && r.err.contains("out of range"), "\(r.err)")
        #expect(r.err.contains("line 3") && r.err.contains("label"), "\(r.err)")
        #expect(!r.err.contains("line 4"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("1000.png").path))
    }

    /// Replays `text` on `board` at 0 and 1000 ms and reads back the record `file` it wrote,
    /// without its comment lines.
    func replayRecord(_ text: String, board: String, file: String) throws -> (Run, [Substring]) {
        let dir = try scratch()
        let path = try script(text, in: dir)
        let r = try halo(["replay", path, "--board", board, "--at", "0,1000", "--out", dir.path])
        let record = try String(contentsOfFile: dir.appendingPathComponent(file).path, encoding: .utf8)
        return (r, record.split(separator: "\n").filter { !$0.hasPrefix("#") })
    }

    @Test("a board with an LED ring also gets leds.txt: one line a time, one colour an LED")
    func replayLeds() throws {
        let (r, lines) = try replayRecord("@0 show up circular value=50%\n", board: "mock-320x240-ring12", file: "leds.txt")
        #expect(r.status == 0, "\(r.err)")
        #expect(lines.count == 2)
        let late = lines[1].split(separator: " ")
        #expect(late.first == "1000" && late.count == 13)
        #expect(late[1] != "#000000" && late[12] == "#000000", "\(lines[1])")
    }

    @Test(
        "leds.txt is what the LEDs are driven to: the board's brightness applied after gamma, as the drivers apply it; leds-picture.txt is what was drawn"
    )
    func replayLedsAfterPipeline() throws {
        // mock-320x240-ring12: leds.brightness 40 %, gamma 2.2. The indicator is #0A84FF.
        let (r, driven) = try replayRecord("@0 show up circular value=50%\n", board: "mock-320x240-ring12", file: "leds.txt")
        #expect(r.status == 0 && r.out.contains("leds-picture.txt"), "\(r)")
        let lit = driven[1].split(separator: " ")[1]
        // Blue 255 stays 255 through gamma, then 40 %: 0x66. Dimmed before gamma it was 0x22.
        #expect(lit.hasSuffix("66"), "\(driven[1])")
        let (_, drawn) = try replayRecord("@0 show up circular value=50%\n", board: "mock-320x240-ring12", file: "leds-picture.txt")
        #expect(drawn[1].split(separator: " ")[1] == "#0A84FF", "\(drawn[1])")
    }

    @Test("an LED-class board's replay writes each LED's brightness as the driver writes it")
    func replayLedClass() throws {
        let (r, lines) = try replayRecord("@0 show up circular value=50%\n", board: "qemu-led-class-ring12", file: "ledclass.txt")
        #expect(r.status == 0 && r.out.contains("ledclass.txt"), "\(r)")
        let levels = lines[1].split(separator: " ").dropFirst().map { Int($0) ?? -1 }
        #expect(levels.count == 12 && levels.filter { $0 > 0 }.count == 6 && levels.allSatisfy { $0 == 0 || $0 == 255 }, "\(lines[1])")
    }

    @Test("a board whose ring is on SPI also gets spi.txt: at each time, the message that set the ring, as its driver would send it")
    func replaySPI() throws {
        let (r, lines) = try replayRecord("@0 show up circular value=50%\n", board: "qemu-spi-apa102-ring12", file: "spi.txt")
        #expect(r.status == 0 && r.out.contains("spi.txt"), "\(r)")
        #expect(lines.count == 2)
        let words = lines[1].split(separator: " ")
        let hex = String(words.last ?? "")
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16) ?? 0 }
        // 12 APA102 LEDs: a zero start frame, 0xE0 and a 5-bit brightness then blue, green, red
        // per LED, one end byte. Lit LEDs have a brightness, dark ones 0.
        #expect(words.first == "1000" && bytes.count == 4 + 12 * 4 + 1, "\(lines[1])")
        #expect(bytes.prefix(4).allSatisfy { $0 == 0 } && (0..<12).allSatisfy { bytes[4 + 4 * $0] & 0xE0 == 0xE0 })
        let levels = (0..<12).map { bytes[4 + 4 * $0] & 0x1F }
        #expect(levels.filter { $0 > 0 }.count == 6, "half the ring lit at 50 %: \(levels)")
        #expect(levels.allSatisfy { $0 == 0 || $0 == levels.max() }, "the lit LEDs alike: \(levels)")
    }

    @Test("a board whose ring is on GPIO lines also gets gpio.txt: at each time, every line's level as the bulk call leaves it")
    func replayGPIO() throws {
        let (r, lines) = try replayRecord(
            "@0 show up circular value=50%\n@1500 show net network\n", board: "qemu-gpio-ring12", file: "gpio.txt")
        #expect(r.status == 0 && r.out.contains("gpio.txt"), "\(r)")
        #expect(lines == ["0 000000000000", "1000 111111000000"], "before the show delay all dark; then half the ring lit")
    }

    @Test("wrong command lines exit 2 with the usage; errors are one sentence on stderr")
    func usageErrors() throws {
        let cases: [([String], String)] = [
            (["frobnicate"], "unknown command"),
            (["replay", "x.halo", "--at", "5,soon"], "--at takes times"),
            (["bench", "--scene", "s9"], "unknown scene"),
            (["bench"], "--scene is required"),
            (["bench", "--scene", "s1", "--format", "YUYV"], "use one of XRGB8888, ARGB8888"),
        ]
        for (arguments, message) in cases {
            let r = try halo(arguments)
            #expect(r.status == 2, "\(arguments): \(r.status)")
            #expect(r.err.contains(message), "\(arguments): \(r.err)")
            #expect(r.out.isEmpty)
        }
    }

    @Test("a missing script or board is a clear error, exit 1")
    func missingFiles() throws {
        let r = try halo(["replay", "/nonexistent/script.halo"])
        #expect(r.status == 1 && r.err.contains("/nonexistent/script.halo"), "\(r.err)")
        let dir = try scratch()
        let path = try script("@0 toast \"Hi\"\n", in: dir)
        let b = try halo(["replay", path, "--board", "no-such-board", "--out", dir.path])
        #expect(b.status == 1 && b.err.contains("no-such-board"), "\(b.err)")
    }

    @Test("bench renders a scene and reports what it touched")
    func bench() throws {
        let r = try halo(["bench", "--scene", "s3", "--frames", "3"])
        #expect(r.status == 0, "\(r.err)")
        #expect(r.out.contains("3 further frames: 3 drawn"), "\(r.out)")
        let setup = try halo(["bench", "--scene", "s1", "--setup-only"])
        #expect(setup.status == 0 && setup.out.contains("nothing drawn"))
        // The checkout scenes: s5 in another format, s6 at 1080p through the fade-in, s7 in RGB565.
        let rgb565 = try halo(["bench", "--scene", "s5", "--format", "RGB565", "--frames", "1"])
        #expect(rgb565.status == 0 && rgb565.out.contains("on 480x480 RGB565"), "\(rgb565.out)")
        let fade = try halo(["bench", "--scene", "s6", "--frames", "3"])
        #expect(fade.status == 0 && fade.out.contains("on 1920x1080 XRGB8888") && fade.out.contains("3 drawn"), "\(fade.out)")
        let small = try halo(["bench", "--scene", "s7", "--frames", "0"])
        #expect(small.status == 0 && small.out.contains("on 800x480 RGB565"), "\(small.out)")
    }
}
