// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloDaemon
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failure to start the daemon, already worded as the one sentence to print.
public struct SetupError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What `halo run` was asked for.
public struct DaemonOptions {
    /// The board's name or path, read again on SIGHUP.
    public var boardSource: String
    public var board: Board
    public var socket: String
    /// The display to open: the board's `display` key unless `--display` overrides it.
    public var display: DisplaySettings.Kind
    public var waitMasterSeconds: Int
    public var psplashFifo: String?
    /// Serve plymouthd's socket (`--plymouth`), besides the board's `plymouth: yes`.
    public var plymouth = false
    /// The daemon serves plymouthd's socket: `--plymouth` or the board's `plymouth: yes`.
    public var servesPlymouth: Bool { plymouth || board.plymouth }
    /// plymouthd's socket, bound before the screen is opened (`DaemonLauncher`), so a second
    /// splash finds it taken before touching the screen; nil binds it when the daemon starts.
    public var plymouthListener: AbstractSocketListener?
    /// The Plymouth mode the splash starts in (`--mode`, as plymouthd's): boot-up, or shutdown
    /// or reboot for the splash of a system going down.
    public var plymouthMode = "boot-up"
    /// A control line to run at start, whose indicator is in the first frame (`--show`).
    public var showAtStart: String?
    /// Go into the background once plymouthd's socket is bound (`--detach`), as plymouthd does
    /// for a boot script: the script goes on at once, and its `plymouth` calls find the splash.
    public var detach = false
    /// Overrides the board's `motion` (`HALO_MOTION`), at start and after each reload.
    public var motion: MotionLevel?
    /// Where log lines go (standard error for `halo run`).
    public var log: (String) -> Void
    /// The loop's clock: the monotonic one, or a still one for a start frame drawn ahead of time.
    public var clock: () -> Instant = MonotonicClock.now
    /// The screen, already open with a start frame on it (`StartFrameShow`), for the daemon to
    /// draw on instead of opening the board's.
    public var openedScreen: DrmDisplay?
    /// A start frame whose screen was not there yet at the start: shown the moment the
    /// daemon opens it, before the font and the engine.
    public var startFrame: StartFrameShow.Loaded?
    /// Once the first frame is up and the text prepared, and after each spell of other work,
    /// unmap the code that ran (`LoadedCode`): `halo run` does, a daemon put together inside
    /// another program does not.
    public var releaseStartCode = false

    public init(
        boardSource: String, board: Board, socket: String, display: DisplaySettings.Kind? = nil, waitMasterSeconds: Int = 0,
        psplashFifo: String? = nil, log: @escaping (String) -> Void
    ) {
        self.boardSource = boardSource
        self.board = board
        self.socket = socket
        self.display = display ?? board.display.kind
        self.waitMasterSeconds = waitMasterSeconds
        self.psplashFifo = psplashFifo
        self.log = log
    }
}

/// The daemon put together for a board and a display: the engine with the board's theme and
/// font, the screen and the LED ring as outputs, the loop listening on the socket with its
/// signals, the psplash FIFO if asked for, and reloads. `run` serves until it is stopped.
public final class DaemonAssembly {
    public let server: ControlServer
    public let options: DaemonOptions
    /// The ring's driver, chip and device, when the board has one (for the start-up line).
    public let ringDescription: String?
    /// The line `halo run` logs at start: the board, the screen, the ring and the socket.
    public private(set) var banner: String
    let fifo: PsplashFifo?
    /// The board's input devices, opened when `run` starts.
    let input: InputSetup
    /// The command line was marked `@` for systemd (`RootStorageDaemon`).
    let markedForSwitchRoot: Bool
    /// The board in force: the one started with, then each reload's.
    var running: Board
    /// Plymouth's mode while serving its socket, for the mode's pictures.
    var plymouthMode: String?

