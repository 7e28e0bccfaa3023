// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// SDL2's development files are there, for the SDL example. Named, not written in the trait
/// below: Swift 6.0 crashes on a closure inside @Suite's arguments.
let sdlInstalled = FileManager.default.fileExists(atPath: "/usr/include/SDL2/SDL.h")

/// libhalo (Sources/CHalo/include/halo.h) as apps use it: the test program and the examples,
/// built by the system's gcc against the library this build made, over pictures an app draws
/// in memory. What it draws is checked against `halo replay` on the mock display, a separate
/// path through the engine: over the app's frame it must be the mock's picture on a
/// background of the app's colour, and as a layer the mock overlay's picture over that colour.
/// .ci/libhalo builds the shipped libraries and counts their allocations per frame.
@Suite(
    "libhalo drawn over an app's own frame and into its layer (the system's gcc; SDL2's dummy video driver)",
    .enabled(if: compilersInstalled, "needs gcc (Debian: gcc); CI's main lane installs it"))
struct LibHaloTests {
    /// The app's colour, as libhalo_test.c paints it.
    static let app = "208040"

    /// The library's folder for the linker: the build's libHaloLibrary.so under its soname.
    static func library(in dir: URL) throws -> URL {
        let lib = dir.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        let built = CommandTests.binary.deletingLastPathComponent().appendingPathComponent("libHaloLibrary.so")
        for name in ["libhalo.so.1", "libhalo.so"] {
            try FileManager.default.createSymbolicLink(at: lib.appendingPathComponent(name), withDestinationURL: built)
        }
        return lib
    }

    /// Builds one C file against halo.h and the library; returns the program.
    static func build(_ source: String, in dir: URL, extra: [String] = []) throws -> String {
        let lib = try library(in: dir)
        let program = dir.appendingPathComponent(URL(fileURLWithPath: source).deletingPathExtension().lastPathComponent).path
        let include = CommandTests.packageRoot.appendingPathComponent("Sources/CHalo/include").path
        let cc = try ChildProcess.run(
            [
                "gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-D_DEFAULT_SOURCE", "-I", include,
                CommandTests.packageRoot.appendingPathComponent(source).path,
            ]
                + extra + ["-L", lib.path, "-lhalo", "-Wl,-rpath," + lib.path, "-rdynamic", "-o", program],
            timeout: 120)
        #expect(cc.status == 0, "\(source): \(cc.err)")
        return program
    }

    /// A board for both sides: the engine's theme and policy, and the mock display replayed.
    static func board(layer: Bool, turn: Int) -> String {
        """
        name: libhalo-\(layer ? "layer" : "over")
        description: libhalo's tests' board
        display: mock
        screen:
          width: 480
          height: 480
          rotation: \(turn)
          format: \(layer ? "ARGB8888-premultiplied" : "XRGB8888")
        \(layer ? "  backdrop: \"#\(app)\"" : "")
        theme:
          background: "#\(app)"
          toast: {opacity: 70}
          checkout: {overlay-opacity: 35}
        policy: {toast-ms: 60000, toast-long-ms: 60000}

        """
    }

