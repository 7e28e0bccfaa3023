// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo run`: the daemon. It opens the board's screen (DRM/KMS, fbdev, or the mock display in
/// memory), listens on a Unix socket for lines of the control language and keeps the screen
/// up to date.
enum RunCommand {
    static let usage =
        "halo run [--board NAME|PATH] [--socket PATH] [--display mock|drm|fbdev|auto|none] [--wait-master SECONDS] [--psplash-fifo PATH]"
    static let defaultSocket = "/run/halo/halo.sock"

    struct Options {
        var boardName: String?
        var board: Board
        var socket: String
        var waitMaster: Int
        var psplashFifo: String?
    }

    static func run(_ words: [String]) throws(CLIError) {
        // First of all: waiting for DRM master can take minutes, and a stray signal must not
        // end the daemon then either.
        StraySignals.disarm()
        let args: Arguments
        var waitMaster = 0
        do {
            args = try Arguments(words, valued: ["board", "socket", "display", "wait-master", "psplash-fifo"], switches: [])
            waitMaster = try args.integer("wait-master", default: 0, range: 0...3600)
        } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.isEmpty else { throw CLIError("halo run takes no words besides its options; usage: \(usage)", status: 2) }
        let chosen: String
        do { chosen = try BoardLoader.deviceBoard(args.options["board"]) } catch { throw CLIError(error.description) }
        let board = try MockSession.loadBoard(chosen)
        var kind = board.display.kind
        if let name = args.options["display"] {
            guard let k = DisplaySettings.Kind(rawValue: name) else {
                throw CLIError("--display takes mock, drm, fbdev, auto or none, not '\(name)'; usage: \(usage)", status: 2)
            }
            kind = k
        }
        let options = Options(
            boardName: chosen, board: board, socket: args.options["socket"] ?? defaultSocket,
            waitMaster: waitMaster, psplashFifo: args.options["psplash-fifo"])

        let choice: ScreenChoice
        do { choice = try ScreenChoice.open(board, kind: kind, waitMasterSeconds: options.waitMaster) } catch {
            throw CLIError(error.description)
        }
        switch choice {
        case .mock(let display):
            // Only the mock display can be saved: its folder is the board's, or beside the socket.
            let snapshots = board.snapshotDirectory ?? UnixSocket.directory(of: options.socket) + "/snapshots"
            try serve(display, options, described: "mock display \(display.width)x\(display.height)", snapshots: snapshots)
        case .drm(let display):
            let described = "\(display.card.path) \(display.output.connectorName) \(display.output.modeName) \(display.format.rawValue)"
            try serveOnScreen(display, options, described: described)
        case .fbdev(let display):
            try serveOnScreen(
                display, options, described: "fbdev \(display.device.path) \(display.width)x\(display.height) \(display.format.rawValue)")
        case .headless:
            try serve(nil, options, described: "no screen")
        }
    }

    /// `serve` on a real screen: the console kept in graphics mode meanwhile, and the screen
    /// blanked at the end when the board's `screen.on-exit` asks for it.
    static func serveOnScreen<D: BlankableDisplay>(_ display: D, _ options: Options, described: String) throws(CLIError) {
        let console = ConsoleGraphicsMode()
        defer { console?.restore() }
        let blankOnExit = options.board.display.onExit == .blank
        try serve(display, options, described: described, onExit: { if blankOnExit { display.blank() } })
    }

