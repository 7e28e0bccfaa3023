// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The daemon's loop: clients send lines of the control language on a Unix socket and each
/// line gets one reply; the outputs (a screen, LED rings, or both) are brought up to date
/// together when something changed or animates, and the loop sleeps in `poll` with no timer
/// at all while nothing does.
///
/// One client cannot hurt another: lines are capped at 4 KiB (`LineFramer`), unread replies at
/// 256 KiB (`ClientSession`), each client is read at most `readBudget` bytes a round, and a
/// client that misbehaves is dropped without touching the engine's state.
public final class ControlServer {
    public let engine: Engine
    /// The screen it draws on, if the board has one; another once the daemon moves from a
    /// firmware framebuffer to the native driver (`moveScreen`).
    public internal(set) var screen: (any ScreenUpdating)?
    /// The LED rings it drives, if the board has any.
    public let rings: [any RingUpdating]
    let listener: UnixListener
    let signals: SignalDescriptor?
    let clock: () -> Instant
    /// Microseconds between frames while something animates.
    let frameInterval: Int64
    var clients: [ClientSession] = []
    var nextClientNumber = 1
    public private(set) var running = true
    /// A command changed the engine since the last frame.
    var needsFrame = true
    var lastFrame = Instant(microseconds: Int64.min / 2)
    /// How long the last frame took to draw and hand over.
    var lastRenderMicroseconds: Int64 = 0
    /// Rounds served so far: which peer goes first turns with it (`serveQueues`).
    var roundNumber = 0
    /// No snapshot runs before this: after one that took T, the loop spends 4 T on everything
    /// else, so snapshots take at most a fifth of its time however many are asked for.
    var snapshotRestUntil = Instant(microseconds: Int64.min / 2)
    /// The ids on screen and existing at the last frame, in the engine's order.
    var visible: [String] = [], existing: [String] = []
    /// The room `step` builds its poll set in, kept from round to round.
    var pollRoom: [pollfd] = []
    /// Events raised while a client's line runs, sent after its reply; nil between lines.
    var heldEvents: [String]?
    /// Where client bytes land before they are framed; one buffer for every client and round.
    var chunk = [UInt8](repeating: 0, count: 4096)

    /// How many connections the loop keeps and how long it waits on them (see `ClientLimits`).
    public var limits = ClientLimits()
    /// Bytes read from one client in one round of the loop, so a flood cannot starve others.
    public static var readBudget: Int { 16 * 1024 }

    /// A descriptor held in reserve: when the process runs out, it is given up for a moment to
    /// accept a waiting client and tell it so, instead of leaving it hanging.
    var spare: Int32 = open("/dev/null", O_RDONLY | O_CLOEXEC)
    /// Set while accepting fails for want of descriptors; the log says so once per episode.
    var outOfDescriptors = false
    /// While set, the listener is not polled (no descriptor to accept with at all).
    var listenerPausedUntil: Instant?
    /// Which log lines are written (`report`).
    var logLimiter = RateLimitedLog()

    /// Called to read the board again (SIGHUP, Plymouth's `reload`), with who asked.
    public var onReload: ((String) -> Void)?
    /// What the screen is, for replies and the log (`/dev/dri/card0 HDMI-A-1 1920x1080 XRGB8888`).
    public var screenName = "the screen"
    /// The folder `snapshot` writes into (the board's `snapshots` key, or beside the socket);
    /// it is opened, and made if missing, at the first snapshot.
    public var snapshotPath: String?
    var snapshotFolder: SnapshotFolder?
    /// Where the daemon's log lines go (stderr in `halo run`); they arrive through `report`,
    /// which limits each kind of line.
    public var log: (String) -> Void = { _ in }
    /// Called once, after the first frame has been handed to the display (systemd's READY=1).
    public var onFirstFrame: (() -> Void)?
    /// Called once the daemon has done nothing but draw for a while after other work
    /// (`QuietTimer`); nil for never.
    public var onQuiet: (() -> Void)?
    var quiet = QuietTimer()
    /// Where keys a person types go while a question waits (the Plymouth server's prompts);
    /// nil when nothing asks.
    var typed: ((TypedKey) -> Void)?
    /// systemd's boot progress goes to the Plymouth server's splash (`bootProgressed`).
    var onBootProgress: ((Int) -> Void)?
    /// Called once the splash moved into the real root (`newroot`): what could not be found in
    /// the initramfs (libsystemd) may be there.
    public var onNewRoot: (() -> Void)?
    /// Called with Plymouth's mode when the splash starts and at each `change-mode`, so the
    /// host can show that mode's pictures.
    public var onPlymouthMode: ((String) -> Void)?
    /// The last boot progress heard from systemd, in percent, for `stats`.
    public internal(set) var bootProgress: Int?
    /// What the loop waits on besides its listener and clients: its signals, the display's
    /// events, and what the host adds (`watch`: a psplash FIFO, Plymouth's socket and each of
    /// its connections, input devices, systemd's progress).
    var sources: [any EventSource] = []

