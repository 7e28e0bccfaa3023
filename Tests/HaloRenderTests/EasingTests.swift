// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

@Suite("Easing curves")
struct EasingTests {
    @Test("ease-out cubic starts at 0, ends at 1, rises monotonically and never overshoots")
    func easeOut() {
        #expect(Easing.easeOutCubic(0) == 0)
        #expect(Easing.easeOutCubic(65536) == 65536)
        // 1 − (1 − 0.5)³ = 0.875
        #expect(abs(Easing.easeOutCubic(32768) - 57344) <= 2)
        var last: Int32 = 0
        for t in stride(from: Int32(0), through: 65536, by: 512) {
            let v = Easing.easeOutCubic(t)
            #expect(v >= last && v <= 65536)
            last = v
        }
    }

    @Test("ease-in-out is symmetric about its middle and monotonic")
    func standard() {
        #expect(Easing.easeInOut(0) == 0)
        #expect(abs(Easing.easeInOut(65536) - 65536) <= 4)
        #expect(abs(Easing.easeInOut(32768) - 32768) <= 64)
        #expect(abs(Easing.easeInOut(16384) + Easing.easeInOut(49152) - 65536) <= 64)
        var last: Int32 = -1
        for t in stride(from: Int32(0), through: 65536, by: 1024) {
            let v = Easing.easeInOut(t)
            #expect(v >= last)
            last = v
        }
    }

    @Test("sine is exact to the table's resolution at every quarter and at odd angles")
    func sine() {
        #expect(Angle(units: 0).sineQ16 == 0)
        #expect(Angle(units: 16384).sineQ16 == 65536)
        #expect(Angle(units: 32768).sineQ16 == 0)
        #expect(Angle(units: 49152).sineQ16 == -65536)
        // sin(219.6°) = −0.63742, in Q16 −41774
        #expect(abs(Angle(units: 39977).sineQ16 + 41774) <= 3)
        #expect(abs(Angle(units: 39977).cosineQ16 + 50496) <= 3)
    }
}
