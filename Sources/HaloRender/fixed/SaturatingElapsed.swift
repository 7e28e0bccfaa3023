// SPDX-License-Identifier: Apache-2.0
extension Int64 {
    /// How far this value is past `earlier`: never negative, and `Int64.max` rather than a trap
    /// when the difference does not fit. For timestamps that came from outside (a device, a
    /// client), where the plain `-` would end the process on an absurd pair.
    public func saturatingElapsed(since earlier: Int64) -> Int64 {
        let (difference, overflow) = subtractingReportingOverflow(earlier)
        if overflow { return self > earlier ? .max : 0 }
        return Swift.max(0, difference)
    }
}
