// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// Whether the suite below can run. A constant, not an expression in the trait: Swift 6.0's
/// compiler crashes on some there (a closure, an interpolated comment).
let swayTestsCanRun = SwaySession.available

/// `halo run` with `display: wayland` over a fullscreen app under a real headless sway, its
/// output captured by grim: what the compositor shows must be, byte for byte, Halo's own
/// composition of the same state over the app's colour (the mock overlay, drawn by `halo
/// replay`), and clicks must reach the app except inside Halo's input region.
@Suite(
    "the Wayland overlay over a fullscreen app under a real sway, seen by grim (Debian's sway, foot and grim; a peer)", .serialized,
    .enabled(
        if: swayTestsCanRun,
        "needs root, sway, foot, grim, wayland-scanner, gcc and setpriv (Debian: sway foot grim libwayland-bin gcc util-linux); CI's main lane installs them"
    ))
struct WaylandOverlayTests {
    static let app = "208040"

    /// The board, as the overlay on sway or as its mock stand-in: still frames, toasts that
    /// stay, and translucent parts at several alphas (the checkout's dimming, the toast's box,
    /// every anti-aliased edge).
    static func board(mock: Bool, width: Int = SwaySession.width, height: Int = SwaySession.height) -> String {
        """
        name: overlay-\(mock ? "mock" : "sway")
        description: the overlay tests' board
        display: \(mock ? "mock" : "wayland")
        motion: none
        screen:
          width: \(width)
          height: \(height)
          format: \(mock ? "ARGB8888-premultiplied" : "XRGB8888")
          backdrop: "#\(app)"
        theme:
          toast: {opacity: 70}
          checkout: {overlay-opacity: 35}
        policy: {toast-ms: 60000, toast-long-ms: 60000, show-delay-ms: 0}

        """
    }

    struct Overlay {
        let session: SwaySession
        let daemon: ChildProcess
        let socket: String
        let dir: URL
    }

    func start() throws -> Overlay {
        let test = CommandTests()
        let dir = try test.scratch()
        chmod(dir.path, 0o755)
        let session = try SwaySession(app: Self.app, in: dir.appendingPathComponent("sway"))
        let boardPath = dir.appendingPathComponent("overlay.yaml").path
        try Self.board(mock: false).write(toFile: boardPath, atomically: true, encoding: .utf8)
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try CommandTests.start(
            ["run", "--board", boardPath, "--socket", socket], environment: session.environment,
            stderr: .file(dir.appendingPathComponent("halo.err").path))
        for _ in 0..<500 where !FileManager.default.fileExists(atPath: socket) && daemon.isRunning { usleep(20_000) }
        return Overlay(session: session, daemon: daemon, socket: socket, dir: dir)
    }

    /// `lines` sent to the overlay, and what grim sees once they show; and the mock overlay's
    /// picture of the same lines, from `halo replay`.
    func seenAndDrawn(_ overlay: Overlay, _ lines: [String], width: Int = SwaySession.width, height: Int = SwaySession.height) throws
        -> (seen: [UInt8], drawn: [UInt8])
    {
        let test = CommandTests()
        for line in lines {
            let r = try test.halo(["ctl", "--socket", overlay.socket, line])
            #expect(r.status == 0, "\(line): \(r.out)\(r.err)")
        }
        #expect(try test.halo(["ctl", "--socket", overlay.socket, "sync wait"]).status == 0)
        let drawn = try drawn(overlay, lines, width: width, height: height)
        return (try shown(overlay, drawn, width: width, height: height), drawn)
    }

    /// What grim sees once it equals `expected`, or after 30 s of looking, whichever comes
    /// first: a committed frame shows at the compositor's next repaint, and a resized, scaled
    /// or turned output is drawn for once Halo has heard of it.
    func shown(_ overlay: Overlay, _ expected: [UInt8], width: Int = SwaySession.width, height: Int = SwaySession.height) throws
        -> [UInt8]
    {
        let deadline = Date().addingTimeInterval(30)
        var seen = try overlay.session.screenshot(width: width, height: height)
        while seen != expected && Date() < deadline {
            usleep(50_000)  // between looks only: the picture decides
            seen = try overlay.session.screenshot(width: width, height: height)
        }
        return seen
    }

