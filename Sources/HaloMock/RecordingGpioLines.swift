// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// GPIO lines in memory: record every bulk set, as a logic analyser on the lines would, so
/// that `halo replay` and the tests see the levels a GPIO ring's driver would give the kernel.
public final class RecordingGpioLines: GpioLines {
    public let count: Int
    public private(set) var sets: [[Int32]] = []

    public init(count: Int) { self.count = count }

    public func set(_ levels: [Int32]) throws(RingError) {
        guard levels.count == count else { throw RingError.wrongCount(sent: levels.count, ring: count) }
        sets.append(levels)
    }

    /// The lines' levels now: all inactive before the first set.
    public var current: [Int32] { sets.last ?? [Int32](repeating: 0, count: count) }
}
