// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// The gallery `halo demo` draws: every indicator kind and state, each as a short script and
/// the moment to take its picture. Tests compare these pictures with the golden images.
public enum DemoGallery {
    public struct Scene: Sendable {
        public var name: String
        /// Commands at times in milliseconds.
        public var steps: [(Int64, String)]
        /// When to take the picture, in milliseconds.
        public var at: Int64
        /// Commands for a screen width×height, for scenes whose regions follow the screen.
        public var sized: (@Sendable (Int32, Int32) -> [(Int64, String)])? = nil
        /// A boot's question on screen at the end, as the Plymouth server shows one.
        public var prompt: Prompt? = nil
        /// The boot splash in this Plymouth mode: drawn alone (no app under it) with the board's
        /// boot pictures for the mode (`Board.theme(forBootMode:)`).
        public var bootMode: String? = nil

        public init(name: String, steps: [(Int64, String)], at: Int64, prompt: Prompt? = nil, bootMode: String? = nil) {
            self.name = name
            self.steps = steps
            self.at = at
            self.prompt = prompt
            self.bootMode = bootMode
        }

        public init(name: String, at: Int64, sized: @escaping @Sendable (Int32, Int32) -> [(Int64, String)]) {
            self.name = name
            self.steps = []
            self.at = at
            self.sized = sized
        }

        /// The commands on a screen `width`×`height`.
        public func steps(width: Int32, height: Int32) -> [(Int64, String)] { sized?(width, height) ?? steps }
    }

