import Glibc
import HaloBoards
import HaloEngine
import HaloRender

/// libFuzzer entry point for board files: the bytes are written to a file and loaded through
/// libyaml and the schema; a board that loads drives an engine whose indicators, toasts and
/// checkout are laid out and drawn with its theme, size, rotation and format (boards up to
/// 640×640, to keep runs fast). Loading must end in a board or a BoardError, never a trap,
/// and no board the schema accepts may make layout or drawing trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "/tmp/halo-fuzz-board-\(getpid()).yaml"
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    fwrite(data, 1, size, f)
    fclose(f)
    let board: Board
    do { board = try BoardLoader.load(path) } catch {
        if error.description.isEmpty { fatalError("a board error without words") }
        return 0
    }
    guard Int(board.width) * Int(board.height) <= 640 * 640 else { return 0 }
    let script = Script(
        parsing: """
            @0 show a circular label="Copying the holiday photos to the card" value=1/3
            @0 show b linear label="Downloading" value=0.4 cancellable=yes
            @0 show c spinner label="Finding printers nearby"
            @0 show n network
            @0 show p partial region=10,10,200,100
            @100 toast "Settings saved to the device" long
            @700 show k checkout label="Processing payment, please keep the card in"
            @900 fail a "Copy failed. Check the card and try again."
            @1200 succeed b "Downloaded"
            """)
    playThroughRenderer(
        script, width: board.width, height: board.height, rotation: board.rotation, format: board.format, theme: board.theme,
        policy: board.policy)
    return 0
}
