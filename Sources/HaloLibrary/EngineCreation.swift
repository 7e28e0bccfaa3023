// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloBoards
import HaloFreeType

/// `halo_create`'s work: the caller's configuration checked, its board and font loaded.
enum EngineCreation {
    /// The size of the one configuration this library knows (version 1).
    static let configSize = MemoryLayout<halo_config>.size

    static func make(_ config: UnsafePointer<halo_config>?) throws(LibraryError) -> LibraryEngine {
        guard let config else { throw .argument("config is NULL: pass a halo_config whose size is sizeof(halo_config)") }
        let c = config.pointee
        guard Int(c.size) == configSize else {
            throw LibraryError(
                HALO_ERROR_VERSION,
                "halo_config.size is \(c.size), but this libhalo knows only \(configSize) (ABI version \(HALO_ABI_VERSION)): set it to sizeof(halo_config), and build against the halo.h of the libhalo installed"
            )
        }
        let side = 1...FrameMemory.maximumSide
        guard side.contains(c.width), side.contains(c.height) else {
            throw .argument("the screen is \(c.width)x\(c.height): each side must be 1 to \(FrameMemory.maximumSide) pixels")
        }
        let board = try loadBoard(c.board)
        let font = try path(c.font, "font") ?? board.theme.fontPath
        let text: FreeTypeText
        do { text = try FreeTypeText(fontPath: font, fallbacks: board.theme.fallbackFontPaths, language: board.language) } catch {
            throw LibraryError(HALO_ERROR_FONT, error.description)
        }
        return LibraryEngine(width: c.width, height: c.height, board: board, text: text)
    }

    static func loadBoard(_ name: UnsafePointer<CChar>?) throws(LibraryError) -> Board {
        guard let name = try path(name, "board") else { return Board(name: "libhalo") }
        do { return try BoardLoader.load(name) } catch { throw LibraryError(HALO_ERROR_BOARD, error.description) }
    }

    static func path(_ p: UnsafePointer<CChar>?, _ what: String) throws(LibraryError) -> String? {
        guard let p else { return nil }
        guard let s = CString.read(p, limit: CString.maximumPath), !s.isEmpty else {
            throw .argument("the \(what) path is empty or longer than \(CString.maximumPath) bytes: pass a file's path, or NULL")
        }
        return s
    }
}
