// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloEngine
import HaloHAL
import HaloMock

/// The screen `halo run` draws on, as the board's `display:` key (or `--display`) asks.
public enum ScreenChoice {
    case mock(MemoryDisplay)
    case drm(DrmDisplay)
    case fbdev(FbdevDisplay<LinuxFramebuffer>)
    case wayland(WaylandOverlay)
    /// `display: none`.
    case headless

    public static func open(_ board: Board, kind: DisplaySettings.Kind, waitMasterSeconds: Int) throws(DisplayError) -> ScreenChoice {
        let display = board.display
        let settings = DrmRequest(
            device: display.device, connector: display.connector, mode: display.mode, rotationFromPanel: display.rotationFromPanel)
        switch kind {
        case .mock:
            let mock = MemoryDisplay(width: board.width, height: board.height, format: board.format, rotation: board.rotation)
            mock.backdrop = board.display.backdrop
            return .mock(mock)
        case .drm:
            return .drm(try DrmDisplay.open(settings, format: board.format, rotation: board.rotation, waitMasterSeconds: waitMasterSeconds))
        case .fbdev:
            return .fbdev(try openFbdev(board))
        case .headless:
            return .headless
        case .wayland:
            return .wayland(try WaylandOverlay(socket: display.waylandSocket, output: display.waylandOutput))
        case .auto:
            // DRM when a card has a connected output, else fbdev.
            var drmReason = ""
            var found: (DrmCard, DrmOutput)?
            do { found = try DrmDisplay.findOutput(settings) } catch { drmReason = error.description }
            if let found {
                let (card, output) = found
                // Outside any fallback: a held master is an error, not a reason to draw on
                // fbdev underneath the program that holds it.
                try card.becomeMaster(waitSeconds: waitMasterSeconds)
                do {
                    return .drm(
                        try DrmDisplay(card: card, output: output, settings: settings, format: board.format, rotation: board.rotation))
                } catch {
                    drmReason = error.description
                }
            }
            do {
                return .fbdev(try openFbdev(board))
            } catch {
                throw DisplayError("no screen found: DRM: \(drmReason); fbdev: \(error.description)")
            }
        }
    }

    public static func openFbdev(_ board: Board) throws(DisplayError) -> FbdevDisplay<LinuxFramebuffer> {
        var path = board.display.device ?? "/dev/fb0"
        if path.hasPrefix("/dev/dri/") {
            // The board names a DRM card: draw on that card's own framebuffer, which need not
            // be fb0 (on a board with HDMI and an SPI panel, fb0 may be the other screen).
            guard let framebuffer = DrmCardFramebuffer.device(forCard: path) else {
                throw DisplayError(
                    "\(path) has no fbdev emulation (nothing under /sys/class/drm/\(path.split(separator: "/").last ?? "")/device/graphics); "
                        + "draw on it with display: drm, or name its framebuffer (/dev/fbN) as screen.device")
            }
            path = framebuffer
        }
        return FbdevDisplay(device: try LinuxFramebuffer(path: path, pan: board.display.pan), rotation: board.rotation)
    }
}

extension DrmDisplay {
    /// What the daemon calls the screen in its log and replies: card, connector, mode, format.
    var described: String { "\(card.path) \(output.connectorName) \(output.modeName) \(format.rawValue)" }
}