    /// The pixels of a binary PPM (P6, 8 bits) as RGB bytes.
    static func ppm(_ url: URL) throws -> [UInt8] {
        let bytes = [UInt8](try Data(contentsOf: url))
        // "P6", width, height, maximum: four fields separated by white space, then one byte.
        var fields = 0, i = 0
        while fields < 4 && i < bytes.count {
            while i < bytes.count && [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
            while i < bytes.count && ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
            fields += 1
        }
        return Array(bytes[(i + 1)...])
    }

    /// The mock's picture of `lines` at 2000 ms on `board`, from `halo replay`.
    static func replayed(_ lines: [String], board: String, in dir: URL) throws -> [UInt8] {
        let test = CommandTests()
        let boardPath = dir.appendingPathComponent("replay-\(UUID().uuidString.prefix(6)).yaml")
        try board.write(to: boardPath, atomically: true, encoding: .utf8)
        let script = try test.script(lines.map { $0.hasPrefix("@") ? $0 : "@0 \($0)" }.joined(separator: "\n") + "\n", in: dir)
        let out = dir.appendingPathComponent("replay-\(UUID().uuidString.prefix(6))")
        let replay = try test.halo(["replay", script, "--board", boardPath.path, "--at", "2000", "--out", out.path])
        #expect(replay.status == 0, "\(replay.err)")
        return try test.picture(out.appendingPathComponent("2000.png")).rgb
    }

    static func differing(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count else { return -1 }
        return stride(from: 0, to: a.count, by: 3).filter { a[$0..<$0 + 3] != b[$0..<$0 + 3] }.count
    }

    @Test("every refusal: NULLs, a config of another size, absurd sizes and rectangles, a wrong format, drawing before preparing")
    func refusals() throws {
        let dir = try CommandTests().scratch()
        let run = try ChildProcess.run([try Self.build("clients/libhalo/tests/libhalo_test.c", in: dir), "checks"], timeout: 120)
        #expect(run.status == 0, "\(run)")
    }

    @Test(
        "frame after frame over the app, repainting where asked, the last is byte for byte the mock's picture on the app's colour, and the layer blended over it the mock overlay's, at every turn of the panel",
        arguments: [0, 90, 180, 270])
    func sameAsTheMock(turn: Int) throws {
        let dir = try CommandTests().scratch()
        let program = try Self.build("clients/libhalo/tests/libhalo_test.c", in: dir)
        // Translucent parts at several alphas, a spinner turning, a bar gliding to its new
        // value in the last frames, a toast and a checkout coming and going.
        let scenes: [[String]] = [
            [#"show up circular label="Uploading photos" value=40%"#, #"show pay checkout label="Paying""#, #"toast "Saved""#],
            [
                #"@0 show up linear label="Uploading photos" value=10%"#, #"@0 show w spinner label="Connecting" place=top"#,
                #"@400 toast "Saved to the gallery""#, "@1904 progress up 0.9",
            ],
            [#"@0 show pay checkout label="Paying""#, "@800 dismiss pay", #"@800 show sync circular value=30% place=dialog"#],
        ]
        for (i, lines) in scenes.enumerated() {
            let out = dir.appendingPathComponent("scene\(i)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let boardPath = out.appendingPathComponent("board.yaml")
            try Self.board(layer: false, turn: turn).write(to: boardPath, atomically: true, encoding: .utf8)
            let run = try ChildProcess.run(
                [program, "pictures", boardPath.path, out.path, String(turn)] + lines, environment: CommandTests.environment(), timeout: 300
            )
            #expect(run.status == 0, "scene \(i): \(run)")
            let over = try Self.ppm(out.appendingPathComponent("over.ppm"))
            let layer = try Self.ppm(out.appendingPathComponent("layer.ppm"))
            #expect(Self.differing(over, try Self.replayed(lines, board: Self.board(layer: false, turn: turn), in: out)) == 0, "scene \(i)")
            #expect(Self.differing(layer, try Self.replayed(lines, board: Self.board(layer: true, turn: turn), in: out)) == 0, "scene \(i)")
        }
    }

    @Test("the example in plain memory runs and leaves its toast over the app's gradient")
    func memoryExample() throws {
        let dir = try CommandTests().scratch()
        let program = try Self.build("clients/libhalo/examples/memory.c", in: dir)
        let out = dir.appendingPathComponent("frame.ppm")
        let run = try ChildProcess.run([program, out.path], timeout: 120)
        #expect(run.status == 0 && run.err.isEmpty, "\(run)")
        let pixels = try Self.ppm(out)
        #expect(pixels.count == 480 * 320 * 3)
        // The gradient where Halo drew nothing; the toast's dark box at the centre.
        let corner = Array(pixels[0..<3]), centre = (160 * 480 + 120) * 3
        #expect(corner == [0, 0, 0x80], "corner \(corner)")
        #expect(pixels[centre] < 0x60 && pixels[centre + 1] < 0x60, "centre \(Array(pixels[centre..<centre + 3]))")
    }

    @Test(
        "the SDL2 example draws its indicator into its window's surface: Halo's picture where it draws, the app's own elsewhere",
        .enabled(if: sdlInstalled, "needs SDL2's development files (Debian: libsdl2-dev); CI's main lane installs them"))
    func sdlExample() throws {
        let dir = try CommandTests().scratch()
        let sdl = try ChildProcess.run(["pkg-config", "--cflags", "--libs", "sdl2"], timeout: 30)
        let flags = sdl.out.split(separator: " ").map { String($0).trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        let program = try Self.build("clients/libhalo/examples/sdl-overlay.c", in: dir, extra: flags)
        let bmp = dir.appendingPathComponent("last.bmp")
        var environment = CommandTests.environment()
        environment["SDL_VIDEODRIVER"] = "dummy"
        let run = try ChildProcess.run([program, bmp.path], environment: environment, timeout: 120)
        #expect(run.status == 0, "\(run)")
        let seen = try Self.bmp(bmp)
        // The app sent a percent whenever its 100 ms came, at its frames 16 ms apart.
        var lines = [#"@0 show upload circular label="Uploading photos" value=0%"#]
        var percent = 0
        for ms in stride(from: 0, through: 2000, by: 16) where ms / 100 > percent {
            percent = ms / 100
            lines.append("@\(ms) progress upload \(percent)%")
        }
        let drawn = try Self.replayed(lines, board: Self.board(layer: false, turn: 0), in: dir)
        // The app's header bar and button, which Halo does not reach, are the app's colours.
        var differ = 0
        for y in 0..<480 {
            for x in 0..<480 {
                let i = (y * 480 + x) * 3
                let own: [UInt8]? = y < 48 ? [0x10, 0x30, 0x60] : (y >= 400 && y < 448 && x >= 160 && x < 320) ? [0xF0, 0xC0, 0x30] : nil
                if Array(seen[i..<i + 3]) != (own ?? Array(drawn[i..<i + 3])) { differ += 1 }
            }
        }
        #expect(differ == 0, "\(differ) pixels differ")
    }

    /// The pixels of an uncompressed 24-bit BMP, as SDL_SaveBMP writes one, as RGB bytes from the top row.
    static func bmp(_ url: URL) throws -> [UInt8] {
        let b = [UInt8](try Data(contentsOf: url))
        func word(_ at: Int) -> Int { Int(b[at]) | Int(b[at + 1]) << 8 | Int(b[at + 2]) << 16 | Int(b[at + 3]) << 24 }
        let offset = word(10), width = word(18), height = Int(Int32(truncatingIfNeeded: word(22)))
        #expect(b[28] == 24 && width == 480 && abs(height) == 480, "a \(b[28])-bit \(width)x\(height) BMP")
        let row = (width * 3 + 3) / 4 * 4
        var out: [UInt8] = []
        for y in 0..<abs(height) {
            let stored = height > 0 ? abs(height) - 1 - y : y
            for x in 0..<width {
                let p = offset + stored * row + x * 3
                out += [b[p + 2], b[p + 1], b[p]]
            }
        }
        return out
    }
}
