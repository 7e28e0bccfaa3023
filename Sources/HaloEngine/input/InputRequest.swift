// SPDX-License-Identifier: Apache-2.0
/// What a person at the device asked of an activity: a tap on its stop icon, a choice, a key or
/// a button. The app that showed the activity decides; the engine only carries a request out
/// itself when no app is listening (`Engine.request`).
public struct InputRequest: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case cancel, pause, resume
    }

    /// Where the request came from, as subscribers are told.
    public enum Source: String, Sendable {
        case touch, key, gpio
    }

    public var id: String
    public var kind: Kind
    public var source: Source

    public init(id: String, kind: Kind, source: Source) {
        self.id = id
        self.kind = kind
        self.source = source
    }

    /// The event line subscribers receive: `cancel-requested up source=touch`.
    public var event: String { "\(kind.rawValue)-requested \(id) source=\(source.rawValue)" }

    /// The event line once the engine carried it out itself: `cancelled up`.
    public var doneEvent: String {
        switch kind {
        case .cancel: return "cancelled \(id)"
        case .pause: return "paused \(id)"
        case .resume: return "resumed \(id)"
        }
    }
}

/// A request an activity is waiting on: the indicator shows it was heard until the app
/// answers, or until the engine carries it out (nobody listening) or lets it go (the app
/// chose not to answer).
struct PendingRequest: Equatable {
    var kind: InputRequest.Kind
    var source: InputRequest.Source
    var at: Instant
    /// When the engine carries it out itself; nil while an app listens and decides.
    var actAt: Instant?
    /// When an unanswered request is let go and the indicator looks as before.
    var forgetAt: Instant
}