    /// Puts the daemon together on `display` (nil: no screen), named `described` in replies
    /// and the log; `snapshots` is the mock display's snapshot folder.
    public init(_ options: DaemonOptions, display: (any Display)?, described: String, snapshots: String? = nil) throws(SetupError) {
        self.options = options
        let board = options.board
        running = board
        // Started from the initramfs, the splash must outlive the switch to the real root:
        // marked before anything else, so that no moment of its start-up goes unmarked.
        markedForSwitchRoot = options.servesPlymouth && RootStorageDaemon.inInitramfs && RootStorageDaemon.mark()
        let text: FreeTypeText
        do {
            text = try FreeTypeText(
                fontPath: board.theme.fontPath, fallbacks: board.theme.fallbackFontPaths, language: board.language)
        } catch {
            throw SetupError(error.description)
        }
        StartTrace.mark("font loaded")
        // The display's own size: a DRM mode may differ from the board's. Without a screen the
        // engine still lays out on the board's, unseen.
        let size = display.map { $0.rotation.logicalSize(width: $0.width, height: $0.height) } ?? (board.logicalWidth, board.logicalHeight)
        var policy = board.policy
        if let motion = options.motion { policy.motion = motion }
        // The glyphs of the first frame's label are rasterised as it is drawn; the rest of the
        // common ones after it (`onFirstFrame`), so nothing that can wait delays the splash.
        let engine = Engine(screenWidth: size.0, screenHeight: size.1, theme: board.theme, policy: policy, text: text, prepareText: false)
        let screen = display.map { Self.screen($0, engine) }
        let ring: (any RingOutput)?
        do { ring = try RingChoice.open(board) } catch { throw SetupError(error.description) }
        let rings = ring.map { [RingChoice.lights($0, engine, board, paced: true)] } ?? []
        if screen == nil && rings.isEmpty {
            throw SetupError(
                "\(board.name) has display: none and no LED ring, so there is nothing to show on; give it a ring (leds.count, leds.driver) or a screen"
            )
        }
        do {
            let signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP] + StraySignals.reported)
            let listener = try UnixListener(path: options.socket, group: board.socketGroup)
            // Without a screen, the loop keeps the ring's pace; with one, the ring is sent each
            // of the screen's frames in which it changed.
            let rate = display == nil ? board.ledDriver.framesPerSecond : board.framesPerSecond
            server = ControlServer(
                engine: engine, screen: screen, rings: rings, listener: listener, signals: signals, frameRate: rate,
                frameBudgetMilliseconds: board.display.frameBudgetMilliseconds, clock: options.clock)
            fifo = try options.psplashFifo.map { path throws(SystemError) in try PsplashFifo(path: path) }
        } catch {
            throw SetupError(error.description)
        }
        let panel = display.map { ($0.width, $0.height) } ?? (board.width, board.height)
        input = InputSetup(
            Self.inputSettings(board, display: options.display), panel: panel, rotation: display?.rotation ?? board.rotation, server: server
        )
        ringDescription = ring.map { _ in RingChoice.describe(board) }
        let ringNote = ringDescription.map { " and a \(board.leds.count)-LED ring (\($0))" } ?? ""
        banner = "\(board.name) on \(described)\(ringNote), socket \(options.socket)"
        server.log = options.log
        server.screenName = described
        server.snapshotPath = snapshots
        StartTrace.mark("daemon assembled")
        // Unmaps the code that ran and the font's pages read; the bytes of code advised.
        let releaseCode: (() -> Int)? =
            options.releaseStartCode
            ? { [weak text] in
                text?.releaseFontPages()
                return LoadedCode.releasePages()
            } : nil
        server.onFirstFrame = { [unowned engine, unowned server] in
            StartTrace.mark("first frame")
            SystemdNotifier.notify("READY=1")
            engine.prepareText()
            for problem in engine.takeTextProblems() { server.report("text", problem) }
            guard let released = releaseCode?() else { return }
            StartTrace.mark("start-up code unmapped: \(released / 1024) KiB advised, and the font's pages")
        }
        // And again after each spell of other work (the boot's Plymouth requests, a reload):
        // a splash that only turns holds only the code that turns it.
        server.onQuiet = releaseCode.map { release in { _ = release() } }
        wireReloads()
        wirePsplash()
        try wirePlymouth()
        if let line = options.showAtStart {
            let reply = server.executeAtStart(line)
            if reply.hasPrefix("error") {
                throw SetupError("--show '\(line)': \(reply.dropFirst(6)); write one line of the control language")
            }
        }
    }

    static func screen<D: Display>(_ display: D, _ engine: Engine) -> any ScreenUpdating { Screen(engine: engine, display: display) }

    /// Also takes the touches and clicks a display gives Halo itself (the Wayland overlay's).
    public func attach(_ device: any InputDevice) {
        input.router.attach(device)
        server.report("input-device", "reading \(device.name)")
    }

    /// Lets go of a device `attach` took, whose display went away.
    public func detach(_ device: any InputDevice) { input.router.detach(device) }

    /// The board as input sees it: on the mock display `auto` reads nothing, since a desktop's
    /// keyboard and mouse are not the device's (list nodes to test with them); over a Wayland
    /// compositor neither, since the compositor owns them and gives the overlay its touches.
    static func inputSettings(_ board: Board, display: DisplaySettings.Kind) -> Board {
        var b = board
        if (display == .mock || display == .wayland) && b.input.devices == .auto { b.input.devices = .none }
        return b
    }

    /// The splash fills with systemd's boot progress while booting up, on a real screen or none
    /// (the mock display's splash is a desktop's, whose systemd booted long ago), unless the
    /// board says `boot.progress: none`. A system without systemd is said once, and is no error.
    func followSystemdProgress() {
        guard options.plymouthMode == "boot-up", options.board.bootProgressFromSystemd, options.display != .mock else { return }
        switch SystemdProgress.open() {
        case .success(let source):
            server.onNewRoot = nil
            source.onProgress = { [unowned server] in server.bootProgressed($0) }
            source.onGiveUp = { [unowned server] in server.report("boot-progress", "the boot's progress is no longer followed: \($0)") }
            server.watch(source)
        case .failure(let error):
            server.report(
                "boot-progress", "the boot's progress is not followed yet: \(error.description); the splash turns until told a value")
            // An initramfs without libsystemd: the real root may have it.
            server.onNewRoot = { [unowned self] in self.followSystemdProgress() }
        }
    }

    /// Where a boot's passwords are typed: the console's keyboard through its terminal, so the
    /// system's keymap applies; on the mock display, `person type`, which a desktop always has;
    /// nowhere when the board leaves them to the console (`boot.prompts: console`).
    static func typing(on display: DisplaySettings.Kind, onScreen: Bool) -> PlymouthTyping {
        if !onScreen { return .none }
        if display == .mock { return PlymouthTyping(open: { nil }, keyboardAttached: { true }) }
        return PlymouthTyping(open: { try ConsoleKeyboard() }, keyboardAttached: { KeyboardPresence.keyboardAttached() })
    }

    /// SIGHUP reads the board again (`BoardReload`), keeping the Plymouth mode's pictures.
    /// Unowned: the server owns the closure.
    func wireReloads() {
        let source = options.boardSource, motion = options.motion
        server.onReload = { [unowned self] sender in
            guard let reloaded = BoardReload.apply(source, to: server, running: running, sender: sender, motion: motion) else { return }
            running = reloaded
            if let mode = plymouthMode { server.engine.theme = reloaded.theme(forBootMode: mode) }
        }
    }

    /// Plymouth's mode changed (or the splash started in it): its pictures, if the board gives
    /// it any, else the theme's.
    func showPictures(ofBootMode mode: String) {
        plymouthMode = mode
        let theme = running.theme(forBootMode: mode)
        guard theme != server.engine.theme else { return }
        server.engine.theme = theme
        server.invalidateOutputs()
    }

    /// plymouthd's socket, when the board or `--plymouth` asks for it.
    func wirePlymouth() throws(SetupError) {
        let board = options.board
        guard options.servesPlymouth else { return }
        var gid: UInt32?
        if let name = board.plymouthGroup {
            guard let g = getgrnam(name) else {
                throw SetupError("there is no group '\(name)' (the board's plymouth-group); create it or drop the key")
            }
            gid = g.pointee.gr_gid
        }
        var modes: [String: PlymouthTranslator.Mode] = [:]
        for (name, changed) in board.bootModes {
            guard let base = PlymouthTranslator.defaultModes[name] else { continue }
            modes[name] = PlymouthTranslator.Mode(label: changed.label ?? base.label, kind: changed.kind ?? base.kind)
        }
        server.onPlymouthMode = { [unowned self] in showPictures(ofBootMode: $0) }
        do {
            try server.servePlymouth(
                listener: options.plymouthListener, group: gid, modes: modes, mode: options.plymouthMode,
                typing: Self.typing(on: options.display, onScreen: board.bootPromptsOnScreen))
        } catch {
            throw SetupError(error.description)
        }
        followSystemdProgress()
        if markedForSwitchRoot { banner += " (marked @ to live through the switch to the real root)" }
        banner += ", and Plymouth's @\(PlymouthServerName.name)"
    }

    /// psplash's FIFO as one more event source of the loop, with its own deadline for a
    /// message a writer left unfinished.
    func wirePsplash() {
        guard let fifo else { return }
        // psplash is a boot splash too: it shows the boot's pictures (`boot.logo`).
        if !options.servesPlymouth { showPictures(ofBootMode: "boot-up") }
        server.watch(
            DescriptorEvents(fifo.descriptor.raw, deadline: { fifo.translator.deadline?.microseconds }) { [unowned server] in
                fifo.serve(
                    at: MonotonicClock.now(), run: { server.execute($0, at: MonotonicClock.now()) },
                    report: { server.report("psplash", $0) }, quit: { server.stop() })
            })
    }

    /// Serves until SIGTERM, SIGINT or psplash's QUIT, then leaves the outputs as the board
    /// says (the ring dark or kept, `onExit` for the screen).
    public func run(onExit: () -> Void = {}) {
        options.log(banner)
        input.start()
        server.run()
        SystemdNotifier.notify("STOPPING=1")
        for ring in server.rings { ring.stop(keepingPicture: options.board.ledDriver.keepOnExit) }
        onExit()
    }
}
