// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// When the daemon has done nothing but draw for a while after other work (a client's line, a
/// Plymouth request, a device plugged in): the moment to give back the code pages that work
/// mapped (`ControlServer.onQuiet`), so that a splash turning on its own holds only the code it
/// runs. Work again later arms it again.
public struct QuietTimer {
    /// How long after the last work the daemon counts as quiet.
    public static let intervalMicroseconds: Int64 = 1_000_000
    /// When the last work was done; nil once the quiet spell has been reported.
    public private(set) var lastWork: Instant?

    public init() {}

    /// Notes work done at `now`.
    public mutating func work(at now: Instant) { lastWork = now }

    /// When the daemon will count as quiet, if work is waiting to be followed by quiet.
    public var deadline: Instant? {
        lastWork.map { last in
            let (sum, overflow) = last.microseconds.addingReportingOverflow(Self.intervalMicroseconds)
            return Instant(microseconds: overflow ? Int64.max : sum)
        }
    }

    /// True once, when the quiet spell after the last work has begun by `now`. A clock that
    /// went back past the work counts from `now` again.
    public mutating func quietBegun(at now: Instant) -> Bool {
        guard let last = lastWork else { return false }
        if now < last {
            lastWork = now
            return false
        }
        guard now - last >= Self.intervalMicroseconds else { return false }
        lastWork = nil
        return true
    }
}