    /// Clients connected now.
    public var clientCount: Int { clients.count }
    public private(set) var framesDrawn = 0
    /// Times the daemon moved to another screen (`moveScreen`), for `stats`.
    public internal(set) var screenMoves = 0
    public private(set) var pixelsPushed: Int64 = 0
    /// Wake-ups from poll with nothing to do: no client, no signal, no frame due.
    public private(set) var idleWakeups = 0
    /// Milliseconds from the process's start to its first frame on screen.
    public private(set) var firstFrameMilliseconds: Int?
    /// Render time accounting against the board's frame budget.
    public private(set) var frameTimes: FrameTimes
    /// How long people wait to see their taps, keys and buttons answered.
    public internal(set) var answers = AnswerLatency()

    /// A daemon for `engine`, presenting to a screen, LED rings, or both (each joined to the
    /// same engine).
    public init(
        engine: Engine, screen: (any ScreenUpdating)?, rings: [any RingUpdating] = [], listener: UnixListener,
        signals: SignalDescriptor?, frameRate: Int32, frameBudgetMilliseconds: Int32 = 16,
        clock: @escaping () -> Instant = MonotonicClock.now
    ) {
        self.engine = engine
        self.screen = screen
        self.rings = rings
        self.listener = listener
        self.signals = signals
        self.clock = clock
        frameInterval = 1_000_000 / Int64(max(1, min(frameRate, 240)))
        frameTimes = FrameTimes(budgetMicroseconds: Int64(frameBudgetMilliseconds) * 1000)
        if let signals { sources.append(DescriptorEvents(signals.descriptor.raw) { [unowned self] in handleSignals(signals.pending()) }) }
        if let events = screen?.shownOn.events { sources.append(events) }
    }

    /// A daemon presenting to one screen.
    public convenience init<D: Display>(
        screen: Screen<D>, listener: UnixListener, signals: SignalDescriptor?, frameRate: Int32, frameBudgetMilliseconds: Int32 = 16,
        clock: @escaping () -> Instant = MonotonicClock.now
    ) {
        self.init(
            engine: screen.engine, screen: screen, listener: listener, signals: signals, frameRate: frameRate,
            frameBudgetMilliseconds: frameBudgetMilliseconds, clock: clock)
    }

    /// Every output ready for the next update (no page flip in flight).
    var outputsReady: Bool { screen?.shownOn.readyForFrame ?? true }

    /// Sends everything again at the next frame: after a theme change, or another program drew.
    public func invalidateOutputs() {
        screen?.invalidate()
        for ring in rings { ring.invalidate() }
        needsFrame = true
    }

    /// Also waits on `source`, handling it when it is readable.
    public func watch(_ source: any EventSource) {
        sources.append(source)
    }

    /// Serves until SIGTERM or SIGINT (or `stop`).
    public func run() {
        while running { step() }
        for c in clients { c.flush() }
        // Nothing left out goes unsaid, even in a window cut short by the stop.
        for line in logLimiter.summaries(at: Instant(microseconds: Int64.max / 2)) { log(line) }
    }

    public func stop() { running = false }

    deinit { if spare >= 0 { close(spare) } }

