// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

@testable import HaloBackends

@Suite("buffer age for double-buffered scan-out")
struct StaleDamageTests {
    let a = IntRect(x: 0, y: 0, width: 10, height: 10)
    let b = IntRect(x: 50, y: 50, width: 5, height: 5)

    @Test("a buffer is repaired with everything shown since it was last on screen, once")
    func repair() {
        var s = StaleDamage(buffers: 2)
        #expect(s.take(0).isEmpty)
        s.shown([a], except: 0)  // frame 1 drawn into buffer 0
        #expect(s.take(1) == [a])  // buffer 1 missed frame 1
        s.shown([b], except: 1)  // frame 2 drawn into buffer 1
        #expect(s.take(0) == [b])
        #expect(s.take(0).isEmpty)
    }

    @Test(
        "buffers wholly out of date (a whole screen shown while none was drawn) are each filled once: the whole screen, not again per rectangle"
    )
    func newBuffers() {
        let screen = IntRect(x: 0, y: 0, width: 800, height: 480)
        var s = StaleDamage(buffers: 2)
        s.shown([screen], except: nil)
        // The first frame's damage is inside the screen: one copy of the screen into buffer 1.
        #expect(s.repair(1, for: [a, b]) == [screen])
        #expect(s.repair(1, for: [screen]) == [screen])
        // Buffer 0 still needs the whole screen, and the next frame's own damage adds nothing.
        #expect(s.repair(0, for: [b]) == [screen])
        // Afterwards only what changed, each rectangle once, equal ones once.
        #expect(s.repair(1, for: [a, a]) == [a, b])
    }

    @Test("frames shown while no buffer was drawn (released screen) count for every buffer")
    func released() {
        var s = StaleDamage(buffers: 2)
        s.shown([a], except: nil)
        #expect(s.take(0) == [a] && s.take(1) == [a])
    }

    @Test("many rectangles merge into their bounding box, which still covers them all")
    func merging() {
        var s = StaleDamage(buffers: 2)
        for i in 0..<40 { s.shown([IntRect(x: Int32(i) * 3, y: Int32(i), width: 2, height: 2)], except: 0) }
        let repaired = s.take(1)
        #expect(repaired.count <= StaleDamage.limit)
        for i in 0..<40 {
            let r = IntRect(x: Int32(i) * 3, y: Int32(i), width: 2, height: 2)
            #expect(repaired.contains { $0.contains(r) }, "\(r) lost")
        }
    }
}
