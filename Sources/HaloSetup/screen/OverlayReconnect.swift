// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX

/// Keeps a daemon drawing over a Wayland compositor's apps through what happens to the
/// compositor: an output that changes size gets the indicators laid out for its new size, and
/// a compositor that goes away (restarted, crashed, its output unplugged) is waited for and the
/// overlay made again on it, with the engine's state and its clients untouched. Meanwhile the
/// daemon serves as before and draws nowhere; it never stops for it, and never spins: tries
/// come 250 ms after the loss, then twice as far apart each time, 8 s at most.
final class OverlayReconnect: EventSource {
    unowned let server: ControlServer
    let socket: String?
    let output: String?
    /// Joins an overlay's touches to the input router, and parts them.
    let attach: (any InputDevice) -> Void
    let detach: (any InputDevice) -> Void
    private(set) var overlay: WaylandOverlay?
    /// The touches joined to the router now: an overlay makes new ones for each size.
    var attached: WaylandSeatInput?
    /// A change the overlay told, handled at the next turn of the loop (not inside its events).
    var pending: WaylandOverlay.Change?
    var retryAt: Int64?
    var wait = OverlayReconnect.firstWait
    /// Set once a failed try has been logged in this outage: the log says it once.
    var saidWaiting = false

    static let firstWait: Int64 = 250_000
    static let longestWait: Int64 = 8_000_000
    /// How long a try waits for each of the compositor's answers (three at most): the loop
    /// waits with it.
    static let patience: Int64 = 300_000

    init(
        server: ControlServer, socket: String?, output: String?, attach: @escaping (any InputDevice) -> Void,
        detach: @escaping (any InputDevice) -> Void
    ) {
        self.server = server
        self.socket = socket
        self.output = output
        self.attach = attach
        self.detach = detach
    }

    /// Follows `overlay`, the one drawn on now; with `joiningInput`, also joins its touches
    /// (the first overlay, whose screen the daemon was made with).
    func follow(_ overlay: WaylandOverlay, joiningInput: Bool = false) {
        self.overlay = overlay
        overlay.onChange = { [unowned self] in self.pending = $0 }
        if joiningInput { join(overlay.input) }
    }

    /// Joins `input` to the router instead of the touches joined before.
    func join(_ input: WaylandSeatInput?) {
        if let attached { detach(attached) }
        attached = input
        if let input { attach(input) }
    }

    var descriptor: Int32 { -1 }
    var deadlineMicroseconds: Int64? { pending != nil ? 0 : retryAt }

    func handle() {
        let now = MonotonicMicroseconds.now()
        if let change = pending {
            pending = nil
            switch change {
            case .resized:
                if let overlay { show(overlay) }
            case .lost(let error):
                join(nil)
                overlay = nil
                server.moveScreen(to: nil, named: "the compositor comes back")
                server.report("screen", "\(error.description); Halo tries again, every 8 s at most")
                wait = Self.firstWait
                saidWaiting = false
                retryAt = now + wait
            }
            return
        }
        if let at = retryAt, now >= at { reconnect(now) }
    }

    func reconnect(_ now: Int64) {
        do {
            let made = try WaylandOverlay(socket: socket, output: output, patience: Self.patience)
            retryAt = nil
            follow(made)
            show(made)
        } catch {
            if !saidWaiting { server.report("screen", "no compositor to draw over yet: \(error.description)") }
            saidWaiting = true
            wait = min(wait * 2, Self.longestWait)
            retryAt = MonotonicMicroseconds.now() + wait
        }
    }

    /// Draws on `overlay` from the next frame, laid out for its size, its touches joined
    /// instead of the last ones.
    func show(_ overlay: WaylandOverlay) {
        let engine = server.engine
        engine.resize(screenWidth: overlay.width, screenHeight: overlay.height, at: MonotonicClock.now())
        server.moveScreen(to: Screen(engine: engine, display: overlay), named: "Wayland overlay on \(overlay.described)")
        join(overlay.input)
    }
}
