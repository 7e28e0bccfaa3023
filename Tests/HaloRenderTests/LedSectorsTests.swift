// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

@Suite("LED ring sectors")
struct LedSectorsTests {
    func lit(_ count: Int, start: Int32, sweep: Int32) -> [Int32] {
        (0..<count).map { LedSectors.coverage(index: $0, count: count, start: start, sweep: sweep) }
    }

    @Test("55 % on 12 LEDs: six full, the seventh at 60 %, the rest dark")
    func partialFill() {
        // 0.55 × 12 = 6.6 sectors.
        let c = lit(12, start: 0, sweep: Int32(65536 * 55 / 100))
        #expect(Array(c[0..<6]) == [256, 256, 256, 256, 256, 256])
        #expect(abs(c[6] - 154) <= 1)  // 0.6 × 256 = 153.6
        #expect(Array(c[7...]) == [0, 0, 0, 0, 0])
    }

    @Test("an arc across 12 o'clock lights both ends of the ring")
    func wraps() {
        // From 11/12 of a turn for a quarter turn: LED 11 whole, LEDs 0 and 1 whole, LED 2 none.
        let c = lit(12, start: Int32(65536 * 11 / 12), sweep: 16384)
        #expect(c[11] == 256 && c[0] == 256 && c[1] == 256)
        #expect(c[2] == 0 && c[10] == 0)
    }

    @Test("the total light equals the arc's length, for any start")
    func conservesLength() {
        for start in stride(from: Int32(0), to: 65536, by: 4099) {
            let sweep: Int32 = 23456
            let total = lit(24, start: start, sweep: sweep).reduce(0, +)
            // Each LED rounds to 1/256 of its sector.
            #expect(abs(Int(total) - Int(sweep) * 24 * 256 / 65536) <= 24, "start \(start)")
        }
    }

    @Test("no sweep is dark, a whole turn is all lit, no LEDs is nothing")
    func limits() {
        #expect(lit(8, start: 1234, sweep: 0) == [Int32](repeating: 0, count: 8))
        #expect(lit(8, start: 1234, sweep: 65536) == [Int32](repeating: 256, count: 8))
        #expect(LedSectors.coverage(index: 0, count: 0, start: 0, sweep: 100) == 0)
    }
}
