// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// Lines of the control language and the daemon's own commands, run for a client, the host or
/// the boot, with the events they cause.
extension ControlServer {
    /// Runs a client's line and sends its reply, then the events the line caused: a client
    /// that reads one reply per command never finds an event in its reply's place.
    func handle(_ line: String, from c: ClientSession, now: Instant) {
        heldEvents = []
        let reply = execute(line, at: now, owner: Owner(connection: c.number, user: c.peer.uid), client: c)
        let events = heldEvents ?? []
        heldEvents = nil
        c.send(reply)
        for event in events { broadcast(event) }
    }

    /// Runs `line` as the host, at the daemon's start, as if it had been asked one show delay
    /// ago: the indicator a boot asks for on the command line (`halo run --show`), or the
    /// Plymouth splash, is the first picture, in the first frame, not half a second later.
    public func executeAtStart(_ line: String) -> String {
        let now = clock()
        return execute(line, at: Instant(microseconds: now.microseconds &- engine.policy.showDelay.value &* 1000))
    }

    /// Runs one line as a client would send it (a daemon command or a line of the control
    /// language); returns the reply.
    public func execute(_ line: String, at now: Instant, owner: Owner = .host) -> String {
        execute(line, at: now, owner: owner, client: nil)
    }

    func execute(_ line: String, at now: Instant, owner: Owner, client: ClientSession?) -> String {
        if let reply = daemonReply(line, from: client, at: now) { return reply }
        let reply = engine.reply(to: line, at: now, owner: owner)
        if let command = reply.applied {
            needsFrame = true
            switch command {
            case .cancel(let id): broadcast("cancelled \(id)")
            case .pause(let id): broadcast("paused \(id)")
            case .resume(let id): broadcast("resumed \(id)")
            default: break
            }
        }
        return reply.text
    }
}
