// SPDX-License-Identifier: Apache-2.0
/// The small choice a tap on an indicator opens beside it: Pause or Resume, and Cancel, the
/// ones the app allowed. It closes on a choice, on a tap anywhere else, on Escape, when its
/// activity ends, or by itself after `lifetime`.
struct Choice: Equatable {
    /// The activity it is about.
    var serial: UInt32
    var id: String
    /// The buttons, left to right.
    var options: [InputRequest.Kind]
    var openedAt: Instant

    static let lifetime: Int64 = 5_000_000

    var closesAt: Instant { openedAt.advanced(saturatingBy: Choice.lifetime) }

    /// The options for `a`: Pause (or Resume while paused) when it may be paused, then Cancel
    /// when it may be cancelled; none for an activity that allows neither.
    static func options(for a: Activity) -> [InputRequest.Kind] {
        var options: [InputRequest.Kind] = []
        if a.pausedAt != nil {
            options.append(.resume)
        } else if a.pausable {
            options.append(.pause)
        }
        if a.cancellable { options.append(.cancel) }
        return options
    }

    /// The word on the button for `kind`.
    static func word(_ kind: InputRequest.Kind) -> String {
        switch kind {
        case .cancel: return "Cancel"
        case .pause: return "Pause"
        case .resume: return "Resume"
        }
    }
}
