// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloRender
import Testing

/// Pictures named by a board: found, decoded once when the board is read, and refused with
/// the reason when they cannot be shown.
@Suite("Pictures a board names")
struct BoardPictureTests {
    static func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-board-pictures-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static let logo = LogoAssetTests.png(ThemePicturesTests.solid(8, 4, Color(r: 1, g: 2, b: 3, a: 200)))

    @Test("a logo beside the board, a background by absolute path, the boot splash's own and one mode's")
    func found() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(Self.logo).write(to: dir.appendingPathComponent("logo.png"))
        try Data(LogoAssetTests.png(ThemePicturesTests.solid(2, 2, .white))).write(to: dir.appendingPathComponent("white.png"))
        let board = dir.appendingPathComponent("b.yaml")
        try """
        theme:
          logo: {file: logo.png, height: 40}
          background-image: {file: \(dir.path)/white.png}
        boot:
          logo: white.png
          updates: {logo: logo.png, background-image: logo.png}
        """.write(to: board, atomically: true, encoding: .utf8)
        let b = try BoardLoader.load(board.path)
        #expect(b.theme.logo?.width == 8 && b.theme.logo?.pixels.first == Color(r: 1, g: 2, b: 3, a: 200) && b.theme.logoHeight == 40)
        #expect(b.theme.backgroundImage?.width == 2)
        #expect(b.pictureFiles == [dir.path + "/logo.png", dir.path + "/white.png"], "each file once, as found")
        #expect(b.theme(forBootMode: "boot-up").logo?.width == 2, "the splash's logo in a mode without its own")
        #expect(b.theme(forBootMode: "updates").logo?.width == 8 && b.theme(forBootMode: "updates").backgroundImage?.width == 8)
    }

    @Test("a picture that is missing, not a file, not a PNG or damaged stops the board, naming the file and the fix")
    func refused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("not a picture".utf8).write(to: dir.appendingPathComponent("text.png"))
        var cut = Self.logo
        cut.removeLast(20)
        try Data(cut).write(to: dir.appendingPathComponent("cut.png"))
        let fifo = dir.appendingPathComponent("fifo.png").path
        mkfifo(fifo, 0o600)
        let cases = [
            ("gone.png", "cannot open \(dir.path)/gone.png"), ("text.png", "it is not a PNG file"), ("cut.png", "cut short"),
            ("fifo.png", "a FIFO, not a regular file"), (dir.path, "is a directory"),
        ]
        for (name, reason) in cases {
            let board = dir.appendingPathComponent("b.yaml")
            try "theme:\n  logo:\n    file: \(name)\n".write(to: board, atomically: true, encoding: .utf8)
            do {
                _ = try BoardLoader.load(board.path)
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.description.contains(reason) && error.description.contains("theme.logo.file"), "\(name): \(error)")
            }
        }
    }
}
