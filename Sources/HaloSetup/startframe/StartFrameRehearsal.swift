// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Draws the first frame `halo run` would show with `options`, ahead of time (`halo run
/// --save-first-frame`, run by the initramfs hooks): the whole daemon is put together as at
/// boot, on a display in memory of the board's size, and its first frame is kept. No screen,
/// LED ring or input device of the building machine is opened; its sockets are private (in
/// a folder of its own and an abstract name of its own), its groups the machine's, its clock
/// still.
public enum StartFrameRehearsal {
    public static func draw(_ options: DaemonOptions, key: String) throws(SetupError) -> StartFrame {
        let board = options.board
        guard options.display == .drm else {
            throw SetupError(
                "a first frame is saved for a DRM screen, and \(board.name) draws on \(options.display.rawValue); use a board with display: drm, or leave the frame out"
            )
        }
        guard key.utf8.count <= StartFrame.maximumField else {
            throw SetupError(
                "the first frame's key is \(key.utf8.count) bytes, more than the \(StartFrame.maximumField) a frame file holds; shorten --show"
            )
        }
        var o = options
        o.display = .mock
        o.detach = false
        o.board.leds.count = 0
        // Who may use the sockets is the device's business, and its groups need not exist here.
        o.board.socketGroup = nil
        o.board.plymouthGroup = nil
        o.psplashFifo = nil
        o.openedScreen = nil
        let still = MonotonicClock.now()
        o.clock = { still }
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var folder = Array("\(temporary)/halo-first-frame-XXXXXX".utf8CString)
        guard let made = folder.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SetupError("cannot make a private folder in \(temporary): \(SystemError.reason(errno)); set TMPDIR to a writable folder")
        }
        let dir = String(cString: made)
        o.socket = dir + "/halo.sock"
        defer {
            unlink(o.socket)
            rmdir(dir)
        }
        // The daemon's readiness is not this command's: no READY=1 to a service manager.
        unsetenv("NOTIFY_SOCKET")
        if o.servesPlymouth {
            // Named after the private folder, which mkdtemp made unique: two rehearsals in one
            // process (the tests run them side by side) must not take the same name.
            let name = "halo-first-frame-" + (dir.split(separator: "/").last.map(String.init) ?? "\(getpid())")
            do { o.plymouthListener = try AbstractSocketListener(name: name) } catch {
                throw SetupError(error.description)
            }
        }
        let display = MemoryDisplay(width: board.width, height: board.height, format: board.format, rotation: board.rotation)
        let assembly = try DaemonAssembly(o, display: display, described: "a first frame saved ahead")
        if options.psplashFifo != nil && !options.servesPlymouth { assembly.showPictures(ofBootMode: "boot-up") }
        for _ in 0..<8 where assembly.server.framesDrawn == 0 { assembly.server.step(maximumWait: 0) }
        guard assembly.server.framesDrawn > 0 else {
            throw SetupError("\(board.name) drew no first frame (nothing to show at start); nothing was saved")
        }
        let packed = display.memory.withUnsafeBytes { FramePacking.pack($0, bytesPerPixel: Int(board.format.bytesPerPixel)) }
        let screen = StartFrame.Screen(
            device: board.display.device, connector: board.display.connector, mode: board.display.mode,
            rotationFromPanel: board.display.rotationFromPanel)
        return StartFrame(
            key: key, screen: screen, width: board.width, height: board.height, format: board.format, rotation: board.rotation,
            packed: packed)
    }
}
