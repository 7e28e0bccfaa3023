// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// What the person at the device does reaches the daemon here, from the input router: a tap,
/// a key, a button. The engine turns it into a request for an activity; the daemon tells the
/// apps that listen (`cancel-requested up source=touch`), and the app decides.
extension ControlServer {
    /// Carries out what a person did, now; the picture shows it was heard at the next frame.
    /// `event` is the kernel's time of it, for the answer's latency (`stats`).
    public func personActed(_ action: PersonAction, at event: Instant? = nil) {
        let now = clock()
        let request = engine.perform(action, at: now, watched: watches)
        answers.heard(event: event ?? now, read: now)
        needsFrame = true
        if let request { broadcast(request.event) }
    }

    /// Whether an app listens for the activities `owner` shows: the connection that showed
    /// them subscribed, or another connection of the same process did (an app may keep one
    /// connection for commands and one for events). A connection gone, or the host's
    /// activities (a script, the psplash FIFO), have nobody, and Halo decides for them.
    func watches(_ owner: Owner) -> Bool {
        guard let shower = clients.first(where: { $0.number == owner.connection && !$0.closing }) else { return false }
        return clients.contains { $0.subscribed && !$0.closing && ($0 === shower || $0.peer.pid == shower.peer.pid) }
    }

    /// Announces and logs what the engine carried out itself because nobody listened.
    func announceCarriedOut() {
        for r in engine.takeCarriedOut() {
            broadcast(r.doneEvent)
            report(
                "input-request",
                "no app listens for \(r.id), so Halo carried out the \(r.kind.rawValue) a person asked for (\(r.source.rawValue)); an app that subscribes decides for itself"
            )
        }
    }
}