    /// Runs the daemon on `display` (nil: none) and the board's LED ring, if it has one, until
    /// SIGTERM, SIGINT or psplash's QUIT.
    static func serve(
        _ display: (any Display)?, _ options: Options, described: String, snapshots: String? = nil, onExit: () -> Void = {}
    ) throws(CLIError) {
        let board = options.board
        let text: FreeTypeText
        do { text = try FreeTypeText(fontPath: board.theme.fontPath) } catch { throw CLIError(error.description) }
        // The display's own size: a DRM mode may differ from the board's. Without a screen the
        // engine still lays out on the board's, unseen.
        let size = display.map { $0.rotation.logicalSize(width: $0.width, height: $0.height) } ?? (board.logicalWidth, board.logicalHeight)
        let engine = Engine(screenWidth: size.0, screenHeight: size.1, theme: board.theme, policy: board.policy, text: text)
        var outputs: [any EngineOutput] = []
        if let display { outputs.append(screenOutput(display, engine)) }
        let ring: (any RingOutput)?
        do { ring = try RingChoice.open(board) } catch { throw CLIError(error.description) }
        if let ring { outputs.append(RingChoice.lights(ring, engine, board, paced: true)) }
        if outputs.isEmpty {
            throw CLIError(
                "\(board.name) has display: none and no LED ring, so there is nothing to show on; give it a ring (leds.count, leds.driver) or a screen"
            )
        }
        let server: ControlServer
        var fifo: PsplashFifo?
        do {
            let signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP] + StraySignals.reported)
            let listener = try UnixListener(path: options.socket, group: board.socketGroup)
            // Without a screen, the loop keeps the ring's pace; with one, the ring is sent each
            // of the screen's frames in which it changed, and skipping some of those could
            // leave a ring behind the screen when the picture then stands still.
            let rate = display == nil ? board.ledDriver.framesPerSecond : board.framesPerSecond
            server = ControlServer(
                engine: engine, outputs: outputs, listener: listener, signals: signals, frameRate: rate,
                frameBudgetMilliseconds: board.display.frameBudgetMilliseconds)
            if let path = options.psplashFifo { fifo = try PsplashFifo(path: path) }
        } catch {
            throw CLIError("\(error.description)")
        }
        server.log = { Console.error("halo run: \($0)") }
        server.screenName = described
        server.snapshotPath = snapshots
        server.onFirstFrame = { SystemdNotifier.notify("READY=1") }
        // Unowned: the server owns these closures, and must go (unlinking its socket) when serve returns.
        var running = board
        server.onReload = { [unowned server] sender in
            if let reloaded = reloadTheme(options.boardName, server, running: running, sender: sender) { running = reloaded }
        }
        if let fifo {
            server.watch(
                DescriptorEvents(fifo.descriptor.raw, deadline: { fifo.translator.deadline?.microseconds }) { [unowned server] in
                    fifo.serve(
                        at: MonotonicClock.now(), run: { server.execute($0, at: MonotonicClock.now()) },
                        report: { server.report("psplash", $0) }, quit: { server.stop() })
                })
        }
        let ringNote = ring.map { _ in " and a \(board.leds.count)-LED ring (\(RingChoice.describe(board)))" } ?? ""
        Console.error("halo run: \(board.name) on \(described)\(ringNote), socket \(options.socket)")
        server.run()
        SystemdNotifier.notify("STOPPING=1")
        for output in outputs { output.stop(keepingPicture: board.ledDriver.keepOnExit) }
        onExit()
    }

    static func screenOutput<D: Display>(_ display: D, _ engine: Engine) -> any EngineOutput { Screen(engine: engine, display: display) }

    /// SIGHUP: the board file is read again and its theme, font and policy take effect at once,
    /// with the ring's look and colour pipeline; a board or font that cannot be loaded is
    /// refused whole, with the reason, and the running settings stay. Screen keys (size,
    /// device, mode) and the ring's hardware keys need a restart, and the log names those that
    /// changed. Returns the board now in force.
    static func reloadTheme(_ boardName: String?, _ server: ControlServer, running: Board, sender: String) -> Board? {
        let board: Board
        let text: FreeTypeText
        do {
            board = try BoardLoader.load(boardName ?? BoardLoader.deviceBoard)
            text = try FreeTypeText(fontPath: board.theme.fontPath)
        } catch {
            server.report("reload", "reload refused (asked by \(sender)), the current theme stays: \(error)", who: sender)
            return nil
        }
        server.engine.theme = board.theme
        server.engine.policy = board.policy
        server.engine.replaceText(text)
        for output in server.outputs {
            (output as? any RingRetuning)?.retune(look: board.ringLook, pipeline: board.ringPipeline, dithers: board.ringDithers)
        }
        server.invalidateOutputs()
        let waiting = running.ringKeysNeedingRestart(board)
        let restart =
            waiting.isEmpty
            ? ""
            : "; \(waiting.joined(separator: ", ")) changed and take\(waiting.count == 1 ? "s" : "") effect when halo starts again (systemctl restart halo@\(board.name))"
        server.report(
            "reload",
            "reloaded the theme and the ring's colours of \(board.name), with the font \(text.path), as asked by \(sender)\(restart)",
            who: sender)
        // What needs a restart stays as it runs, so the next reload names it again.
        var inForce = board
        inForce.leds.count = running.leds.count
        inForce.ledDriver = running.ledDriver
        inForce.ledDriver.gammaHundredths = board.ledDriver.gammaHundredths
        inForce.ledDriver.correction = board.ledDriver.correction
        inForce.ledDriver.maxMilliamps = board.ledDriver.maxMilliamps
        inForce.ledDriver.dither = board.ledDriver.dither
        return inForce
    }
}