    /// Logs `message` unless lines of its `category` are coming too fast (`RateLimitedLog`);
    /// `who` names the client, writer or signal sender behind it, for the count of lines left out.
    public func report(_ category: String, _ message: String, who: String? = nil) {
        if let line = logLimiter.admit(category, message, who: who, at: clock()) { log(line) }
    }

    /// Writes the summaries of log lines left out in windows that have ended.
    func writeLogSummaries(_ now: Instant) {
        for line in logLimiter.summaries(at: now) { log(line) }
    }

    /// One round: draw if due, wait for the next event or frame, read what came, run the lines
    /// waiting (`serveQueues`). `maximumWait` (milliseconds) bounds the wait, for callers that
    /// interleave other work.
    public func step(maximumWait: Int32? = nil) {
        let begun = clock()
        writeLogSummaries(begun)
        reportQuiet(begun)
        if !frameWaitsForInput(begun) { drawIfDue(begun) }
        var timeout = pollTimeout(clock())
        if let m = maximumWait, timeout < 0 || timeout > m { timeout = m }
        let listening = listenerPausedUntil.map { clock() >= $0 } ?? true
        if listening { listenerPausedUntil = nil }
        // The poll set's room is kept between rounds (`pollRoom`): a round allocates nothing.
        var fds: [pollfd] = []
        swap(&fds, &pollRoom)
        defer { swap(&fds, &pollRoom) }
        pollSet(listening: listening, into: &fds)
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        if ready < 0 {
            if errno != EINTR { report("poll", "poll failed: \(SystemError("poll").description)") }
            return
        }
        if ready == 0 {
            // A timer we armed ran out; it counts as idle when it brought no frame to draw, no
            // client's timeout, no held sync and no end of a pause.
            let now = clock()
            let cut = expireClients(now)
            let held = [heldDeadline, logLimiter.nextSummary, sourceDeadline, quietDeadline].contains { $0.map { $0 <= now } ?? false }
            handleSources(fds)
            if !frameDue(now) && !cut && !held && !hasRunnableLines && listenerPausedUntil == nil && listening { idleWakeups += 1 }
            serveQueues(now)
            removeClosedClients()
            dropFinishedSources()
            return
        }
        // A source may add sources (an input device plugged in): the clients' places in `fds`
        // follow the sources that were polled.
        let firstClient = 1 + sources.count
        // Dated when it came, not when the wait began: a long idle wait must not make the
        // quiet spell after it look over already.
        noteWork(fds, at: clock())
        handleSources(fds)
        let now = clock()
        for (k, c) in clients.enumerated() {
            let revents = fds[firstClient + k].revents
            if revents & Int16(POLLIN) != 0 { readFrom(c, now: now) }
            if revents & Int16(POLLOUT) != 0 { c.flush() }
            if revents & Int16(POLLERR | POLLNVAL) != 0 { c.closing = true }
            // POLLHUP with nothing left to read: the client is gone.
            if revents & Int16(POLLHUP) != 0 && revents & Int16(POLLIN) == 0 && !c.hasQueuedLines { c.closing = true }
        }
        serveQueues(now)
        // Clients that left give their descriptors back before newcomers need them.
        removeClosedClients()
        if fds[0].revents & Int16(POLLIN) != 0 { acceptClients(now) }
        _ = expireClients(clock())
        for c in clients where c.hasPendingOutput { c.flush() }
        removeClosedClients()
        dropFinishedSources()
    }

    /// Stops polling sources that have finished (an unplugged input device), at the end of a
    /// round: until then the clients' places in the poll set follow the sources'.
    func dropFinishedSources() {
        if sources.contains(where: \.finished) { sources.removeAll { $0.finished } }
    }

    /// Handles the sources that are readable or whose own deadline has passed.
    func handleSources(_ fds: [pollfd]) {
        let now = clock().microseconds
        for (k, s) in sources.enumerated() where fds[1 + k].revents != 0 || (s.deadlineMicroseconds.map { $0 <= now } ?? false) {
            s.handle()
        }

    }