    public static let scenes: [Scene] = [
        Scene(name: "circular-determinate", steps: [(0, "show up circular label=\"Uploading photos\" value=60%")], at: 1000),
        Scene(name: "circular-count", steps: [(0, "show sync circular label=\"Syncing contacts\" value=30/100")], at: 1000),
        Scene(name: "circular-indeterminate", steps: [(0, "show scan circular")], at: 1700),
        Scene(
            name: "circular-switch-to-determinate", steps: [(0, "show dl circular label=\"Downloading map\""), (1500, "progress dl 25%")],
            at: 1700),
        Scene(name: "circular-cancellable", steps: [(0, "show up circular label=\"Uploading video\" value=35% cancellable=yes")], at: 1000),
        Scene(
            name: "circular-paused",
            steps: [(0, "show up circular label=\"Uploading video\" value=35% cancellable=yes pausable=yes"), (800, "pause up")], at: 1200),
        Scene(
            name: "cancel-heard",
            steps: [(0, "show up circular label=\"Uploading video\" value=35% cancellable=yes"), (800, "person tap-icon up")], at: 900),
        Scene(
            name: "choice",
            steps: [(0, "show up circular label=\"Uploading video\" value=35% cancellable=yes pausable=yes"), (800, "person tap up")],
            at: 1000),
        Scene(
            name: "focus-ring",
            steps: [
                (0, "show up circular label=\"Uploading video\" value=35% cancellable=yes pausable=yes"), (800, "person key next"),
                (850, "person key next"),
            ], at: 1000),
        // The boot splash in four of Plymouth's modes, with the board's boot logo: as the
        // Plymouth server shows each (systemd's progress while booting up, a client's while
        // installing updates).
        Scene(
            name: "boot-up", steps: [(0, "show boot circular label=\"Starting up\" detached=yes"), (0, "progress boot 35%")], at: 1000,
            bootMode: "boot-up"),
        Scene(
            name: "boot-shutdown", steps: [(0, "show boot circular label=\"Shutting down\" detached=yes")], at: 1000, bootMode: "shutdown"),
        Scene(name: "boot-reboot", steps: [(0, "show boot circular label=\"Restarting\" detached=yes")], at: 1000, bootMode: "reboot"),
        Scene(
            name: "boot-updates",
            steps: [(0, "show boot circular label=\"Installing updates\" detached=yes"), (0, "progress boot 60%")], at: 1000,
            bootMode: "updates"),
        // A disk's passphrase asked over the boot splash, seven characters typed.
        Scene(
            name: "boot-password", steps: [(0, "show boot circular label=\"Starting up\" detached=yes")], at: 1200,
            prompt: Prompt(question: "Please enter the passphrase for disk root", field: .masked(count: 7))),
        Scene(name: "circular-success", steps: [(0, "show up circular value=80%"), (800, "succeed up \"Photos uploaded\"")], at: 1200),
        Scene(
            name: "circular-error",
            steps: [(0, "show up circular value=40%"), (800, "fail up \"Upload failed. Check the network and try again.\"")], at: 1200),
        Scene(name: "linear-determinate", steps: [(0, "show copy linear label=\"Copying files\" value=60%")], at: 1000),
        Scene(
            name: "linear-paused",
            steps: [(0, "show dl linear label=\"Downloading update\" value=45% cancellable=yes pausable=yes"), (800, "pause dl")], at: 1200),
        Scene(name: "linear-indeterminate", steps: [(0, "show fetch linear label=\"Checking for updates\"")], at: 1400),
        // A page loading under the app's toolbar.
        Scene(name: "linear-toolbar", at: 1000) { w, h in
            let bar = DemoBackdrop.Layout(width: w, height: h).toolbar
            return [(0, "show page linear value=45% track=hidden region=0,\(bar.maxY - 12),\(w),16")]
        },
        Scene(name: "linear-success", steps: [(0, "show copy linear value=90%"), (800, "succeed copy \"Files copied\"")], at: 1200),
        Scene(name: "spinner", steps: [(0, "show find spinner label=\"Finding nearby printers\"")], at: 1300),
        Scene(
            name: "spinner-paused", steps: [(0, "show sync spinner label=\"Syncing photos\" pausable=yes"), (900, "pause sync")], at: 1300),
        Scene(name: "toast", steps: [(0, "toast \"Settings saved\"")], at: 600),
        Scene(name: "toast-two-lines", steps: [(0, "toast \"Receipt sent to the email address on your account\" long")], at: 600),
        Scene(name: "checkout", steps: [(0, "show pay checkout label=\"Processing payment\"")], at: 1300),
        // The picture blocked while it reloads; the rest of the app stays usable.
        Scene(name: "partial", at: 1300) { w, h in
            let p = DemoBackdrop.Layout(width: w, height: h).picture
            return [(0, "show card partial region=\(p.x),\(p.y),\(p.width),\(p.height)")]
        },
        Scene(name: "network", steps: [(0, "show net network")], at: 1300),
        // Several activities at once: the leading one full size, the others as rows.
        Scene(
            name: "concurrent-two",
            steps: [(0, "show up circular label=\"Uploading photos\" value=40%"), (0, "show sync spinner label=\"Syncing contacts\"")],
            at: 1300),
        Scene(
            name: "concurrent-three",
            steps: [
                (0, "show up circular label=\"Uploading photos\" value=40%"), (0, "show dl linear label=\"Downloading update\" value=70%"),
                (0, "show sync spinner label=\"Syncing contacts\""),
            ], at: 1300),
        Scene(
            name: "concurrent-six",
            steps: [
                (0, "show up circular label=\"Uploading photos\" value=40%"), (0, "show dl linear label=\"Downloading update\" value=70%"),
                (0, "show sync spinner label=\"Syncing contacts\""), (0, "show mail spinner label=\"Fetching mail\""),
                (0, "show backup linear label=\"Backing up settings\" value=15/40"), (0, "show index circular label=\"Indexing music\""),
            ], at: 1300),
        // Placements: the screen's edges, items on screen, a progress toast, a progress dialog.
        Scene(name: "placement-top", steps: [(0, "show inbox spinner place=top label=\"Refreshing inbox\"")], at: 1300),
        Scene(name: "placement-bottom", steps: [(0, "show older circular place=bottom")], at: 1700),
        // Indicators on the app's items: the picture loading, a list row downloading, a row
        // whose item is being looked for.
        Scene(name: "placement-inline", at: 1300) { w, h in
            let l = DemoBackdrop.Layout(width: w, height: h)
            func region(_ r: IntRect) -> String { "region=\(r.x),\(r.y),\(r.width),\(r.height)" }
            var steps: [(Int64, String)] = [(0, "show photo circular \(region(l.picture)) label=\"Loading photo\" value=70%")]
            if l.rows.count > 0 {
                steps.append((0, "show episode linear \(region(l.trailing(l.rows[0]))) label=\"Downloading\" value=45% cancellable=yes"))
            }
            if l.rows.count > 1 { steps.append((0, "show printers spinner \(region(l.trailing(l.rows[1])))")) }
            return steps
        },
        Scene(
            name: "placement-toast",
            steps: [(0, "show image linear place=toast label=\"Uploading image\" value=35%"), (700, "toast \"Settings saved\"")], at: 1300),
        Scene(
            name: "placement-dialog", steps: [(0, "show contacts circular place=dialog label=\"Syncing all contacts\" value=65%")], at: 1300
        ),
        Scene(
            name: "placement-mixed",
            steps: [
                (0, "show inbox spinner place=top"), (0, "show up circular label=\"Uploading photos\" value=40%"),
                (0, "show image linear place=toast label=\"Sending receipt\" value=80%"), (0, "show net network"),
            ], at: 1300),
    ]

