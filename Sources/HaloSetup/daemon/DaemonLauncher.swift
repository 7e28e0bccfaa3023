// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloHAL
import HaloPOSIX

/// `halo run` after its arguments: opens the screen the board asks for (DRM, fbdev, the mock
/// display or none), puts the daemon together on it and serves until it is stopped. On a real
/// screen the console is kept in graphics mode meanwhile, and the screen is blanked at the end
/// when the board's `screen.on-exit` says so.
public enum DaemonLauncher {
    public static func run(_ options: DaemonOptions) throws(SetupError) {
        let choice: ScreenChoice
        do { choice = try ScreenChoice.open(options.board, kind: options.display, waitMasterSeconds: options.waitMasterSeconds) } catch {
            throw SetupError(error.description)
        }
        switch choice {
        case .mock(let display):
            // Only the mock display can be saved: its folder is the board's, or beside the socket.
            let snapshots = options.board.snapshotDirectory ?? UnixSocket.directory(of: options.socket) + "/snapshots"
            let daemon = try DaemonAssembly(
                options, display: display, described: "mock display \(display.width)x\(display.height)", snapshots: snapshots)
            daemon.run()
        case .drm(let display):
            let described = "\(display.card.path) \(display.output.connectorName) \(display.output.modeName) \(display.format.rawValue)"
            try runOnScreen(display, options, described: described)
        case .fbdev(let display):
            try runOnScreen(
                display, options, described: "fbdev \(display.device.path) \(display.width)x\(display.height) \(display.format.rawValue)")
        case .headless:
            try DaemonAssembly(options, display: nil, described: "no screen").run()
        }
    }

    static func runOnScreen<D: BlankableDisplay>(_ display: D, _ options: DaemonOptions, described: String) throws(SetupError) {
        let console = ConsoleGraphicsMode()
        defer { console?.restore() }
        let blankOnExit = options.board.display.onExit == .blank
        try DaemonAssembly(options, display: display, described: described).run(onExit: { if blankOnExit { display.blank() } })
    }
}
