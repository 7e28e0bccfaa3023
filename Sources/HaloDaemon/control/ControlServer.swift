import CLinux
import Glibc
import HaloEngine
import HaloRender
import HaloPOSIX

/// The daemon's loop: clients send lines of the control language on a Unix socket and each
/// line gets one reply; the screen is drawn when something changed or animates, and the loop
/// sleeps in `poll` with no timer at all while nothing does.
///
/// One client cannot hurt another: lines are capped at 4 KiB (`LineFramer`), unread replies at
/// 256 KiB (`ClientSession`), each client is read at most `readBudget` bytes a round, and a
/// client that misbehaves is dropped without touching the engine's state.
public final class ControlServer<Output: Display> {
    public let screen: Screen<Output>
    public var engine: Engine { screen.engine }
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
    var visible: Set<String> = []
    var existing: Set<String> = []
    /// Where client bytes land before they are framed; one buffer for every client and round.
    var chunk = [UInt8](repeating: 0, count: 4096)

    /// More clients than this are told the daemon is busy and disconnected.
    public static var maximumClients: Int { 64 }
    /// Bytes read from one client in one round of the loop, so a flood cannot starve others.
    public static var readBudget: Int { 16 * 1024 }

    /// Called on SIGHUP (reload the board's theme).
    public var onReload: (() -> Void)?
    /// Commands the daemon's host adds (a snapshot, a DRM handoff): given the line and a way
    /// to bring the screen up to date first, returns the reply, or nil when the line is not
    /// one of them.
    public var extraCommand: ((String, _ drawNow: () -> Void) -> String?)?
    /// Where problems that belong to no client are reported (stderr in `halo run`).
    public var log: (String) -> Void = { _ in }
    /// Called once, after the first frame has been handed to the display (systemd's READY=1).
    public var onFirstFrame: (() -> Void)?
    /// Other descriptors the loop waits on (a psplash FIFO), with what to do when one is readable.
    var watched: [(fd: Int32, onReadable: () -> Void)] = []

    /// Clients connected now.
    public var clientCount: Int { clients.count }
    public private(set) var framesDrawn = 0
    public private(set) var pixelsPushed: Int64 = 0
    /// Wake-ups from poll with nothing to do: no client, no signal, no frame due.
    public private(set) var idleWakeups = 0
    /// Milliseconds from the process's start to its first frame on screen.
    public private(set) var firstFrameMilliseconds: Int?
    /// Render time accounting against the board's frame budget.
    public private(set) var frameTimes: FrameTimes

    public init(screen: Screen<Output>, listener: UnixListener, signals: SignalDescriptor?, frameRate: Int32, frameBudgetMilliseconds: Int32 = 16, clock: @escaping () -> Instant = MonotonicClock.now) {
        self.screen = screen
        self.listener = listener
        self.signals = signals
        self.clock = clock
        frameInterval = 1_000_000 / Int64(max(1, min(frameRate, 240)))
        frameTimes = FrameTimes(budgetMicroseconds: Int64(frameBudgetMilliseconds) * 1000)
    }

    /// Also waits on `fd`, calling `onReadable` when it has data.
    public func watch(_ fd: Int32, onReadable: @escaping () -> Void) {
        watched.append((fd, onReadable))
    }

    /// Serves until SIGTERM or SIGINT (or `stop`).
    public func run() {
        while running { step() }
        for c in clients { c.flush() }
    }

    public func stop() { running = false }

