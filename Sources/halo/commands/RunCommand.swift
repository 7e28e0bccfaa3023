// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloDaemon
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
        "halo run [--board NAME|PATH] [--socket PATH] [--display mock|drm|fbdev|auto|none] [--wait-master SECONDS] [--psplash-fifo PATH] [--show LINE] [--plymouth [--mode boot|shutdown|reboot|updates|system-upgrade|firmware-upgrade]] [--detach]"
    static let defaultSocket = "/run/halo/halo.sock"

    static func run(_ words: [String]) throws(CLIError) {
        // First of all: waiting for DRM master can take minutes, and a stray signal must not
        // end the daemon then either.
        StraySignals.disarm()
        StartTrace.mark("main")
        let args: Arguments
        var waitMaster = 0
        do {
            args = try Arguments(
                words, valued: ["board", "socket", "display", "wait-master", "psplash-fifo", "mode", "show"],
                switches: ["plymouth", "detach"])
            waitMaster = try args.integer("wait-master", default: 0, range: 0...3600)
        } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional.isEmpty else { throw CLIError("halo run takes no words besides its options; usage: \(usage)", status: 2) }
        var display: DisplaySettings.Kind?
        if let name = args.options["display"] {
            guard let k = DisplaySettings.Kind(rawValue: name) else {
                throw CLIError("--display takes mock, drm, fbdev, auto or none, not '\(name)'; usage: \(usage)", status: 2)
            }
            display = k
        }
        // HALO_MOTION overrides the board's motion, for the person at this device.
        var motion: MotionLevel?
        if let raw = getenv("HALO_MOTION") {
            let value = String(cString: raw)
            guard let m = MotionLevel(rawValue: value) else {
                throw CLIError(
                    "HALO_MOTION=\(value) is not a motion level; set it to full, reduced or none (or unset it to follow the board)",
                    status: 2)
            }
            motion = m
        }
        let chosen: String
        do { chosen = try BoardLoader.deviceBoard(args.options["board"]) } catch { throw CLIError(error.description) }
        var options = DaemonOptions(
            boardSource: chosen, board: try MockSession.loadBoard(chosen), socket: args.options["socket"] ?? defaultSocket,
            display: display, waitMasterSeconds: waitMaster, psplashFifo: args.options["psplash-fifo"],
            log: { Console.error("halo run: \($0)") })
        options.motion = motion
        StartTrace.mark("board read")
        options.plymouth = args.flags.contains("plymouth")
        options.showAtStart = args.options["show"]
        options.detach = args.flags.contains("detach")
        if let mode = args.options["mode"] {
            // plymouthd's --mode words; `boot` is the boot-up mode.
            let named = mode == "boot" ? "boot-up" : mode
            guard options.plymouth || options.board.plymouth, PlymouthTranslator.defaultModes[named] != nil else {
                throw CLIError(
                    "--mode takes boot, shutdown, reboot, updates, system-upgrade or firmware-upgrade, with --plymouth (or a board with plymouth: yes), not '\(mode)'; usage: \(usage)",
                    status: 2)
            }
            options.plymouthMode = named
        }
        do { try DaemonLauncher.run(options) } catch { throw CLIError(error.description) }
    }
}