    /// The LED ring's vocabulary, one scene a state, for an engine with no show delay: `at` is
    /// the moment the state begins. `halo demo` animates each on a ring and draws it as a strip
    /// of moments; tests check that a ring of on/off LEDs tells every one from every other.
    public static let ringMotions: [Scene] = [
        Scene(
            name: "fill",
            steps: [(0, "show a circular value=10%"), (500, "progress a 35%"), (1100, "progress a 60%"), (1700, "progress a 85%")],
            at: 0),
        Scene(name: "turning", steps: [(0, "show a spinner")], at: 0),
        Scene(name: "success", steps: [(0, "show a circular value=40%"), (1000, "succeed a \"Done\"")], at: 1000),
        Scene(name: "error", steps: [(0, "show a circular value=40%"), (1000, "fail a \"Failed\"")], at: 1000),
        Scene(name: "cancelled", steps: [(0, "show a circular value=70% cancellable=yes"), (1000, "cancel a")], at: 1000),
        Scene(name: "checkout", steps: [(0, "show a checkout")], at: 0),
        Scene(name: "toast", steps: [(0, "toast \"Saved\"")], at: 0),
        Scene(name: "network", steps: [(0, "show a network")], at: 0),
        Scene(name: "paused", steps: [(0, "show a circular value=40% pausable=yes"), (1000, "pause a")], at: 1000),
    ]

    /// A ring's colours at `frames` moments `everyMs` apart from the moment `scene` begins,
    /// after playing it on `engine` (whose show delay should be 0).
    public static func ringMoments(_ scene: Scene, on engine: Engine, look: LedRingLook, frames: Int, everyMs: Int64) throws(ControlError)
        -> [[Color]]
    {
        try play(scene, on: engine)
        return (0..<frames).map { engine.ledColors(look, at: .milliseconds(scene.at + Int64($0) * everyMs)) }
    }

    /// A ring motion as a picture's rows: 16 moments 200 ms apart in colour, and the same on
    /// single-colour on/off LEDs.
    public static func ringStrip(_ scene: Scene, on engine: Engine, look: LedRingLook) throws(ControlError) -> [[[Color]]] {
        let colour = try ringMoments(scene, on: engine, look: look, frames: 16, everyMs: 200)
        return [colour, colour.map(LedRingPicture.onOff)]
    }

    /// Runs a scene's commands on `engine`; the first failing line is returned as an error.
    public static func play(_ scene: Scene, on engine: Engine) throws(ControlError) {
        for (ms, line) in scene.steps(width: engine.screenWidth, height: engine.screenHeight) { try run(line, at: ms, on: engine) }
        if let prompt = scene.prompt { engine.show(prompt) }
    }

    /// Parses one control line and applies it at `ms`; errors quote the line. A line starting
    /// `person` is what a person at the screen does (`PersonAtScreen`).
    public static func run(_ line: String, at ms: Int64, on engine: Engine) throws(ControlError) {
        if line.hasPrefix("person ") {
            try PersonAtScreen.act(line, at: .milliseconds(ms), on: engine)
            return
        }
        switch CommandParser.parse(line) {
        case .failure(let e): throw ControlError("`\(line)`: \(e.message)", code: e.kind)
        case .success(let command):
            do { try engine.apply(command, at: .milliseconds(ms)) } catch {
                throw ControlError("`\(line)`: \(error.message)", code: error.kind)
            }
        }
    }
}
