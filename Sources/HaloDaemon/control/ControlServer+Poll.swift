// SPDX-License-Identifier: Apache-2.0
import HaloEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What the loop waits on: the poll set, built in room kept from round to round, and the
/// check that lets a frame wait for input already there.
extension ControlServer {
    /// The descriptors to wait on: the listener (unless it rests), the event sources, then each
    /// client, for reading only while it has no lines waiting to run.
    func pollSet(listening: Bool, into fds: inout [pollfd]) {
        fds.removeAll(keepingCapacity: true)
        // A negative descriptor is skipped by poll: the listener rests while it is paused.
        fds.append(pollfd(fd: listening ? listener.descriptor.raw : -1, events: Int16(POLLIN), revents: 0))
        for s in sources {
            let events = (s.wantsToRead ? Int16(POLLIN) : 0) | (s.wantsToWrite ? Int16(POLLOUT) : 0)
            fds.append(pollfd(fd: s.descriptor, events: events, revents: 0))
        }
        for c in clients {
            var events: Int16 = c.wantsInput ? Int16(POLLIN) : 0
            if c.hasPendingOutput { events |= Int16(POLLOUT) }
            fds.append(pollfd(fd: c.descriptor.raw, events: events, revents: 0))
        }
    }

    /// Whether a frame that commands asked for should wait because more input is already here:
    /// a client pipelining commands then gets them all run before one frame shows the result,
    /// instead of a frame after every read. The wait never outlasts the frame interval, or twice
    /// the last frame's render time when rendering is slower, so clients get at least half
    /// the loop's time.
    func frameWaitsForInput(_ now: Instant) -> Bool {
        guard needsFrame, now - lastFrame < max(frameInterval, 2 * lastRenderMicroseconds) else { return false }
        if hasRunnableLines { return true }
        var fds: [pollfd] = []
        swap(&fds, &pollRoom)
        defer { swap(&fds, &pollRoom) }
        pollSet(listening: listenerPausedUntil == nil, into: &fds)
        for k in fds.indices { fds[k].events &= Int16(POLLIN) }
        guard poll(&fds, nfds_t(fds.count), 0) > 0 else { return false }
        return fds.contains { $0.revents & Int16(POLLIN) != 0 }
    }
}
