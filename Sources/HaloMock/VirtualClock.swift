import HaloEngine

/// A clock that moves only when told: replays and tests get the same frames on any machine.
public struct VirtualClock: Sendable {
    public private(set) var now: Instant = .zero

    public init(start: Instant = .zero) { now = start }

    public mutating func advance(microseconds: Int64) { now = Instant(microseconds: now.microseconds + microseconds) }
    public mutating func set(_ t: Instant) { if t > now { now = t } }
}