    /// The soonest deadline of a source's own.
    var sourceDeadline: Instant? { sources.compactMap(\.deadlineMicroseconds).min().map { Instant(microseconds: $0) } }

    // MARK: - Frames

    func frameDue(_ now: Instant) -> Bool {
        // A flip still in flight: the next frame waits for its event.
        if !outputsReady { return false }
        if needsFrame { return true }
        guard let next = nextChange(after: lastFrame) else { return false }
        return next <= now && now - lastFrame >= frameInterval
    }

    func drawIfDue(_ now: Instant) {
        guard frameDue(now) else { return }
        needsFrame = false
        lastFrame = now
        var changed = false
        // An output that fails this frame is logged; the others, the engine and the clients
        // carry on, and the next change draws again.
        if let screen {
            do {
                let area = try screen.update(at: now).area
                if area > 0 {
                    changed = true
                    pixelsPushed += area
                }
            } catch {
                report("frame", "frame not shown: \(error.description)")
            }
        }
        for ring in rings {
            do {
                if try ring.update(at: now) { changed = true }
            } catch {
                report("frame", "ring frame not sent: \(error.description)")
            }
        }
        if changed {
            framesDrawn += 1
            let end = clock()
            lastRenderMicroseconds = end - now
            frameTimes.record(lastRenderMicroseconds)
            answers.shown(at: end)
            if framesDrawn == 1 {
                firstFrameMilliseconds = ProcessAge.milliseconds()
                onFirstFrame?()
                onFirstFrame = nil
                // The frames right after the first run code once that start-up did not (the
                // second buffer's first flip, the first events sent): a quiet spell after
                // them gives that back too, with no client's work needed to start it.
                quiet.work(at: end)
            }
        }
        // A client's label drawn as boxes is said in the log, with the font to add.
        for problem in engine.takeTextProblems() { report("text", problem) }
        sendEvents(now)
    }

    /// The soonest moment any output's picture changes by itself.
    func nextChange(after now: Instant) -> Instant? {
        var best: Instant? = screen == nil ? nil : engine.nextChange(after: now)
        for ring in rings {
            if let t = ring.nextChange(after: now) { best = best.map { min($0, t) } ?? t }
        }
        return best
    }

    /// Milliseconds to sleep: none when a frame is waiting, a frame's time while something
    /// animates, until the next timed change otherwise, and forever (-1) when nothing will.
    func pollTimeout(_ now: Instant) -> Int32 {
        // Waiting for a flip event; bounded, so a driver that never sends one cannot stall us.
        if !outputsReady { return 100 }
        if needsFrame || hasRunnableLines { return 0 }
        var wait: Int64? = nil
        if let next = nextChange(after: now) {
            wait = next <= now ? lastFrame.microseconds + frameInterval - now.microseconds : next - now
        }
        // Clients' timeouts and the end of a listener pause wake the loop too; an idle daemon
        // whose clients all talk has neither, and arms nothing.
        let deadlines = [
            clientDeadline(), listenerPausedUntil, heldDeadline, snapshotDeadline, logLimiter.nextSummary, sourceDeadline, quietDeadline,
        ]
        for deadline in deadlines.compactMap({ $0 }) {
            wait = min(wait ?? Int64.max, deadline - now)
        }
        guard let wait else { return -1 }
        if wait <= 0 { return 0 }
        return Int32(min((wait + 999) / 1000, Int64(Int32.max)))
    }

    /// The wait the loop would arm now (milliseconds; -1 for none), for tests.
    public func pollTimeoutForTesting() -> Int32 { pollTimeout(clock()) }

    // MARK: - Signals

    func handleSignals(_ received: [SignalDescriptor.Received]) {
        for s in received {
            switch s.signal {
            case SIGTERM, SIGINT: running = false
            case SIGHUP:
                onReload?(s.sender)
                needsFrame = true
            default:
                report(
                    "signal",
                    "\(StraySignals.name(s.signal)) from \(s.sender) does nothing to halo run and was ignored; SIGHUP reloads the board, SIGTERM stops the daemon",
                    who: s.sender)
            }
        }
    }
}
