@testable import HaloBackends
import Glibc
import Testing

@Suite("bounded blocking calls (the vsync wait)")
struct BoundedCallTests {
    @Test("a call that would block forever (a read from a silent pipe) is cut off and reports failure")
    func cutsOff() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var byte: UInt8 = 0
        let ok = BoundedCall.run(milliseconds: 50) { read(ends[0], &byte, 1) == 1 }
        #expect(!ok)
    }

    @Test("a call that answers in time returns its own result")
    func answers() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        let ok = BoundedCall.run(milliseconds: 1000) { read(ends[0], &byte, 1) == 1 }
        #expect(ok && byte == 7)
    }
}
