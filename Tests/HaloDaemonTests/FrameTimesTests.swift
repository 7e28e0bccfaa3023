// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import Testing

@Suite("frame budget accounting")
struct FrameTimesTests {
    @Test("frames over budget are counted and percentiles are nearest-rank over the recent window")
    func percentiles() {
        var t = FrameTimes(budgetMicroseconds: 16_000)
        #expect(t.percentile(50) == 0 && t.percentile(99) == 0)
        for us in 1...100 { t.record(Int64(us) * 1000) }
        #expect(t.overBudget == 84)
        #expect(t.percentile(50) == 50_000)
        #expect(t.percentile(99) == 99_000)
        // Old frames leave the window.
        for _ in 0..<FrameTimes.window { t.record(1000) }
        #expect(t.percentile(99) == 1000 && t.overBudget == 84)
    }
}
