// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The daemon's own commands, beside the control language, all in one place:
///
/// - `subscribe`: this connection also receives events (`shown ID`, `paused ID`, `resumed ID`, `cancelled ID`, `dismissed ID`);
/// - `stats`: counters as key=value words;
/// - `sync`: the picture as it is now, shown before the reply, which says what is still on its way
///   (`sync wait` holds the reply until it has arrived);
/// - `release` and `adopt`: hand the screen to another program and take it back (DRM master);
/// - `snapshot`: the picture saved as a PNG in the board's snapshot folder, its path replied;
/// - `person …`: on the mock display, what a person at the screen would do (`person tap ID`),
///   so that an app's handling of `cancel-requested` can be tried on a desktop.
///
/// A command the screen cannot carry out (a handoff on fbdev, a snapshot of a real screen)
/// gets `error unsupported` with the reason; one with words after it, `error invalid`.
extension ControlServer {
    static var daemonVerbs: [String] { ["subscribe", "stats", "sync", "release", "adopt", "snapshot", "person"] }

    /// The reply to a daemon command, or nil when `line` is one of the control language.
    func daemonReply(_ line: String, from client: ClientSession?, at now: Instant) -> String? {
        let verb = String(line.prefix { $0 != " " && $0 != "\t" })
        guard Self.daemonVerbs.contains(verb) else { return nil }
        if verb == "person" { return person(line, at: now) }
        if line != verb {
            // Without a connection to hold, waiting would stop the loop: answered as sync is.
            if line == "sync wait" && client == nil { return sync() }
            if verb == "snapshot" {
                return
                    ControlError.Code.invalid.reply(
                        "snapshot takes no file name; the daemon writes the picture into the board's snapshot folder and replies with the file's path"
                    )
            }
            return ControlError.Code.invalid.reply("\(verb) takes nothing after it; send the word \(verb) alone")
        }
        switch verb {
        case "subscribe":
            guard let client else {
                return ControlError.Code.unsupported.reply("subscribe sends events on a connection; send it on the daemon's socket")
            }
            client.subscribed = true
            return "ok"
        case "stats": return "ok " + statsLine
        case "sync": return sync()
        case "release", "adopt": return handoff(release: verb == "release")
        default: return snapshot(at: now)
        }
    }

    /// `person …`: a person's tap, key or button, played on the mock display only (a real
    /// screen has real people).
    func person(_ line: String, at now: Instant) -> String {
        guard screen?.shownOn is any SnapshotSource else {
            return ControlError.Code.unsupported.reply(
                "person plays a tap, key or button on the mock display; on \(screenName) a person uses the device itself")
        }
        if let key = Self.typedKey(line) {
            guard let typed else {
                return ControlError.Code.unsupported.reply(
                    "nothing asks for typed text now; person type answers a boot's password or question")
            }
            typed(key)
            return "ok"
        }
        do {
            personActed(try PersonAction.parse(line, on: engine, at: now))
            return "ok"
        } catch {
            return error.kind.reply(error.message)
        }
    }

    /// `person type TEXT` (the rest of the line, as typed) and `person type-key enter|erase|erase-all|cancel`.
    static func typedKey(_ line: String) -> TypedKey? {
        let prefix = "person type "
        if line.hasPrefix(prefix) { return .text(String(line.dropFirst(prefix.count))) }
        let keys: [String: TypedKey] = [
            "person type-key enter": .enter, "person type-key erase": .erase, "person type-key erase-all": .eraseAll,
            "person type-key cancel": .cancel,
        ]
        return keys[line]
    }

    /// `release` and `adopt`.
    func handoff(release: Bool) -> String {
        guard let display = screen?.shownOn as? any ScreenHandoff else {
            return ControlError.Code.unsupported.reply(
                "release and adopt hand over DRM master, and this daemon draws on \(screenName), which has none")
        }
        do {
            if release { try display.release() } else { try display.adopt() }
        } catch {
            return ControlError.Code.display.reply("\(error.description)")
        }
        // Taken back, the screen shows whatever the other program left: draw it all again.
        needsFrame = true
        return "ok"
    }

