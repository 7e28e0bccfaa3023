// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloFreeType

/// `halo boards`: lists the board profiles Halo can find; `halo boards --files [BOARD]` prints
/// the files a board needs (its own file, its font and its pictures), one a line, for an
/// initramfs hook to copy.
enum BoardsCommand {
    static let usage = "halo boards | halo boards --files [NAME|PATH]"

    static func run(_ words: [String]) throws(CLIError) {
        if words.first == "--files" && words.count <= 2 { return try files(words.count == 2 ? words[1] : nil) }
        if !words.isEmpty { throw CLIError("boards takes no arguments but --files [NAME|PATH]; usage: \(usage)", status: 2) }
        let found = BoardLoader.available()
        if found.isEmpty {
            throw CLIError(
                "no board profiles found in \(BoardLoader.searchPaths().joined(separator: ", ")); set HALO_BOARDS to the repository's Boards folder"
            )
        }
        print(
            "# looked in \(BoardLoader.searchPaths().joined(separator: ", ")), the first with a name wins; \(BuiltInBoard.name) is built in"
        )
        for (name, path) in found {
            do {
                let b = try BoardLoader.load(path)
                if b.display.kind == .headless {
                    print("\(name.padding(28)) \("no screen".padding(24)) \("\(b.leds.count) LEDs".padding(8)) \(b.description)")
                    continue
                }
                let size = "\(b.width)x\(b.height)"
                print(
                    "\(name.padding(28)) \(size.padding(10)) \(b.format.rawValue.padding(9)) rot \((b.display.rotationFromPanel ? "auto" : String(b.rotation.degrees)).padding(4)) \(b.description)"
                )
            } catch {
                print("\(name.padding(28)) invalid: \(error.description)")
            }
        }
    }
}

extension BoardsCommand {
    /// The board's file (none for the built-in board), its font file and its picture files, as
    /// found now.
    static func files(_ given: String?) throws(CLIError) {
        let chosen: String
        let board: Board
        do {
            chosen = try BoardLoader.deviceBoard(given)
            board = try BoardLoader.load(chosen)
        } catch {
            throw CLIError(error.description)
        }
        let font = FontLocator.locate(board.theme.fontPath ?? FreeTypeText.defaultFontPath)
        guard let found = font.found else {
            throw CLIError("\(board.name)'s font is in none of \(font.looked.joined(separator: ", ")); install it or set theme.font.file")
        }
        if let file = BoardLoader.file(of: chosen) { print(file) }
        print(found)
        // The fallback fonts installed here; one that is not is simply not copied, as Halo
        // skips it at run time.
        for fallback in FreeTypeText.fallbacks(board.theme.fallbackFontPaths) {
            if let path = FontLocator.locate(fallback).found { print(path) }
        }
        for picture in board.pictureFiles { print(picture) }
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
