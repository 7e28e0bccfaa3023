// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX
import HaloRender
import HaloTestSupport
import Testing

@testable import HaloSetup

/// The splash's first frame saved ahead (`halo run --save-first-frame`): packed and read back
/// exactly, damaged files refused with a reason, and the frame the same as the daemon's own.
@Suite("A first frame saved ahead for the boot splash")
struct StartFrameTests {
    /// Pixels with long runs, short runs and noise, as a splash has: background, edges, text.
    static func pixels(count: Int, bytesPerPixel bpp: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var out: [UInt8] = []
        while out.count < count * bpp {
            let pixel = (0..<bpp).map { _ in UInt8(truncatingIfNeeded: next()) }
            let length = [1, 1, 2, 3, 40, 40_000][Int(next() % 6)]
            for _ in 0..<length { out += pixel }
        }
        return Array(out.prefix(count * bpp))
    }

    /// The words of the error `body` throws; nil when it throws none. (Swift 6.0's Testing
    /// does not hand back the error `#expect(throws:)` caught.)
    static func failure(_ body: () throws -> some Any) -> String? {
        do {
            _ = try body()
            return nil
        } catch { return String(describing: error) }
    }

    static func unpack(_ packed: [UInt8], pixels: Int, bytesPerPixel bpp: Int) throws(StartFrameError) -> [UInt8] {
        var out = [UInt8](repeating: 0xAA, count: pixels * bpp)
        let failure: StartFrameError? = packed.withUnsafeBytes { from in
            out.withUnsafeMutableBytes { to in
                do {
                    try FramePacking.unpack(from, into: to, bytesPerPixel: bpp)
                    return nil
                } catch { return error as? StartFrameError ?? StartFrameError("\(error)") }
            }
        }
        if let failure { throw failure }
        return out
    }