    /// `snapshot`: the picture as it is now, not as of the last frame, written under a name the
    /// daemon picks. A client never names the file: the daemon may run as root, and a path
    /// from a client could point anywhere.
    func snapshot(at now: Instant) -> String {
        guard let source = screen?.shownOn as? any SnapshotSource, let snapshotPath else {
            return
                ControlError.Code.unsupported.reply(
                    "snapshot saves the mock display's picture; on a real screen take it from the device (a QEMU screendump, a camera)")
        }
        needsFrame = true
        drawIfDue(now)
        let begun = clock()
        defer {
            let end = clock()
            snapshotRestUntil = Instant(microseconds: end.microseconds + 4 * max(0, end - begun))
        }
        do {
            let folder = try snapshotFolder ?? SnapshotFolder(path: snapshotPath)
            snapshotFolder = folder
            let (path, file) = try folder.create()
            var failure: SystemError?
            try source.writeSnapshot { piece in
                piece.withUnsafeBytes { bytes in
                    do throws(SystemError) {
                        try file.writeAll(bytes, subject: path)
                        return true
                    } catch {
                        failure = error
                        return false
                    }
                }
            }
            if let failure { return ControlError.Code.file.reply("\(failure.description)") }
            return "ok \(path)"
        } catch let e as SystemError {
            return ControlError.Code.file.reply("\(e.description)")
        } catch let e as DisplayError {
            return ControlError.Code.display.reply("\(e.description)")
        } catch {
            return ControlError.Code.file.reply("\(error)")
        }
    }

    /// `sync`: draws the picture as it is now and waits (at most a second) until the display
    /// has shown it. The reply says whether that is everything sent before: `ok` when it is,
    /// else how long until it is and which indicators still wait for their show delay
    /// (`sync wait` holds the reply until then, `runQueued`).
    func sync() -> String {
        waitUntilDisplayReady()
        needsFrame = true
        let now = clock()
        drawIfDue(now)
        waitUntilDisplayReady()
        return Self.syncReply(settlesAt: engine.settlesAt(after: now), pending: engine.pendingShows(at: now).map(\.id), now: now)
    }

    /// Ids listed in a `sync` reply at most; the rest are counted.
    public static var syncListedIDs: Int { 16 }

    /// `ok`, or `ok settles-in-ms=N pending=ID,ID,+N` while commands are still taking effect.
    public static func syncReply(settlesAt: Instant, pending: [String], now: Instant) -> String {
        guard settlesAt > now else { return "ok" }
        var reply = "ok settles-in-ms=\((settlesAt - now + 999) / 1000)"
        if !pending.isEmpty {
            reply += " pending=" + pending.prefix(syncListedIDs).joined(separator: ",")
            if pending.count > syncListedIDs { reply += ",+\(pending.count - syncListedIDs)" }
        }
        return reply
    }

    func waitUntilDisplayReady() {
        var waited = 0
        while !outputsReady && waited < 1000 {
            if let display = screen?.shownOn, !display.readyForFrame {
                guard let events = display.events else { break }
                var p = pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 50) > 0 { events.handle() }
            }
            waited += 50
        }
    }

    /// What `stats` reports, as key=value words.
    /// Frames and bytes the LED rings have sent.
    var ringTraffic: (frames: Int, bytes: Int64) {
        rings.map(\.traffic).reduce((0, 0)) { ($0.0 + $1.frames, $0.1 + $1.bytes) }
    }

    public var statsLine: String {
        "frames=\(framesDrawn) over-budget=\(frameTimes.overBudget) render-p50-us=\(frameTimes.percentile(50)) "
            + "render-p99-us=\(frameTimes.percentile(99)) pixels=\(pixelsPushed) idle-wakeups=\(idleWakeups) clients=\(clients.count) "
            + "subscribers=\(clients.filter(\.subscribed).count) "
            + "first-frame-ms=\(firstFrameMilliseconds.map(String.init) ?? "none") ring-frames=\(ringTraffic.frames) ring-bytes=\(ringTraffic.bytes) "
            + answers.statsWords + " prompt-shown=\(engine.shownPrompt == nil ? 0 : 1)"
            + " boot-progress=\(bootProgress.map(String.init) ?? "none") screen-moves=\(screenMoves)"
            + sources.compactMap { ($0 as? ReportsStats).map { " " + $0.statsWords } }.joined()
    }

    func broadcast(_ event: String) {
        if heldEvents != nil {
            heldEvents?.append(event)
            return
        }
        for c in clients where c.subscribed { c.send(event) }
    }

    func sendEvents(_ now: Instant) {
        announceCarriedOut()
        let lapsed = engine.takeLapsedLeases()
        if !lapsed.isEmpty {
            report(
                "lease",
                "no command came within the lease of \(Self.idList(lapsed)), so the daemon ended it; an app with a lease sends progress, label or show for the id more often than the lease"
            )
        }
        // Most frames change neither list: they are compared in place, and built only anew.
        if engine.idsUnchanged(visible: visible, existing: existing, at: now) { return }
        let nowVisible = engine.visibleIDs(at: now), nowExisting = engine.activityIDs(at: now)
        for id in Set(nowVisible).subtracting(visible).sorted() { broadcast("shown \(id)") }
        for id in Set(existing).subtracting(nowExisting).sorted() { broadcast("dismissed \(id)") }
        visible = nowVisible
        existing = nowExisting
    }
}
