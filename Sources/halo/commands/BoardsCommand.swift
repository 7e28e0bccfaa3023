// SPDX-License-Identifier: Apache-2.0
import HaloBoards

/// `halo boards`: lists the board profiles Halo can find.
enum BoardsCommand {
    static func run(_ words: [String]) throws(CLIError) {
        if !words.isEmpty { throw CLIError("boards takes no arguments", status: 2) }
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

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
