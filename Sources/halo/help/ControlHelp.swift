// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// `halo help control`: the control language, the daemon's own commands, the replies and
/// every error code, for a person at a serial console with no README. The error codes come
/// from `ControlError.Code`, the list the engine and the daemon answer with.
enum ControlHelp {
    static var text: String {
        """
        The control language: one command a line, sent with halo ctl or written to the
        daemon's socket. Scripts for halo replay and halo lint put @MILLISECONDS before each.

        commands:
          show ID KIND [label="..."] [value=V] [show-value=yes|no] [region=X,Y,W,H]
               [place=center|top|bottom|inline|toast|dialog] [track=hidden] [cancellable=yes]
               [pausable=yes] [detached=yes] [lease=30s]
          progress ID V          V is 0.6, 60% or 30/100
          label ID "..."
          succeed ID "label" [persist]
          fail ID "what failed and what to do"
          dismiss ID
          cancel ID              what a tap on a cancellable indicator's stop icon does
          pause ID, resume ID    the work stands still (circular, linear, spinner), then goes on
          toast "text" [long]

        KIND is circular, linear, spinner, checkout, partial (needs region=) or network.
        IDs are letters, digits, - _ and . ; in quoted text \\" is a quote and \\\\ a backslash.
        A new indicator appears after the board's show delay (500 ms by default).
        An activity ends with the connection that showed it: a turning indicator goes, a
        determinate one fails with the board's abandoned-label, a checkout leaves. detached=yes
        keeps it until a command ends it (halo ctl's one-shot show sends it); lease=30s keeps
        it past its connection while some command for its id comes at least every 30 s.

        the daemon's own commands (alone on their line):
          subscribe     this connection also receives events: shown, paused, resumed, cancelled, dismissed ID,
                        and a person's requests: cancel-requested ID source=touch|key|gpio (pause-, resume-)
          stats         ok frames=N over-budget=N render-p50-us=N ... ring-bytes=N answers=N answer-p50-us=N ...
          sync          draw now; ok, or ok settles-in-ms=N pending=IDS while things are on their way
          sync wait     the same, answered once everything sent before shows (10 s at most)
          release       DRM: give the screen to another program, leaving the last frame
          adopt         DRM: take it back and redraw
          snapshot      mock display: ok PATH of a PNG in the board's snapshot folder
          person ...    mock display: a person's tap-icon ID, tap ID, key next|previous|activate|cancel,
                        long-press or short-press, as if at the device

        replies, one per line sent, in order:
          ok
          ok KEY=VALUE ...
          ok; warning: what the engine changed (a label cut, a toast dropped)
          error CODE: the problem and the fix
        An event line starts with shown, paused, resumed, cancelled, dismissed or a request, never ok or error, and
        comes after the reply to the command that caused it.

        error codes:

        """ + ControlError.Code.allCases.map { "  \($0.rawValue.padding(16)) \($0.meaning)" }.joined(separator: "\n") + "\n"
    }
}
