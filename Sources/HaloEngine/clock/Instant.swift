// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A point on the engine's clock, in microseconds. The engine never reads a clock itself: the
/// daemon passes the monotonic time, a script replay passes virtual time, so animation depends
/// only on time and never on how many frames were drawn.
public struct Instant: Comparable, Hashable, Sendable {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    public static func milliseconds(_ ms: Int64) -> Instant { Instant(microseconds: ms * 1000) }
    public static let zero = Instant(microseconds: 0)

    public var milliseconds: Int64 { microseconds / 1000 }

    public static func < (a: Instant, b: Instant) -> Bool { a.microseconds < b.microseconds }
    /// Saturating at the ends of the clock: an app's clock (libhalo) may stand anywhere on it.
    public static func + (a: Instant, ms: Milliseconds) -> Instant {
        let (us, overflow) = ms.value.multipliedReportingOverflow(by: 1000)
        return a.advanced(saturatingBy: overflow ? (ms.value < 0 ? .min : .max) : us)
    }
    /// Microseconds from `b` to `a`, saturating rather than trapping for instants at the ends
    /// of the clock.
    public static func - (a: Instant, b: Instant) -> Int64 {
        let (us, overflow) = a.microseconds.subtractingReportingOverflow(b.microseconds)
        return overflow ? (b.microseconds > 0 ? .min : .max) : us
    }

    /// Microseconds from `earlier` to this instant, 0 if it is not earlier and saturated rather
    /// than trapping: for timestamps that came from outside (a device, a client).
    public func microseconds(since earlier: Instant) -> Int64 {
        microseconds.saturatingElapsed(since: earlier.microseconds)
    }

    /// This instant `us` microseconds later, saturating at the end of the clock.
    public func advanced(saturatingBy us: Int64) -> Instant {
        let (sum, overflow) = microseconds.addingReportingOverflow(us)
        return Instant(microseconds: overflow ? (us > 0 ? .max : .min) : sum)
    }
}

/// A duration in whole milliseconds, as board policies and scripts give them.
public struct Milliseconds: Equatable, Hashable, Sendable {
    public var value: Int64
    public init(_ value: Int64) { self.value = value }
}