    /// The mock overlay's picture of `lines` on a `width`×`height` screen, from `halo replay`.
    func drawn(_ overlay: Overlay, _ lines: [String], width: Int, height: Int) throws -> [UInt8] {
        let test = CommandTests()
        let mockBoard = overlay.dir.appendingPathComponent("overlay-mock.yaml").path
        try Self.board(mock: true, width: width, height: height).write(toFile: mockBoard, atomically: true, encoding: .utf8)
        let script = try test.script(lines.map { "@0 \($0)" }.joined(separator: "\n") + "\n", in: overlay.dir)
        let out = overlay.dir.appendingPathComponent("replay-\(UUID().uuidString.prefix(6))")
        let replay = try test.halo(["replay", script, "--board", mockBoard, "--at", "2000", "--out", out.path])
        #expect(replay.status == 0, "\(replay.err)")
        return try test.picture(out.appendingPathComponent("2000.png")).rgb
    }

    /// Pixels that differ, and the first of them, for the message.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String? {
        guard a.count == b.count else { return "sizes differ: \(a.count) and \(b.count) bytes" }
        var count = 0
        var first: Int?
        for i in stride(from: 0, to: a.count, by: 3) where a[i..<i + 3] != b[i..<i + 3] {
            count += 1
            if first == nil { first = i / 3 }
        }
        guard let first else { return nil }
        let (x, y) = (first % SwaySession.width, first / SwaySession.width)
        return
            "\(count) pixels differ, first at \(x),\(y): grim \(Array(a[first * 3..<first * 3 + 3])), Halo \(Array(b[first * 3..<first * 3 + 3]))"
    }

    @Test(
        "a ring, a toast and a checkout over the app are, byte for byte, Halo's own composition over its colour; clear pixels leave the app as it was"
    )
    func composition() throws {
        let overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let scenes: [[String]] = [
            [#"show up circular label="Uploading photos" value=40% detached=yes"#],
            [#"show pay checkout label="Paying" detached=yes"#],
            // Last: a toast cannot be dismissed, and stays for the rest of the test.
            [#"toast "Saved to the gallery""#],
        ]
        for (i, lines) in scenes.enumerated() {
            let (seen, drawn) = try seenAndDrawn(overlay, lines)
            #expect(Self.difference(seen, drawn) == nil, "scene \(i): \(Self.difference(seen, drawn) ?? "")")
            // The corner is clear in every scene but the checkout, which dims the app.
            let corner = Array(seen[0..<3])
            #expect((corner == [0x20, 0x80, 0x40]) == (i != 1), "scene \(i): the corner shows \(corner)")
            for id in ["up", "pay"] { _ = try CommandTests().halo(["ctl", "--socket", overlay.socket, "dismiss \(id)"]) }
        }
        #expect(
            overlay.daemon.isRunning,
            "the daemon still serves: \((try? String(contentsOf: overlay.dir.appendingPathComponent("halo.err"), encoding: .utf8)) ?? "")")
    }

    @Test("a click where Halo has no target reaches the app; while a checkout blocks the app, none does")
    func clicksPassThrough() throws {
        let overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let test = CommandTests()
        let up = #"show up circular label="Uploading" value=40% detached=yes"#
        let pay = #"show pay checkout label="Paying" detached=yes"#
        _ = try seenAndDrawn(overlay, [up])
        try overlay.session.click(x: 60, y: 60)
        #expect(
            CommandTests.eventually { overlay.session.appClicks == 2 },
            "a press and a release reached the app: \(overlay.session.appClicks)")
        // The checkout on screen (its input region with it), a click, the checkout gone, a
        // second click: the compositor delivers them in order, so when the second reaches the
        // app the first had either reached it before (6 reports) or not at all (4).
        #expect(try test.halo(["ctl", "--socket", overlay.socket, pay]).status == 0)
        #expect(try test.halo(["ctl", "--socket", overlay.socket, "sync wait"]).status == 0)
        _ = try shown(overlay, try drawn(overlay, [up, pay], width: SwaySession.width, height: SwaySession.height))
        try overlay.session.click(x: 60, y: 60)
        #expect(try test.halo(["ctl", "--socket", overlay.socket, "dismiss pay"]).status == 0)
        _ = try shown(overlay, try drawn(overlay, [up], width: SwaySession.width, height: SwaySession.height))
        try overlay.session.click(x: 60, y: 60)
        #expect(CommandTests.eventually { overlay.session.appClicks >= 4 }, "the click after the checkout reached the app")
        #expect(overlay.session.appClicks == 4, "the checkout takes every click: \(overlay.session.appClicks) reports reached the app")
    }

    @Test("a click on the stop icon is Halo's: a watcher hears cancel-requested from a touch, and the app hears nothing")
    func clickOnTarget() throws {
        let overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let test = CommandTests()
        let events = overlay.dir.appendingPathComponent("events").path
        let watcher = try CommandTests.start(["ctl", "--socket", overlay.socket, "watch"], stdout: .file(events))
        defer { _ = watcher.stop() }
        #expect(
            try CommandTests.eventually { try test.halo(["ctl", "--socket", overlay.socket, "stats"]).out.contains(" subscribers=1 ") })
        let show = "show up linear value=40% cancellable=yes region=20,20,300,60"
        #expect(try test.halo(["ctl", "--socket", overlay.socket, show]).status == 0)
        #expect(try test.halo(["ctl", "--socket", overlay.socket, "sync wait"]).status == 0)
        // The stop icon, found in what the compositor shows (the theme's opaque blue), once it shows.
        let shot = try shown(overlay, try drawn(overlay, [show], width: SwaySession.width, height: SwaySession.height))
        var icon: (x: [Int], y: [Int]) = ([], [])
        for i in stride(from: 0, to: shot.count, by: 3) where shot[i..<i + 3] == [0x0A, 0x84, 0xFF] {
            icon.x.append(i / 3 % SwaySession.width)
            icon.y.append(i / 3 / SwaySession.width)
        }
        guard let left = icon.x.min(), let right = icon.x.max(), let top = icon.y.min(), let bottom = icon.y.max() else {
            Issue.record("no stop icon on the screen")
            return
        }
        // The bar is blue too: the icon is the blue at the region's right end.
        let iconX = icon.x.filter { $0 > right - 40 }
        let x = iconX.isEmpty ? (left + right) / 2 : (iconX.min()! + iconX.max()!) / 2
        try overlay.session.click(x: x, y: (top + bottom) / 2)
        var heard = ""
        let came = CommandTests.eventually {
            heard = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
            return heard.contains("cancel-requested up source=touch")
        }
        #expect(came, "the watcher heard: \(heard)")
        #expect(overlay.session.appClicks == 0, "the click went to the app too")
    }

    @Test("under cage, a kiosk compositor with no wlr-layer-shell, halo run stops with an error that names cage and the ways out")
    func kioskWithoutLayerShell() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cage") else {
            Issue.record("cage is not installed (Debian: cage xwayland); CI's main lane installs it")
            return
        }
        let test = CommandTests()
        let dir = try test.scratch()
        chmod(dir.path, 0o755)
        let session = try SwaySession(app: Self.app, in: dir.appendingPathComponent("cage"), compositor: .cage)
        let board = dir.appendingPathComponent("overlay.yaml").path
        try Self.board(mock: false).write(toFile: board, atomically: true, encoding: .utf8)
        let run = try test.halo(
            ["run", "--board", board, "--socket", dir.appendingPathComponent("halo.sock").path], environment: session.environment)
        #expect(run.status != 0)
        #expect(run.err.contains("cage has no wlr-layer-shell"), "\(run.err)")
        #expect(run.err.contains("sway or labwc") && run.err.contains("libhalo"), "\(run.err)")
    }

    /// The CPU time a process has used, in clock ticks (`/proc/PID/stat`'s utime and stime).
    static func cpuTicks(_ pid: pid_t) -> Int {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return -1 }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
    }

    @Test("sway stopped and started again: halo run waits without spinning, then draws the same state over the new one")
    func compositorRestarts() throws {
        var overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let lines = [#"show up circular label="Uploading photos" value=40% detached=yes"#]
        let (_, drawn) = try seenAndDrawn(overlay, lines)
        _ = overlay.session.sway.stop(grace: 5)
        let before = Self.cpuTicks(overlay.daemon.pid)
        usleep(2_000_000)
        let used = Self.cpuTicks(overlay.daemon.pid) - before
        #expect(overlay.daemon.isRunning, "halo run stopped with the compositor")
        // Spinning on the dead socket would take all of 2 s: some 200 ticks.
        #expect(used < 40, "halo run used \(used) ticks of CPU in 2 s with no compositor")
        let again = try SwaySession(app: Self.app, in: overlay.session.dir)
        #expect(again.socketName == overlay.session.socketName, "the new sway took another socket name")
        overlay = Overlay(session: again, daemon: overlay.daemon, socket: overlay.socket, dir: overlay.dir)
        var seen: [UInt8] = []
        // Tries come at most 8 s apart after the loss.
        for _ in 0..<120 {
            seen = try again.screenshot()
            if seen == drawn { break }
            usleep(100_000)
        }
        #expect(Self.difference(seen, drawn) == nil, "after the restart: \(Self.difference(seen, drawn) ?? "")")
        let log = (try? String(contentsOf: overlay.dir.appendingPathComponent("halo.err"), encoding: .utf8)) ?? ""
        #expect(log.contains("tries again"), "\(log)")
    }

    @Test("sway's output given another size: the indicators are laid out for it, as Halo lays them out on a screen that size")
    func outputResized() throws {
        let overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let lines = [#"show up circular label="Uploading photos" value=40% detached=yes"#]
        _ = try seenAndDrawn(overlay, lines)
        try overlay.session.output("resolution", "640x400")
        let drawn = try self.drawn(overlay, lines, width: 640, height: 400)
        let seen = try shown(overlay, drawn, width: 640, height: 400)
        #expect(Self.difference(seen, drawn) == nil, "\(Self.difference(seen, drawn) ?? "")")
    }

    @Test(
        "on a HiDPI output (scale 2) the overlay is drawn in the output's pixels, as sharp as at scale 1; turned 90°, it is laid out upright"
    )
    func scaleAndTransform() throws {
        let overlay = try start()
        defer { _ = overlay.daemon.stop() }
        let lines = [#"show up circular label="Uploading photos" value=40% detached=yes"#]
        let (_, plain) = try seenAndDrawn(overlay, lines)
        try overlay.session.output("scale", "2")
        let sharp = try shown(overlay, plain)
        #expect(Self.difference(sharp, plain) == nil, "at scale 2: \(Self.difference(sharp, plain) ?? "")")
        try overlay.session.output("scale", "1")
        try overlay.session.output("transform", "90")
        let upright = try drawn(overlay, lines, width: SwaySession.height, height: SwaySession.width)
        let turned = try shown(overlay, upright, width: SwaySession.height, height: SwaySession.width)
        #expect(Self.difference(turned, upright) == nil, "turned: \(Self.difference(turned, upright) ?? "")")
    }

    @Test("an output named on the board is drawn over; one the compositor lacks is an error that lists those it has")
    func namedOutput() throws {
        let test = CommandTests()
        let dir = try test.scratch()
        chmod(dir.path, 0o755)
        let session = try SwaySession(app: Self.app, in: dir.appendingPathComponent("sway"))
        for (name, works) in [("HEADLESS-1", true), ("HDMI-A-9", false)] {
            let board = dir.appendingPathComponent("\(name).yaml").path
            try Self.board(mock: false).replacingOccurrences(of: "  backdrop:", with: "  wayland-output: \(name)\n  backdrop:")
                .write(toFile: board, atomically: true, encoding: .utf8)
            let socket = dir.appendingPathComponent("\(name).sock").path
            let err = dir.appendingPathComponent("\(name).err")
            let daemon = try CommandTests.start(
                ["run", "--board", board, "--socket", socket], environment: session.environment, stderr: .file(err.path))
            // Serving (its socket is there) or gone with an error: either is a state to wait for.
            _ = CommandTests.eventually { FileManager.default.fileExists(atPath: socket) || !daemon.isRunning }
            let log = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            #expect(daemon.isRunning == works, "\(name): \(log)")
            if !works { #expect(log.contains("has no output named HDMI-A-9 (it has HEADLESS-1)"), "\(log)") }
            _ = daemon.stop()
        }
    }
}
