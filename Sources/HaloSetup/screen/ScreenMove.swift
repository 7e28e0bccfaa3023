// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Moves a running daemon from the firmware's framebuffer to the native DRM driver when that
/// arrives: the splash shows at once on whatever the firmware left (vesafb, efifb), and the
/// GPU's driver, loaded seconds later, gets the same picture with the same state and
/// animation, in the same process.
///
/// A new card is opened as the board's `screen:` keys ask, keeping the framebuffer's size when
/// the connector offers it (so nothing moves on screen). A card whose connector is not ready
/// yet, or whose master another program holds, is tried again every 250 ms for up to
/// `patienceMicroseconds`. When the framebuffer's node goes away first (the driver unbinding
/// it), the daemon stops drawing into memory that is no longer the framebuffer's.
final class ScreenMove: EventSource {
    let watch: DisplayNodeWatch
    unowned let server: ControlServer
    let board: Board
    /// The framebuffer drawn on now, and its size, kept if the card offers it.
    let framebufferPath: String
    let framebufferSize: ModeRequest
    /// Where sysfs is: `/sys`, or a test's folder.
    let sysfs: String
    /// The cards that appeared, to be tried at `retryAt` (nil: at once) until `giveUpAt`.
    var candidates: [String] = []
    var retryAt: Int64?
    var giveUpAt: Int64?
    var lastFailure = ""
    /// Set once moved: the moment the whole screen is drawn again (`settleMicroseconds`).
    var settleAt: Int64?
    private(set) var finished = false

    static let retryInterval: Int64 = 250_000
    static let probeInterval: Int64 = 20_000
    static let patienceMicroseconds: Int64 = 10_000_000
    /// Half a second after the move, the whole screen is drawn again: in the QEMU boot, one of
    /// the card's two buffers was seen to lose its picture in the moments after the driver's
    /// start (only the spinner's later changes reached it), and a whole frame repairs both.
    static let settleMicroseconds: Int64 = 500_000

    init(
        watching watch: DisplayNodeWatch, server: ControlServer, board: Board, framebuffer: String, width: Int32, height: Int32,
        sysfs: String = "/sys"
    ) {
        self.watch = watch
        self.sysfs = sysfs
        self.server = server
        self.board = board
        framebufferPath = framebuffer
        framebufferSize = ModeRequest(width: width, height: height)
    }

    /// Follows the device folder for `server`, drawing on the framebuffer at `framebuffer` now.
    /// Without inotify the daemon simply stays on the framebuffer, and says so.
    static func follow(_ server: ControlServer, board: Board, framebuffer: String, width: Int32, height: Int32) {
        do {
            let watch = try DisplayNodeWatch()
            server.watch(ScreenMove(watching: watch, server: server, board: board, framebuffer: framebuffer, width: width, height: height))
        } catch {
            server.report("screen", "cannot watch /dev for a DRM driver (\(error.description)); the splash stays on \(framebuffer)")
        }
    }

    var descriptor: Int32 { watch.descriptor }
    var deadlineMicroseconds: Int64? { settleAt ?? retryAt }

    func handle() {
        let now = MonotonicMicroseconds.now()
        if let settle = settleAt {
            // Once the new card has settled, everything is drawn again (see `settleAt`).
            if now >= settle {
                server.invalidateOutputs()
                settleAt = nil
                finished = true
            }
            return
        }
        for change in watch.changes() {
            switch change {
            case .card(let path):
                if board.display.device.map({ $0 == path }) ?? true, !candidates.contains(path) { candidates.append(path) }
                giveUpAt = now + Self.patienceMicroseconds
            case .framebufferGone(let path) where path == framebufferPath && server.screen != nil:
                server.moveScreen(to: nil, named: "the native DRM driver's card")
            case .framebufferGone:
                break
            }
        }
        if !candidates.isEmpty && (retryAt.map { now >= $0 } ?? true) { tryCandidates(now) }
    }

    /// Opens the first card that works and moves there; otherwise tries again soon (sooner
    /// while a driver is still starting), until the patience runs out.
    func tryCandidates(_ now: Int64) {
        var starting = false
        for path in candidates {
            // The node comes while the driver's probe is still running (its fbdev emulation
            // not yet set up, buffers it may still clear): wait until the driver is bound.
            guard Self.probeFinished(path, sysfs: sysfs) else {
                starting = true
                lastFailure = "\(path): its driver is still starting"
                continue
            }
            do {
                try moveTo(path)
                settleAt = now + Self.settleMicroseconds
                retryAt = nil
                return
            } catch {
                lastFailure = "\(path): \(error.description)"
            }
        }
        if let giveUpAt, now < giveUpAt {
            retryAt = now + (starting ? Self.probeInterval : Self.retryInterval)
            return
        }
        retryAt = nil
        candidates = []
        let still = server.screen == nil ? "nothing is drawn" : "the splash stays on \(framebufferPath)"
        server.report("screen", "a DRM card appeared but could not be drawn on (\(lastFailure)); \(still)")
    }

    /// True once the card's device has its driver bound (the `driver` link sysfs makes when a
    /// probe succeeds), or when sysfs does not know the card at all (nothing to wait for).
    static func probeFinished(_ path: String, sysfs: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        let device = "\(sysfs)/class/drm/\(name)/device"
        guard access(device, F_OK) == 0 else { return true }
        return access(device + "/driver", F_OK) == 0
    }

    func moveTo(_ path: String) throws(DisplayError) {
        let display = try open(path)
        let size = display.rotation.logicalSize(width: display.width, height: display.height)
        let engine = server.engine
        engine.resize(screenWidth: size.0, screenHeight: size.1, at: MonotonicClock.now())
        server.moveScreen(to: Screen(engine: engine, display: display), named: display.described)
    }

    /// The card as the board asks, in the framebuffer's size if the board names no mode and
    /// the connector has it, else in the board's mode or the connector's preferred one.
    func open(_ path: String) throws(DisplayError) -> DrmDisplay {
        var request = DrmRequest(
            device: path, connector: board.display.connector, mode: board.display.mode, rotationFromPanel: board.display.rotationFromPanel)
        if request.mode == nil {
            request.mode = framebufferSize
            if let display = try? DrmDisplay.open(request, format: board.format, rotation: board.rotation) { return display }
            request.mode = nil
        }
        return try DrmDisplay.open(request, format: board.format, rotation: board.rotation)
    }
}
