// SPDX-License-Identifier: Apache-2.0
import HaloEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Quiet spells: `onQuiet` runs once the daemon has done nothing but draw for
/// `QuietTimer.intervalMicroseconds` after other work.
extension ControlServer {
    /// Notes work when a poll found anything ready but the display's own news (a page flip):
    /// the listener, a source, a client. `fds` is `pollSet`'s order: listener, sources, clients.
    func noteWork(_ fds: [pollfd], at now: Instant) {
        guard onQuiet != nil else { return }
        let display = screen?.shownOn.events
        for (i, fd) in fds.enumerated() where fd.revents != 0 {
            if i >= 1 && i <= sources.count, let display, sources[i - 1] === display { continue }
            quiet.work(at: now)
            return
        }
    }

    /// Runs `onQuiet` when a quiet spell has begun.
    func reportQuiet(_ now: Instant) {
        if onQuiet != nil && quiet.quietBegun(at: now) { onQuiet?() }
    }

    /// When `onQuiet` is next due, if it is set and waits for a quiet spell.
    var quietDeadline: Instant? { onQuiet == nil ? nil : quiet.deadline }
}
