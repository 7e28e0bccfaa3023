#if canImport(Glibc)
    import Glibc
#endif
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloFreeType
import HaloMock
import HaloRender

/// `halo run`: the daemon. It opens the board's screen (DRM/KMS, fbdev, or the mock display in
/// memory), listens on a Unix socket for lines of the control language and keeps the screen
/// up to date.
enum RunCommand {
    static let usage = "halo run [--board NAME|PATH] [--socket PATH] [--display mock|drm|fbdev|auto] [--wait-master SECONDS] [--psplash-fifo PATH]"
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
        let board = try MockSession.loadBoard(args.options["board"])
        var kind = board.display.kind
        if let name = args.options["display"] {
            guard let k = DisplaySettings.Kind(rawValue: name) else {
                throw CLIError("--display takes mock, drm, fbdev or auto, not '\(name)'; usage: \(usage)", status: 2)
            }
            kind = k
        }
        let options = Options(
            boardName: args.options["board"], board: board, socket: args.options["socket"] ?? defaultSocket,
            waitMaster: waitMaster, psplashFifo: args.options["psplash-fifo"])

        let choice: ScreenChoice
        do { choice = try ScreenChoice.open(board, kind: kind, waitMasterSeconds: options.waitMaster) } catch { throw CLIError(error.description) }
        switch choice {
        case .mock(let display):
            try serve(display, options, described: "mock display \(display.width)x\(display.height)") { line, drawNow in
                snapshot(line, display, drawNow)
            }
        case .drm(let display):
            let described = "\(display.card.path) \(display.output.connectorName) \(display.output.modeName) \(display.format.rawValue)"
            try serveOnScreen(display, options, described: described, blank: display.blank) { line, _ in
                handoff(line, display)
            }
        case .fbdev(let display):
            let described = "\(display.device.path) \(display.width)x\(display.height) \(display.format.rawValue)"
            try serveOnScreen(display, options, described: described, blank: display.blank) { line, _ in
                line == "release" || line == "adopt" ? "error unsupported: release and adopt hand over DRM master; this daemon draws on fbdev" : nil
            }
        }
    }

    /// `serve` on a real screen: the console kept in graphics mode meanwhile, and the screen
    /// blanked at the end when the board's `screen.on-exit` asks for it.
    static func serveOnScreen<D: Display>(
        _ display: D, _ options: Options, described: String, blank: @escaping () -> Void, extra: @escaping (String, () -> Void) -> String?
    ) throws(CLIError) {
        let console = ConsoleGraphicsMode()
        defer { console?.restore() }
        let blankOnExit = options.board.display.onExit == .blank
        try serve(display, options, described: described, onExit: { if blankOnExit { blank() } }, extra: extra)
    }

    /// Runs the daemon on `display` until SIGTERM, SIGINT or psplash's QUIT.
    static func serve<D: Display>(
        _ display: D, _ options: Options, described: String, onExit: () -> Void = {},
        extra: @escaping (String, () -> Void) -> String?
    ) throws(CLIError) {
        let board = options.board
        let text: FreeTypeText
        do { text = try FreeTypeText(fontPath: board.theme.fontPath) } catch { throw CLIError(error.description) }
        // The display's own size: a DRM mode may differ from the board's.
        let size = display.rotation.logicalSize(width: display.width, height: display.height)
        let engine = Engine(screenWidth: size.width, screenHeight: size.height, theme: board.theme, policy: board.policy, text: text)
        let screen = Screen(engine: engine, display: display)
        let server: ControlServer<D>
        var fifo: PsplashFifo?
        do {
            let signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP] + StraySignals.reported)
            let listener = try UnixListener(path: options.socket, group: board.socketGroup)
            server = ControlServer(
                screen: screen, listener: listener, signals: signals, frameRate: board.framesPerSecond,
                frameBudgetMilliseconds: board.display.frameBudgetMilliseconds)
            if let path = options.psplashFifo { fifo = try PsplashFifo(path: path) }
        } catch {
            throw CLIError("\(error.description)")
        }
        server.log = { Console.error("halo run: \($0)") }
        server.extraCommand = extra
        server.onFirstFrame = { SystemdNotifier.notify("READY=1") }
        // Unowned: the server owns these closures, and must go (unlinking its socket) when serve returns.
        server.onReload = { [unowned server] in reloadTheme(options.boardName, server) }
        if let fifo {
            server.watch(fifo.descriptor.raw) { [unowned server] in
                for action in fifo.readActions() {
                    switch action {
                    case .command(let line):
                        let reply = server.execute(line, at: MonotonicClock.now())
                        if reply.hasPrefix("error") { server.log("psplash: \(line): \(reply)") }
                    case .quit: server.stop()
                    case .ignored(let why): server.log("psplash: \(why)")
                    }
                }
            }
        }
        Console.error("halo run: \(board.name) on \(described), socket \(options.socket)")
        server.run()
        SystemdNotifier.notify("STOPPING=1")
        onExit()
    }

    /// SIGHUP: the board file is read again and its theme and policy take effect at once.
    /// Screen keys (size, device, mode) need a restart.
    static func reloadTheme<D: Display>(_ boardName: String?, _ server: ControlServer<D>) {
        do {
            let board = try BoardLoader.load(boardName ?? "mock-480x480")
            server.engine.theme = board.theme
            server.engine.policy = board.policy
            server.screen.invalidate()
            server.log("reloaded the theme of \(board.name)")
        } catch {
            server.log("reload failed, keeping the current theme: \(error.description)")
        }
    }

    /// `release` and `adopt`: hand the screen to another program and take it back.
    static func handoff(_ line: String, _ display: DrmDisplay) -> String? {
        do {
            switch line {
            case "release":
                try display.release()
                return "ok"
            case "adopt":
                try display.adopt()
                return "ok"
            default: return nil
            }
        } catch {
            return "error display: \(error.description)"
        }
    }

    /// `snapshot "FILE"` (mock display only): writes the screen as a PNG.
    static func snapshot(_ line: String, _ display: MemoryDisplay, _ drawNow: () -> Void) -> String? {
        if line == "release" || line == "adopt" { return "error unsupported: release and adopt hand over DRM master; this daemon draws on the mock display" }
        guard line.hasPrefix("snapshot ") || line == "snapshot" else { return nil }
        // The picture as it is now, not as of the last frame.
        drawNow()
        let rest = line.dropFirst("snapshot".count).trimmingSpaces
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
            return "error invalid: snapshot takes a quoted file name, e.g. snapshot \"/tmp/screen.png\""
        }
        let path = String(rest.dropFirst().dropLast())
        do {
            try Files.write(path, try display.png())
            return "ok"
        } catch let e as FileError {
            return "error file: \(e.description)"
        } catch {
            return "error file: \(error)"
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
