// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Signals the daemon has no use for must not end it: by default SIGPIPE, SIGUSR1, SIGALRM,
/// SIGIO and the real-time signals all kill a process without its cleanup, leaving the socket
/// behind and the console in graphics mode. SIGPIPE came from the standard error pipe once its
/// reader had gone: ignored, such a write fails with EPIPE, and logging never kills.
public enum StraySignals {
    /// Received through the daemon's signalfd and logged, so a person who sends one learns it
    /// does nothing.
    public static let reported: [Int32] = [SIGUSR1, SIGUSR2]

    /// Ignores the signals nothing in the daemon uses, and gives SIGALRM a handler that does
    /// nothing: it is not ignored, because an ignored signal cannot cut off the bounded vsync
    /// wait that aims it at one thread (`BoundedCall`), and without SA_RESTART a stray one only
    /// wakes `poll` early.
    public static func disarm() {
        var ignored = [SIGPIPE, SIGVTALRM, SIGPROF, SIGIO, SIGPWR, SIGSTKFLT, SIGXFSZ]
        ignored += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        for s in ignored { signal(s, SIG_IGN) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGALRM, &action, nil)
    }

    /// A signal's name for the log, such as "SIGUSR1".
    public static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGUSR1: return "SIGUSR1"
        case SIGUSR2: return "SIGUSR2"
        case SIGHUP: return "SIGHUP"
        case SIGTERM: return "SIGTERM"
        case SIGINT: return "SIGINT"
        default: return "signal \(signal)"
        }
    }
}
