// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import Testing

/// The demo gallery against golden images in Tests/HaloEngineTests/Golden. They catch change;
/// the geometry tests in HaloRenderTests catch error. After an intended change, regenerate
/// them with `HALO_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and look at the new files.
@Suite("Golden gallery")
struct GoldenTests {
    /// The scenes also drawn on the small panel. Worked out here, not in the @Test attribute:
    /// Swift 6.0's compiler crashes on a closure there.
    static let sceneNames = DemoGallery.scenes.map(\.name)
    static let motionNames = DemoGallery.ringMotions.map(\.name)
    static let smallBoardScenes = DemoGallery.scenes.map(\.name).filter { $0.hasPrefix("concurrent-") || $0.hasPrefix("placement-") }
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Boards").standardized.path

    @Test("each gallery scene matches its golden image", arguments: GoldenTests.sceneNames)
    func scene(name: String) throws {
        // The boot splash's scenes on a board with a boot logo (the built-in board has none).
        let boot = DemoGallery.scenes.first { $0.name == name }?.bootMode != nil
        try compare(name, board: boot ? "mock-800x480" : "mock-480x480", golden: name)
    }

    @Test(
        "concurrent activities and placements on a small landscape panel match their golden images",
        arguments: GoldenTests.smallBoardScenes)
    func smallBoard(name: String) throws {
        try compare(name, board: "mock-320x240-rgb565", golden: name + "-320x240")
    }

    func compare(_ name: String, board boardName: String, golden goldenName: String) throws {
        let scene = DemoGallery.scenes.first { $0.name == name }!
        let board = try BoardLoader.load("\(Self.boards)/\(boardName).yaml")
        let engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight,
            theme: scene.bootMode.map { board.theme(forBootMode: $0) } ?? board.theme,
            policy: board.policy, text: try FreeTypeText())
        let screen = Screen(engine: engine, display: MemoryDisplay(width: board.width, height: board.height, format: board.format))
        // Over the demo's app screen, as `halo demo` draws the gallery; the boot splash alone.
        if scene.bootMode == nil { screen.backdrop = DemoBackdrop.layers(width: board.logicalWidth, height: board.logicalHeight) }
        try DemoGallery.play(scene, on: engine)
        try screen.update(at: .milliseconds(scene.at))
        try Self.match(try screen.display.png(), golden: goldenName)
    }

    /// Compares `png` with the golden image of that name, or writes it there when
    /// HALO_UPDATE_GOLDEN=1.
    static func match(_ png: [UInt8], golden goldenName: String) throws {
        let file = Self.folder.appendingPathComponent("\(goldenName).png")
        if ProcessInfo.processInfo.environment["HALO_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try Data(png).write(to: file)
            return
        }
        guard let golden = try? Data(contentsOf: file) else {
            Issue.record("no golden image \(file.path); create it with HALO_UPDATE_GOLDEN=1 swift test --filter GoldenTests")
            return
        }
        let want = try PNGImage.decode([UInt8](golden))
        let got = try PNGImage.decode(png)
        #expect(want.width == got.width && want.height == got.height)
        var differing = 0
        for i in 0..<min(want.rgb.count, got.rgb.count) where want.rgb[i] != got.rgb[i] { differing += 1 }
        if differing > 0 {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(goldenName).actual.png")
            try? Data(png).write(to: actual)
            Issue.record("\(goldenName): \(differing) channel values differ from the golden image; the new picture is \(actual.path)")
        }
    }
}

extension GoldenTests {
    @Test(
        "ring pictures: each LED's disc shows its colour at its place round the ring, and they match their golden images",
        arguments: ["circular-determinate", "circular-error", "checkout"])
    func ringPicture(name: String) throws {
        let scene = DemoGallery.scenes.first { $0.name == name }!
        let board = try BoardLoader.load("\(Self.boards)/mock-480x480.yaml")
        let engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight, theme: board.theme, policy: board.policy,
            text: try FreeTypeText())
        try DemoGallery.play(scene, on: engine)
        var look = LedRingLook()
        look.count = 12
        let colors = engine.ledColors(look, at: .milliseconds(scene.at))
        let rgb = LedRingPicture.rgb(colors)
        // The centre of LED i's disc: 60 px from the middle, i/12 of a turn clockwise from 12 o'clock.
        for (i, c) in colors.enumerated() {
            let angle = Double(i) / 12 * 2 * .pi
            let x = Int((80 + 60 * sin(angle)).rounded(.down)), y = Int((80 - 60 * cos(angle)).rounded(.down))
            let at = (y * 160 + x) * 3
            let expected = c == .black ? Color(rgb: 0x2A2A2A) : c
            #expect(Array(rgb[at..<(at + 3)]) == [expected.r, expected.g, expected.b], "\(name): LED \(i)")
        }
        let png = try PNGEncoder.encode(width: 160, height: 160, rgb: rgb)
        let file = Self.folder.appendingPathComponent("ring-\(name).png")
        if ProcessInfo.processInfo.environment["HALO_UPDATE_GOLDEN"] == "1" {
            try Data(png).write(to: file)
            return
        }
        let golden = try PNGImage.decode([UInt8](try Data(contentsOf: file)))
        let differing = zip(golden.rgb, rgb).filter { $0 != $1 }.count + abs(golden.rgb.count - rgb.count)
        #expect(differing == 0, "ring-\(name): \(differing) channel values differ from its golden image")
    }

    @Test(
        "ring motion strips: each state's moments on a 12-LED ring, in colour and on on/off LEDs, match their golden images",
        arguments: GoldenTests.motionNames)
    func ringMotionStrip(name: String) throws {
        let scene = DemoGallery.ringMotions.first { $0.name == name }!
        let board = try BoardLoader.load("\(Self.boards)/mock-480x480.yaml")
        var policy = board.policy
        policy.showDelay = Milliseconds(0)
        let engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight, theme: board.theme, policy: policy, text: try FreeTypeText()
        )
        var look = LedRingLook()
        look.count = 12
        let rows = try DemoGallery.ringStrip(scene, on: engine, look: look)
        #expect(rows[1] == rows[0].map(LedRingPicture.onOff))
        let strip = LedRingPicture.strip(rows)
        #expect(strip.width == 16 * 64 && strip.height == 128)
        let png = try PNGEncoder.encode(width: strip.width, height: strip.height, rgb: strip.rgb)
        let file = Self.folder.appendingPathComponent("ring-motion-\(name).png")
        if ProcessInfo.processInfo.environment["HALO_UPDATE_GOLDEN"] == "1" {
            try Data(png).write(to: file)
            return
        }
        let golden = try PNGImage.decode([UInt8](try Data(contentsOf: file)))
        let differing = zip(golden.rgb, strip.rgb).filter { $0 != $1 }.count + abs(golden.rgb.count - strip.rgb.count)
        #expect(differing == 0, "ring-motion-\(name): \(differing) channel values differ from its golden image")
    }
}
