// SPDX-License-Identifier: Apache-2.0
/// How long frames took to render and show, against the board's frame budget: a count of
/// frames over budget since start, and percentiles over the most recent frames.
public struct FrameTimes: Sendable {
    /// Frames kept for the percentiles.
    public static let window = 256
    public let budgetMicroseconds: Int64
    public private(set) var overBudget = 0
    private var recent: [Int64] = []
    private var next = 0

    public init(budgetMicroseconds: Int64) { self.budgetMicroseconds = budgetMicroseconds }

    public mutating func record(_ microseconds: Int64) {
        if microseconds > budgetMicroseconds { overBudget += 1 }
        if recent.count < Self.window {
            recent.append(microseconds)
        } else {
            recent[next] = microseconds
        }
        next = (next + 1) % Self.window
    }

    /// The nearest-rank percentile of the recent frames (0 before any frame).
    public func percentile(_ p: Int) -> Int64 {
        if recent.isEmpty { return 0 }
        let sorted = recent.sorted()
        let rank = max(1, (p * sorted.count + 99) / 100)
        return sorted[min(rank, sorted.count) - 1]
    }
}