    @Test("packing gives back every pixel at 2, 3 and 4 bytes, across runs longer than one packet holds")
    func roundTrip() throws {
        for bpp in [2, 3, 4] {
            for (count, seed) in [(1, 1), (2, 2), (32_768, 3), (32_769, 4), (800 * 480, 5), (70_001, 6)] as [(Int, UInt64)] {
                let original = Self.pixels(count: count, bytesPerPixel: bpp, seed: seed)
                let packed = original.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: bpp) }
                #expect(try Self.unpack(packed, pixels: count, bytesPerPixel: bpp) == original, "\(count) pixels of \(bpp) bytes")
            }
        }
        // All different: literal packets only, none longer than a packet holds.
        let noise: [UInt8] = (0..<40_000).flatMap { i -> [UInt8] in [UInt8(i & 0xFF), UInt8(i >> 8), 7, 9] }
        let packed = noise.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: 4) }
        #expect(try Self.unpack(packed, pixels: 40_000, bytesPerPixel: 4) == noise)
        // One colour: a 800x480 background packs to 12 runs of 6 bytes.
        let flat = [UInt8](repeating: 0x10, count: 800 * 480 * 4)
        #expect(flat.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: 4) }.count == 12 * 6)
    }

    @Test("unpacked into a scan-out buffer whose rows are padded, every row gets its pixels and no padding byte is written")
    func paddedRows() throws {
        for bpp in [2, 3, 4] {
            let (width, height, stride) = (101, 37, 101 * bpp + 29)
            let original = Self.pixels(count: width * height, bytesPerPixel: bpp, seed: UInt64(bpp))
            let packed = original.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: bpp) }
            var memory = [UInt8](repeating: 0xEE, count: stride * height)
            let failure: String? = packed.withUnsafeBytes { from in
                memory.withUnsafeMutableBytes { to -> String? in
                    let rows = FramePacking.Rows(base: to.baseAddress!, width: width, height: height, stride: stride, bytesPerPixel: bpp)
                    do {
                        try FramePacking.unpack(from, into: rows)
                        return nil
                    } catch { return String(describing: error) }
                }
            }
            #expect(failure == nil)
            for y in 0..<height {
                let row = memory[(y * stride)..<(y * stride + width * bpp)]
                #expect(Array(row) == Array(original[(y * width * bpp)..<((y + 1) * width * bpp)]), "row \(y) at \(bpp) bytes")
                #expect(memory[(y * stride + width * bpp)..<((y + 1) * stride)].allSatisfy { $0 == 0xEE }, "padding of row \(y)")
            }
        }
    }

    @Test("a pack cut short, with bytes over, or with a packet past the frame is refused, saying which")
    func damagedPacks() throws {
        let original = Self.pixels(count: 5000, bytesPerPixel: 4, seed: 9)
        let packed = original.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: 4) }
        for cut in stride(from: 0, to: packed.count, by: 7) {
            #expect(throws: StartFrameError.self) { try Self.unpack(Array(packed.prefix(cut)), pixels: 5000, bytesPerPixel: 4) }
        }
        let over = Self.failure { try Self.unpack(packed + [0], pixels: 5000, bytesPerPixel: 4) }
        #expect(over?.contains("follow the frame's last pixel") == true)
        // A run of 32,768 into a frame of 10.
        let past = Self.failure { try Self.unpack([0xFF, 0xFF, 1, 2, 3, 4], pixels: 10, bytesPerPixel: 4) }
        #expect(past?.contains("runs past the frame") == true)
    }

    static func frame(key: String = "k") -> StartFrame {
        let pixels = Self.pixels(count: 64 * 32, bytesPerPixel: 2, seed: 11)
        return StartFrame(
            key: key,
            screen: StartFrame.Screen(
                device: "/dev/dri/card1", connector: "DSI-1", mode: ModeRequest(width: 64, height: 32, refresh: 60), rotationFromPanel: true
            ),
            width: 64, height: 32, format: .rgb565, rotation: .half,
            packed: pixels.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: 2) })
    }

    @Test("the file gives back its frame; a file cut anywhere in its header, or with absurd fields, is refused")
    func fileFormat() throws {
        let frame = Self.frame()
        let bytes = frame.encoded()
        #expect(try StartFrame.decode(bytes) == frame)
        var plain = frame
        plain.screen = StartFrame.Screen(device: nil, connector: nil, mode: nil, rotationFromPanel: false)
        #expect(try StartFrame.decode(plain.encoded()) == plain)
        let header = bytes.count - frame.packed.count
        for cut in 0..<header {
            #expect(throws: StartFrameError.self) { try StartFrame.decode(Array(bytes.prefix(cut))) }
        }
        var foreign = bytes
        foreign[0] = UInt8(ascii: "X")
        #expect(throws: StartFrameError.self) { try StartFrame.decode(foreign) }
        for (field, value) in [(\StartFrame.width, Int32(0)), (\.width, 9000), (\.height, -1)] {
            var absurd = frame
            absurd[keyPath: field] = value
            let error = Self.failure { try StartFrame.decode(absurd.encoded()) }
            #expect(error?.contains("sides run from 1 to 8192") == true)
        }
        let rotationAt = header - 2 - "RGB565".utf8.count - 4
        var turned = bytes
        turned[rotationAt] = 45
        #expect(throws: StartFrameError.self) { try StartFrame.decode(turned) }
    }

    static func board(in dir: URL, extra: String = "") throws -> String {
        let path = dir.appendingPathComponent("splash.yaml").path
        try """
        name: splash
        display: drm
        screen: {width: 320, height: 240, mode: 320x240, format: XRGB8888}
        theme: {background: "#102030"}
        policy: {show-delay-ms: 0, min-visible-ms: 0}
        motion: none
        boot:
          logo: \(DaemonAssemblyTests.boards)/halo-logo.png
        \(extra)
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func options(_ board: String, in dir: URL, show: String) throws -> DaemonOptions {
        var options = DaemonOptions(
            boardSource: board, board: try BoardLoader.load(board), socket: dir.appendingPathComponent("halo.sock").path, log: { _ in })
        options.plymouth = true
        options.plymouthListener = try AbstractSocketListener(name: "halo-test-\(UUID().uuidString.prefix(8))")
        options.showAtStart = show
        return options
    }

    @Test("the frame saved ahead is the daemon's own first frame, pixel for pixel: logo, Plymouth's mode and the --show line")
    func sameAsTheDaemons() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = try Self.board(in: dir)
        let line = #"show update linear label="Installing" value=40%"#
        let key = StartFrameKey(
            version: "test", plymouth: true, plymouthMode: "boot-up", show: line, display: nil, psplash: false, motion: nil)
        let keyText = key.text(board: Array(try Data(contentsOf: URL(fileURLWithPath: board))))
        let saved = try StartFrameRehearsal.draw(try Self.options(board, in: dir, show: line), key: keyText)
        #expect(saved.width == 320 && saved.height == 240 && saved.format == .xrgb8888 && saved.key == keyText)
        #expect(saved.screen.mode == ModeRequest(width: 320, height: 240))

        // The daemon as `halo run` puts it together, on its real clock, drawing its first frame.
        var options = try Self.options(board, in: dir, show: line)
        options.display = .mock
        options.socket = dir.appendingPathComponent("daemon.sock").path
        let display = MemoryDisplay(width: 320, height: 240, format: .xrgb8888)
        let daemon = try DaemonAssembly(options, display: display, described: "mock")
        for _ in 0..<8 where daemon.server.framesDrawn == 0 { daemon.server.step(maximumWait: 0) }
        #expect(daemon.server.framesDrawn == 1)
        let unpacked = try Self.unpack(saved.packed, pixels: 320 * 240, bytesPerPixel: 4)
        #expect(unpacked == display.memory, "the saved frame is the one the daemon draws")
        #expect(Set(stride(from: 0, to: unpacked.count, by: 4).map { unpacked[$0 + 2] }).count > 10, "a picture, not a blank frame")
    }

    @Test("a frame is saved only for a DRM board, and its key changes with the board's bytes and the picture's options")
    func keysAndBoards() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var options = try Self.options(try Self.board(in: dir), in: dir, show: "show a circular")
        options.display = .fbdev
        let error = Self.failure { try StartFrameRehearsal.draw(options, key: "k") }
        #expect(error?.contains("use a board with display: drm") == true)
        options.display = .drm
        let long = Self.failure { try StartFrameRehearsal.draw(options, key: String(repeating: "k", count: 20_000)) }
        #expect(long?.contains("shorten --show") == true)

        let key = StartFrameKey(version: "v", plymouth: true, plymouthMode: "boot-up", show: nil, display: nil, psplash: false, motion: nil)
        let board = Array("name: a\n".utf8)
        #expect(key.text(board: board) == key.text(board: board))
        #expect(key.text(board: board) != key.text(board: Array("name: b\n".utf8)))
        for changed in [
            StartFrameKey(version: "v", plymouth: true, plymouthMode: "shutdown", show: nil, display: nil, psplash: false, motion: nil),
            StartFrameKey(
                version: "v", plymouth: true, plymouthMode: "boot-up", show: "show a circular", display: nil, psplash: false, motion: nil),
            StartFrameKey(version: "w", plymouth: true, plymouthMode: "boot-up", show: nil, display: nil, psplash: false, motion: nil),
            StartFrameKey(version: "v", plymouth: true, plymouthMode: "boot-up", show: nil, display: nil, psplash: false, motion: "none"),
        ] {
            #expect(changed.text(board: board) != key.text(board: board))
        }
    }

    @Test(
        "at boot, a frame for another key or a damaged one is left out with a reason, no frame at all says nothing, and the hook's own is found"
    )
    func leftOut() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let board = try Self.board(in: dir)
        let key = StartFrameKey(version: "v", plymouth: true, plymouthMode: "boot-up", show: nil, display: nil, psplash: false, motion: nil)
        var said: [String] = []
        #expect(StartFrameShow.load(board: board, key: key, log: { said.append($0) }) == nil)
        #expect(said.isEmpty, "no frame saved: nothing to say")

        let path = StartFrame.path(forBoard: board)
        #expect(path == dir.appendingPathComponent("splash.frame").path)
        try Data(Self.frame(key: "another").encoded()).write(to: URL(fileURLWithPath: path))
        #expect(StartFrameShow.load(board: board, key: key, log: { said.append($0) }) == nil)
        #expect(said.last?.contains("is for another board, program or options") == true, "\(said)")

        try Data(Self.frame().encoded().prefix(20)).write(to: URL(fileURLWithPath: path))
        #expect(StartFrameShow.load(board: board, key: key, log: { said.append($0) }) == nil)
        #expect(said.last?.contains("cannot be used: the frame's header is cut short") == true, "\(said)")

        // The hook's own frame: its pixels are found behind the header, none read before.
        let text = key.text(board: Array(try Data(contentsOf: URL(fileURLWithPath: board))))
        let good = try StartFrameRehearsal.draw(try Self.options(board, in: dir, show: "show a circular"), key: text)
        try Data(good.encoded()).write(to: URL(fileURLWithPath: path))
        let loaded = StartFrameShow.load(board: board, key: key, log: { said.append($0) })
        #expect(loaded.map { Array($0.packed) } == good.packed && loaded?.frame.width == 320, "\(said)")
    }

    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-start-frame-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
