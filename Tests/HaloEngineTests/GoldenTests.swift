import Foundation
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloMock
import HaloOutputs
import Testing

/// The demo gallery against golden images in Tests/HaloEngineTests/Golden. They catch change;
/// the geometry tests in HaloRenderTests catch error. After an intended change, regenerate
/// them with `HALO_UPDATE_GOLDEN=1 swift test --filter GoldenTests` and look at the new files.
@Suite("Golden gallery")
struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    static let boards = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Boards").standardized.path

    @Test("each gallery scene matches its golden image", arguments: DemoGallery.scenes.map(\.name))
    func scene(name: String) throws {
        try compare(name, board: "mock-480x480", golden: name)
    }

    @Test(
        "concurrent activities and placements on a small landscape panel match their golden images",
        arguments: DemoGallery.scenes.map(\.name).filter { $0.hasPrefix("concurrent-") || $0.hasPrefix("placement-") })
    func smallBoard(name: String) throws {
        try compare(name, board: "mock-320x240-rgb565", golden: name + "-320x240")
    }

    func compare(_ name: String, board boardName: String, golden goldenName: String) throws {
        let scene = DemoGallery.scenes.first { $0.name == name }!
        let board = try BoardLoader.load("\(Self.boards)/\(boardName).yaml")
        let engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight, theme: board.theme, policy: board.policy,
            text: try FreeTypeText())
        let screen = Screen(engine: engine, display: MemoryDisplay(width: board.width, height: board.height, format: board.format))
        try DemoGallery.play(scene, on: engine)
        try screen.update(at: .milliseconds(scene.at))
        let png = try screen.display.png()
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
