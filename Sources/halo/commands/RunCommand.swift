// SPDX-License-Identifier: Apache-2.0
import CBuildInfo
import HaloBoards
import HaloDaemon
import HaloOutputs
import HaloPOSIX
import HaloRender
import HaloSetup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo run`: the daemon. The command reads its arguments and the board; `DaemonLauncher`
/// (HaloSetup) opens the screen and ring and serves.
enum RunCommand {
    static let usage =
        "halo run [--board NAME|PATH] [--socket PATH] [--display mock|drm|fbdev|auto|none] [--wait-master SECONDS] [--psplash-fifo PATH] [--show LINE] [--plymouth [--mode boot|shutdown|reboot|updates|system-upgrade|firmware-upgrade]] [--detach] [--save-first-frame PATH]"
    static let defaultSocket = "/run/halo/halo.sock"

    static func run(_ words: [String]) throws(CLIError) {
        // First of all: waiting for DRM master can take minutes, and a stray signal must not
        // end the daemon then either.
        StraySignals.disarm()
        StartTrace.mark("main")
        let (args, waitMaster) = try parse(words)
        let display = try displayKind(args)
        let motion = try motionOverride()
        let chosen: String
        do { chosen = try BoardLoader.deviceBoard(args.options["board"]) } catch { throw CLIError(error.description) }
        let log = { (line: String) in Console.error("halo run: \(line)") }
        let saveTo = args.options["save-first-frame"]
        let key = startFrameKey(args, motion: motion)
        if let mode = args.options["mode"], PlymouthTranslator.defaultModes[key.plymouthMode] == nil {
            throw CLIError(
                "--mode takes boot, shutdown, reboot, updates, system-upgrade or firmware-upgrade, not '\(mode)'; usage: \(usage)",
                status: 2)
        }
        // A boot splash puts a frame saved ahead on the screen before anything else it does.
        var early: EarlyStart?
        if saveTo == nil {
            do {
                early = try EarlyStart.begin(
                    board: chosen, key: key, plymouth: key.plymouth, detach: args.flags.contains("detach"), display: display, log: log)
            } catch { throw CLIError(error.description) }
            if early == nil { return }
        }
        var options = DaemonOptions(
            boardSource: chosen, board: try MockSession.loadBoard(chosen), socket: args.options["socket"] ?? defaultSocket,
            display: display, waitMasterSeconds: waitMaster,
            psplashFifo: args.options["psplash-fifo"], log: log)
        options.motion = motion
        StartTrace.mark("board read")
        options.plymouth = key.plymouth
        options.showAtStart = args.options["show"]
        options.detach = args.flags.contains("detach")
        options.releaseStartCode = true
        early?.apply(to: &options)
        if let mode = args.options["mode"] {
            guard options.plymouth || options.board.plymouth else {
                throw CLIError(
                    "--mode takes boot, shutdown, reboot, updates, system-upgrade or firmware-upgrade, with --plymouth (or a board with plymouth: yes), not '\(mode)'; usage: \(usage)",
                    status: 2)
            }
            options.plymouthMode = key.plymouthMode
        }
        if let saveTo {
            try saveFirstFrame(options, key: key, board: chosen, to: saveTo)
            return
        }
        do { try DaemonLauncher.run(options) } catch { throw CLIError(error.description) }
    }

    /// The options, and `--wait-master`'s seconds.
    static func parse(_ words: [String]) throws(CLIError) -> (Arguments, Int) {
        let args: Arguments
        let waitMaster: Int
        do {
            args = try Arguments(
                words, valued: ["board", "socket", "display", "wait-master", "psplash-fifo", "mode", "show", "save-first-frame"],
                switches: ["plymouth", "detach"])
            waitMaster = try args.integer("wait-master", default: 0, range: 0...3600)
        } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.isEmpty else { throw CLIError("halo run takes no words besides its options; usage: \(usage)", status: 2) }
        return (args, waitMaster)
    }

    /// `--display`, when given.
    static func displayKind(_ args: Arguments) throws(CLIError) -> DisplaySettings.Kind? {
        guard let name = args.options["display"] else { return nil }
        guard let kind = DisplaySettings.Kind(rawValue: name) else {
            throw CLIError("--display takes mock, drm, fbdev, auto or none, not '\(name)'; usage: \(usage)", status: 2)
        }
        return kind
    }

    /// HALO_MOTION overrides the board's motion, for the person at this device.
    static func motionOverride() throws(CLIError) -> MotionLevel? {
        guard let raw = getenv("HALO_MOTION") else { return nil }
        let value = String(cString: raw)
        guard let motion = MotionLevel(rawValue: value) else {
            throw CLIError(
                "HALO_MOTION=\(value) is not a motion level; set it to full, reduced or none (or unset it to follow the board)",
                status: 2)
        }
        return motion
    }

    /// What the first frame is drawn from, besides the board (`StartFrameKey`). plymouthd's
    /// --mode words: `boot` is the boot-up mode.
    static func startFrameKey(_ args: Arguments, motion: MotionLevel?) -> StartFrameKey {
        let mode = args.options["mode"].map { $0 == "boot" ? "boot-up" : $0 }
        return StartFrameKey(
            version: HelpCommand.versionLine, buildID: String(cString: halo_build_id()), plymouth: args.flags.contains("plymouth"),
            plymouthMode: mode ?? "boot-up", show: args.options["show"], display: args.options["display"],
            psplash: args.options["psplash-fifo"] != nil, motion: motion?.rawValue)
    }

    /// `--save-first-frame`: the first frame these options show, drawn now and saved for an
    /// initramfs, where `halo run` shows it before it reads the board (`StartFrameShow`).
    static func saveFirstFrame(_ options: DaemonOptions, key: StartFrameKey, board: String, to path: String) throws(CLIError) {
        guard let file = BoardLoader.file(of: board) else {
            throw CLIError("--save-first-frame needs a board file; \(board) is built in, so copy it to a file first")
        }
        do {
            let text = key.text(board: try Files.read(file, limit: BoardLoader.maximumFileBytes))
            let frame = try StartFrameRehearsal.draw(options, key: text)
            try Files.write(path, frame.encoded())
            Console.error(
                "halo run: saved the first frame for \(options.board.name) (\(frame.width)x\(frame.height) \(frame.format.rawValue), \(frame.packed.count) bytes packed) in \(path)"
            )
        } catch let error as FileError {
            throw CLIError(error.description)
        } catch {
            throw CLIError("\(error)")
        }
    }
}
