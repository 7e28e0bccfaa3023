// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloPOSIX

/// What a boot splash does before it reads its board: plymouthd's socket (with `--plymouth`),
/// so a second splash leaves the first one's screen alone; the background (with `--detach`),
/// so the boot script goes on at once, as plymouthd lets it; then the frame saved ahead beside
/// the board file on its screen (`StartFrameShow`). All go to the daemon with `apply`.
public struct EarlyStart {
    var listener: AbstractSocketListener?
    var screen: DrmDisplay?
    /// A frame whose screen was not there yet, shown when the daemon has opened it.
    var frame: StartFrameShow.Loaded?
    var detached = false

    /// Nil when another splash already serves plymouthd's socket (said in the log): the
    /// command then has nothing to do.
    public static func begin(
        board: String, key: StartFrameKey, plymouth: Bool, detach: Bool, display: DisplaySettings.Kind?, log: (String) -> Void
    ) throws(SetupError) -> EarlyStart? {
        var early = EarlyStart()
        if plymouth {
            guard let listener = try DaemonLauncher.bindPlymouth(log: log) else { return nil }
            early.listener = listener
            // Once the socket is bound the boot script may go on; the screen's mode set,
            // which can take a panel hundreds of milliseconds, is the daemon's own.
            if detach { early.detached = DaemonLauncher.detach(log: log) }
        }
        if display == nil || display == .drm, let file = BoardLoader.file(of: board),
            let loaded = StartFrameShow.load(board: file, key: key, log: log)
        {
            early.screen = StartFrameShow.show(loaded, log: log)
            if early.screen == nil { early.frame = loaded }
        }
        return early
    }

    public func apply(to options: inout DaemonOptions) {
        options.plymouthListener = listener
        options.openedScreen = screen
        options.startFrame = frame
        if detached { options.detach = false }
    }
}
