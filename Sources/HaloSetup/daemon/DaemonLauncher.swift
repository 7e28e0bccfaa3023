// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo run` after its arguments: opens the screen the board asks for (DRM, fbdev, a Wayland
/// overlay, the mock display or none), puts the daemon together on it and serves until it is stopped. On a real
/// screen the console is kept in graphics mode meanwhile, and the screen is blanked at the end
/// when the board's `screen.on-exit` says so.
public enum DaemonLauncher {
    public static func run(_ options: DaemonOptions) throws(SetupError) {
        var options = options
        if options.servesPlymouth && options.plymouthListener == nil {
            guard let listener = try bindPlymouth(log: options.log) else { return }
            options.plymouthListener = listener
        }
        if options.detach { _ = detach(log: options.log) }
        let choice: ScreenChoice
        if let opened = options.openedScreen { choice = .drm(opened) } else { choice = try openScreen(options) }
        if case .drm(let display) = choice, let frame = options.startFrame { StartFrameShow.present(frame, on: display, log: options.log) }
        StartTrace.mark("screen open")
        switch choice {
        case .mock(let display):
            // Only the mock display can be saved: its folder is the board's, or beside the socket.
            let snapshots = options.board.snapshotDirectory ?? UnixSocket.directory(of: options.socket) + "/snapshots"
            let daemon = try DaemonAssembly(
                options, display: display, described: "mock display \(display.width)x\(display.height)", snapshots: snapshots)
            daemon.run()
        case .drm(let display):
            try runOnScreen(display, options, described: display.described)
        case .fbdev(let display):
            let described = "fbdev \(display.device.path) \(display.width)x\(display.height) \(display.format.rawValue)"
            try runOnScreen(display, options, described: described) { server in
                // On `display: auto` a firmware framebuffer is a stand-in until the GPU's driver comes.
                guard options.display == .auto else { return }
                ScreenMove.follow(
                    server, board: options.board, framebuffer: display.device.path, width: display.width, height: display.height)
            }
        case .wayland(let overlay):
            // A compositor owns the screen and the console: Halo only draws over its apps.
            let daemon = try DaemonAssembly(options, display: overlay, described: "Wayland overlay on \(overlay.described)")
            let reconnect = OverlayReconnect(
                server: daemon.server, socket: options.board.display.waylandSocket, output: options.board.display.waylandOutput,
                attach: daemon.attach, detach: daemon.detach)
            reconnect.follow(overlay, joiningInput: true)
            daemon.server.watch(reconnect)
            daemon.run()
        case .headless:
            try DaemonAssembly(options, display: nil, described: "no screen").run()
        }
    }

    /// plymouthd's socket, taken first of all. Already taken means a splash already runs: Halo
    /// started in the initramfs and still serving after the switch to the real root, or
    /// plymouthd. Like plymouthd then, this one has nothing to do: it says so, tells systemd it
    /// is ready (so units ordered after the splash go on) and returns nil, an exit without error.
    public static func bindPlymouth(log: (String) -> Void) throws(SetupError) -> AbstractSocketListener? {
        // Marked before anything else, so no moment of an initramfs splash goes unmarked.
        if RootStorageDaemon.inInitramfs { RootStorageDaemon.mark() }
        do {
            let listener = try AbstractSocketListener(name: PlymouthServerName.name)
            StartTrace.mark("plymouthd's socket bound")
            return listener
        } catch {
            guard error.errno == EADDRINUSE else { throw SetupError(error.description) }
            log(
                "a boot splash already serves @\(PlymouthServerName.name) (Halo started in the initramfs, or plymouthd), so this one has nothing to do; stop the other first to replace it"
            )
            SystemdNotifier.notify("READY=1")
            return nil
        }
    }

    /// Into the background (`--detach`): true when this is now the child, the caller having
    /// exited; a failed fork is said, and the daemon stays in the foreground.
    static func detach(log: (String) -> Void) -> Bool {
        defer { StartTrace.mark("detached") }
        do {
            try Detach.now()
            return true
        } catch {
            log("stays in the foreground: \(error.description)")
            return false
        }
    }

    /// The board's screen, waiting for its driver when none is there yet: at boot a DRM driver
    /// may still be loading (Plymouth waits 8 s for one). Tried every 100 ms until the board's
    /// `screen.wait-seconds`, 8 for a boot splash, none otherwise; said once in the log.
    static func openScreen(_ options: DaemonOptions) throws(SetupError) -> ScreenChoice {
        let splash = options.servesPlymouth
        let wait = Int64(options.board.display.waitSeconds ?? (splash ? 8 : 0))
        let deadline = MonotonicMicroseconds.now() + wait * 1_000_000
        var said = false
        while true {
            do {
                let choice = try ScreenChoice.open(options.board, kind: options.display, waitMasterSeconds: options.waitMasterSeconds)
                if said { options.log("the screen is there now") }
                return choice
            } catch {
                guard options.display != .mock, MonotonicMicroseconds.now() < deadline else {
                    throw SetupError(error.description + (said ? " (after waiting \(wait) s for the display's driver)" : ""))
                }
                if !said {
                    options.log("no screen yet (\(error.description)); waiting up to \(wait) s for the display's driver")
                    said = true
                }
                var none = pollfd()
                _ = poll(&none, 0, 100)
            }
        }
    }

    /// Serves on a real screen; `prepare` adds to the server before it runs. At the end the
    /// screen drawn on then (another, if the daemon moved) is blanked if the board says so.
    static func runOnScreen<D: BlankableDisplay>(
        _ display: D, _ options: DaemonOptions, described: String, prepare: (ControlServer) -> Void = { _ in }
    ) throws(SetupError) {
        let console = ConsoleGraphicsMode()
        defer { console?.restore() }
        let blankOnExit = options.board.display.onExit == .blank
        let daemon = try DaemonAssembly(options, display: display, described: described)
        prepare(daemon.server)
        daemon.run(onExit: {
            if blankOnExit, let shown = daemon.server.screen?.shownOn as? any BlankableDisplay { shown.blank() }
        })
    }
}
