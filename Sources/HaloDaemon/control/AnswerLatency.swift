// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// How long a person waits to see that Halo heard them: from the kernel's time of the event
/// that finished the gesture (a tap's release, a key's release, a button's edge) to the end of
/// the first frame that shows the answer, handed to the display (the flip, if any, follows);
/// and the part of it that is Halo's own work, from reading the event to that frame's end.
/// Percentiles over the last `FrameTimes.window` answers.
public struct AnswerLatency: Sendable {
    public private(set) var total = FrameTimes(budgetMicroseconds: .max)
    public private(set) var own = FrameTimes(budgetMicroseconds: .max)
    public private(set) var count = 0
    /// The event waiting for its frame: when the kernel saw it, and when Halo read it.
    var pending: (event: Instant, read: Instant)?

    public init() {}

    /// A person's event at `event`, read by the loop at `read`, awaits its frame. A second one
    /// before that frame keeps the first: the person has waited since then.
    mutating func heard(event: Instant, read: Instant) {
        if pending == nil { pending = (min(event, read), read) }
    }

    /// A frame that changed the picture ended at `end`.
    mutating func shown(at end: Instant) {
        guard let p = pending else { return }
        pending = nil
        count += 1
        total.record(max(0, end.microseconds(since: p.event)))
        own.record(max(0, end.microseconds(since: p.read)))
    }

    /// For `stats`.
    public var statsWords: String {
        "answers=\(count) answer-p50-us=\(total.percentile(50)) answer-p99-us=\(total.percentile(99)) "
            + "answer-own-p50-us=\(own.percentile(50)) answer-own-p99-us=\(own.percentile(99))"
    }
}
