// SPDX-License-Identifier: Apache-2.0
import Glibc
import Testing

@testable import HaloBackends

@Suite("bounded blocking calls (the vsync wait)")
struct BoundedCallTests {
    @Test("a call that would block forever (a read from a silent pipe) is cut off and reports failure")
    func cutsOff() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        var byte: UInt8 = 0
        let ok = BoundedCall.run(milliseconds: 50) { read(ends[0], &byte, 1) == 1 }
        #expect(!ok)
    }

    @Test("a call that answers in time returns its own result")
    func answers() {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        var byte: UInt8 = 7
        #expect(write(ends[1], &byte, 1) == 1)
        let ok = BoundedCall.run(milliseconds: 1000) { read(ends[0], &byte, 1) == 1 }
        #expect(ok && byte == 7)
    }

    // Exit tests (a body run in a child process) came with Swift 6.2's Swift Testing; with an
    // older compiler these two are not built.
    #if compiler(>=6.2)
        /// The first POSIX timer a process creates has id 0, which Swift sees as a nil `timer_t`;
        /// taking that for a failure once left the call unbounded. Only a fresh process is sure to
        /// hand out id 0, so the call runs in one, with a watchdog thread that ends it (status 3)
        /// should the read never be cut off.
        @Test("in a fresh process, whose first timer has id 0, the call is cut off too")
        func firstTimerOfAProcess() async {
            await #expect(processExitsWith: .success) {
                var watchdog = pthread_t()
                pthread_create(
                    &watchdog, nil,
                    { _ in
                        sleep(10)
                        _exit(3)
                    }, nil)
                var ends: [Int32] = [0, 0]
                guard pipe(&ends) == 0 else { _exit(4) }
                var byte: UInt8 = 0
                let ok = BoundedCall.run(milliseconds: 50) { read(ends[0], &byte, 1) == 1 }
                _exit(ok ? 5 : 0)
            }
        }

        /// With RLIMIT_SIGPENDING at 0 the kernel cannot reserve the timer's signal, so
        /// timer_create fails (EAGAIN). A fresh process, so no other test's timer is refused.
        @Test("when no timer can be made, the call is not made at all and reports failure")
        func noTimerNoCall() async {
            await #expect(processExitsWith: .success) {
                var none = rlimit(rlim_cur: 0, rlim_max: 0)
                guard setrlimit(__rlimit_resource_t(__RLIMIT_SIGPENDING.rawValue), &none) == 0 else { _exit(4) }
                var called = false
                let ok = BoundedCall.run(milliseconds: 50) {
                    called = true
                    return true
                }
                _exit(called ? 5 : ok ? 6 : 0)
            }
        }
    #endif
}
