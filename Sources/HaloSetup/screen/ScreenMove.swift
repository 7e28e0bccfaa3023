// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX

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
    /// Set when a card is to be tried (again) at that moment; nil while there is none.
    var retryAt: Int64?
    var giveUpAt: Int64?
    var lastFailure = ""
    var candidates: [String] = []
    public private(set) var finished = false
    static let retryInterval: Int64 = 250_000
    static let patienceMicroseconds: Int64 = 10_000_000

    init(watching watch: DisplayNodeWatch, server: ControlServer, board: Board, framebuffer: String, width: Int32, height: Int32) {
        self.watch = watch
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
    var deadlineMicroseconds: Int64? { retryAt }

    func handle() {
        let now = MonotonicMicroseconds.now()
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

    /// Opens the first card that works and moves there; otherwise tries again soon, until the
    /// patience runs out.
    func tryCandidates(_ now: Int64) {
        for path in candidates {
            do {
                try moveTo(path)
                finished = true
                retryAt = nil
                return
            } catch {
                lastFailure = "\(path): \(error.description)"
            }
        }
        if let giveUpAt, now < giveUpAt {
            retryAt = now + Self.retryInterval
            return
        }
        retryAt = nil
        candidates = []
        let still = server.screen == nil ? "nothing is drawn" : "the splash stays on \(framebufferPath)"
        server.report("screen", "a DRM card appeared but could not be drawn on (\(lastFailure)); \(still)")
    }

    func moveTo(_ path: String) throws(DisplayError) {
        let display = try open(path)
        let size = display.rotation.logicalSize(width: display.width, height: display.height)
        let engine = server.engine
        engine.resize(screenWidth: size.0, screenHeight: size.1, at: MonotonicClock.now())
        let named = "\(display.card.path) \(display.output.connectorName) \(display.output.modeName) \(display.format.rawValue)"
        server.moveScreen(to: Screen(engine: engine, display: display), named: named)
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
