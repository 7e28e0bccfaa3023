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
/// boot, on a display in memory of the board's size, and its first frame is kept. Nothing on
/// the machine is touched: no LED ring, no screen, its sockets private, the clock still.
public enum StartFrameRehearsal {
    public static func draw(_ options: DaemonOptions, key: String) throws(SetupError) -> StartFrame {
        let board = options.board
        guard options.display == .drm else {
            throw SetupError(
                "a first frame is saved for a DRM screen, and \(board.name) draws on \(options.display.rawValue); use a board with display: drm, or leave the frame out"
            )
        }
        var o = options
        o.display = .mock
        o.detach = false
        o.board.leds.count = 0
        o.psplashFifo = nil
        o.openedScreen = nil
        let still = MonotonicClock.now()
        o.clock = { still }
        var folder = Array("/tmp/halo-first-frame-XXXXXX".utf8CString)
        guard let made = folder.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw SetupError("cannot make a private folder in /tmp: \(SystemError.reason(errno))")
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
            do { o.plymouthListener = try AbstractSocketListener(name: "halo-first-frame-\(getpid())") } catch {
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