    /// One round: draw if due, wait for the next event or frame, handle what came.
    /// `maximumWait` (milliseconds) bounds the wait, for callers that interleave other work.
    public func step(maximumWait: Int32? = nil) {
        drawIfDue(clock())
        var timeout = pollTimeout(clock())
        if let m = maximumWait, timeout < 0 || timeout > m { timeout = m }
        var fds: [pollfd] = [pollfd(fd: listener.descriptor.raw, events: Int16(POLLIN), revents: 0)]
        if let signals { fds.append(pollfd(fd: signals.descriptor.raw, events: Int16(POLLIN), revents: 0)) }
        let displayEvents = screen.display.eventDescriptor
        if let displayEvents { fds.append(pollfd(fd: displayEvents, events: Int16(POLLIN), revents: 0)) }
        let firstWatched = fds.count
        for w in watched { fds.append(pollfd(fd: w.fd, events: Int16(POLLIN), revents: 0)) }
        let firstClient = fds.count
        for c in clients {
            var events = Int16(POLLIN)
            if c.hasPendingOutput { events |= Int16(POLLOUT) }
            fds.append(pollfd(fd: c.descriptor.raw, events: events, revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        if ready < 0 {
            if errno != EINTR { log("poll failed: \(SystemError("poll").description)") }
            return
        }
        if ready == 0 {
            // A timer we armed ran out; it counts as idle when it brought no frame to draw.
            if !frameDue(clock()) { idleWakeups += 1 }
            return
        }
        if let signals, fds[1].revents != 0 { handleSignals(signals.pending()) }
        if displayEvents != nil, fds[firstWatched - 1].revents != 0 { screen.display.handleEvents() }
        for (k, w) in watched.enumerated() where fds[firstWatched + k].revents != 0 { w.onReadable() }
        let now = clock()
        for (k, c) in clients.enumerated() {
            let revents = fds[firstClient + k].revents
            if revents & Int16(POLLIN) != 0 { readFrom(c, now: now) }
            if revents & Int16(POLLOUT) != 0 { c.flush() }
            if revents & Int16(POLLERR | POLLNVAL) != 0 { c.closing = true }
            // POLLHUP with nothing left to read: the client is gone.
            if revents & Int16(POLLHUP) != 0 && revents & Int16(POLLIN) == 0 { c.closing = true }
        }
        if fds[0].revents & Int16(POLLIN) != 0 { acceptClients() }
        for c in clients where c.hasPendingOutput { c.flush() }
        clients.removeAll { $0.closing }
    }

    // MARK: - Frames

    func frameDue(_ now: Instant) -> Bool {
        // A flip still in flight: the next frame waits for its event.
        if !screen.display.readyForFrame { return false }
        if needsFrame { return true }
        guard let next = engine.nextChange(after: lastFrame) else { return false }
        return next <= now && now - lastFrame >= frameInterval
    }

    func drawIfDue(_ now: Instant) {
        guard frameDue(now) else { return }
        needsFrame = false
        lastFrame = now
        do {
            let damage = try screen.update(at: now)
            if !damage.isEmpty {
                framesDrawn += 1
                pixelsPushed += damage.area
                frameTimes.record(clock() - now)
                if framesDrawn == 1 {
                    firstFrameMilliseconds = ProcessAge.milliseconds()
                    onFirstFrame?()
                    onFirstFrame = nil
                }
            }
        } catch {
            // The display failed this frame; the engine and the clients carry on, and the
            // next change draws again.
            log("frame not shown: \(error.description)")
        }
        sendEvents(now)
    }

    /// Milliseconds to sleep: none when a frame is waiting, a frame's time while something
    /// animates, until the next timed change otherwise, and forever (-1) when nothing will.
    func pollTimeout(_ now: Instant) -> Int32 {
        // Waiting for a flip event; bounded, so a driver that never sends one cannot stall us.
        if !screen.display.readyForFrame { return 100 }
        if needsFrame { return 0 }
        guard let next = engine.nextChange(after: now) else { return -1 }
        let wait = next <= now ? lastFrame.microseconds + frameInterval - now.microseconds : next - now
        if wait <= 0 { return 0 }
        return Int32(min((wait + 999) / 1000, Int64(Int32.max)))
    }

    /// The wait the loop would arm now (milliseconds; -1 for none), for tests.
    public func pollTimeoutForTesting() -> Int32 { pollTimeout(clock()) }

    // MARK: - Clients

    func acceptClients() {
        while true {
            let accepted: Descriptor?
            do { accepted = try listener.accept() } catch {
                log("cannot accept a client: \(error.description)")
                return
            }
            guard let d = accepted else { return }
            let c = ClientSession(descriptor: d, number: nextClientNumber)
            nextClientNumber += 1
            if clients.count >= Self.maximumClients {
                c.send("error busy: the daemon serves \(Self.maximumClients) clients at once; close one and connect again")
                c.flush()
                continue
            }
            clients.append(c)
        }
    }

    func readFrom(_ c: ClientSession, now: Instant) {
        var budget = Self.readBudget
        while budget > 0 && !c.closing {
            let result: Descriptor.ReadResult
            do {
                result = try chunk.withUnsafeMutableBytes { raw throws(SystemError) in try c.descriptor.read(into: raw) }
            } catch {
                c.closing = true
                return
            }
            switch result {
            case .wouldBlock: return
            case .end:
                c.closing = true
                return
            case .bytes(let n):
                budget -= n
                let pieces = chunk.withUnsafeBytes { c.framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
                for piece in pieces {
                    switch piece {
                    case .line(let line): handle(line, from: c, now: now)
                    case .overlong(let bytes):
                        c.send("error too-long: a line of \(bytes) bytes is over the \(c.framer.limit)-byte limit; send one command a line and shorten the label")
                    }
                }
            }
        }
    }

    func handle(_ line: String, from c: ClientSession, now: Instant) {
        if line == "subscribe" {
            c.subscribed = true
            c.send("ok")
            return
        }
        c.send(execute(line, at: now, owner: c.number))
    }

    /// Runs one line of the control language as a client would send it; returns the reply.
    public func execute(_ line: String, at now: Instant, owner: Int = 0) -> String {
        if line == "stats" { return "ok " + statsLine }
        if line == "sync" { return sync() }
        if let reply = extraCommand?(line, { self.drawIfDue(now) }) {
            needsFrame = true
            return reply
        }
        switch CommandParser.parse(line) {
        case .failure(let e):
            return "error \(e.code): \(e.message)"
        case .success(let command):
            do {
                let warnings = try engine.apply(command, at: now, owner: owner)
                needsFrame = true
                if case .cancel(let id) = command { broadcast("cancelled \(id)") }
                return warnings.isEmpty ? "ok" : "ok; warning: " + warnings.map(\.message).joined(separator: "; ")
            } catch {
                return "error \(error.code): \(error.message)"
            }
        }
    }

    /// `sync`: draws the picture as it is now and waits (at most a second) until the display
    /// has shown it, so a script can tell the screen is up to date.
    func sync() -> String {
        waitUntilDisplayReady()
        needsFrame = true
        drawIfDue(clock())
        waitUntilDisplayReady()
        return "ok"
    }

    func waitUntilDisplayReady() {
        var waited = 0
        while !screen.display.readyForFrame && waited < 1000 {
            if let fd = screen.display.eventDescriptor {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 50) > 0 { screen.display.handleEvents() }
            }
            waited += 50
        }
    }

    /// What `stats` reports, as key=value words.
    public var statsLine: String {
        "frames=\(framesDrawn) over-budget=\(frameTimes.overBudget) render-p50-us=\(frameTimes.percentile(50)) "
            + "render-p99-us=\(frameTimes.percentile(99)) pixels=\(pixelsPushed) idle-wakeups=\(idleWakeups) clients=\(clients.count) "
            + "first-frame-ms=\(firstFrameMilliseconds.map(String.init) ?? "none")"
    }

    func broadcast(_ event: String) {
        for c in clients where c.subscribed { c.send(event) }
    }

    func sendEvents(_ now: Instant) {
        let nowVisible = Set(engine.visibleIDs(at: now))
        let nowExisting = Set(engine.activityIDs(at: now))
        for id in nowVisible.subtracting(visible).sorted() { broadcast("shown \(id)") }
        for id in existing.subtracting(nowExisting).sorted() { broadcast("dismissed \(id)") }
        visible = nowVisible
        existing = nowExisting
    }

    // MARK: - Signals

    func handleSignals(_ received: [Int32]) {
        for s in received {
            switch s {
            case SIGTERM, SIGINT: running = false
            case SIGHUP:
                onReload?()
                needsFrame = true
            default: log("\(StraySignals.name(s)) does nothing to halo run and was ignored; SIGHUP reloads the board, SIGTERM stops the daemon")
            }
        }
    }
}
