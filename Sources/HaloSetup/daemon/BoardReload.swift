// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloDaemon
import HaloFreeType
import HaloOutputs
import HaloRender

/// SIGHUP: the board file is read again and its theme, font and policy take effect at once,
/// with the ring's look and colour pipeline. A board or font that cannot be loaded is refused
/// whole, with the reason, and the running settings stay. Screen keys (size, device, mode) and
/// the ring's hardware keys need a restart, and the log names those that changed.
public enum BoardReload {
    /// Reloads `source` (a board name or path) into `server`, asked by `sender`; returns the
    /// board now in force, or nil when the reload was refused.
    /// `motion` overrides the board's (`HALO_MOTION`).
    public static func apply(_ source: String, to server: ControlServer, running: Board, sender: String, motion: MotionLevel? = nil)
        -> Board?
    {
        let board: Board
        let text: FreeTypeText
        do {
            board = try BoardLoader.load(source)
            text = try FreeTypeText(
                fontPath: board.theme.fontPath, fallbacks: board.theme.fallbackFontPaths, language: board.language)
        } catch {
            server.report("reload", "reload refused (asked by \(sender)), the current theme stays: \(error)", who: sender)
            return nil
        }
        server.engine.theme = board.theme
        var policy = board.policy
        if let motion { policy.motion = motion }
        server.engine.policy = policy
        server.engine.replaceText(text)
        for ring in server.rings { ring.retune(look: board.ringLook, pipeline: board.ringPipeline, dithers: board.ringDithers) }
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
        return inForce(board, running: running)
    }

    /// `reloaded` as it now runs: what needs a restart stays as it was, so the next reload
    /// names it again.
    static func inForce(_ reloaded: Board, running: Board) -> Board {
        var board = reloaded
        board.leds.count = running.leds.count
        board.ledDriver = running.ledDriver
        board.ledDriver.gammaHundredths = reloaded.ledDriver.gammaHundredths
        board.ledDriver.correction = reloaded.ledDriver.correction
        board.ledDriver.maxMilliamps = reloaded.ledDriver.maxMilliamps
        board.ledDriver.dither = reloaded.ledDriver.dither
        board.ledDriver.brightness = reloaded.ledDriver.brightness
        return board
    }
}
