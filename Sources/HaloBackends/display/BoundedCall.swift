// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Runs a blocking system call under a one-shot SIGALRM aimed at the calling thread, so a
/// driver that never answers interrupts it (EINTR) instead of stalling the caller. The handler
/// does nothing and is installed without SA_RESTART, which is what makes the call return.
/// Worker threads (libdispatch's, or a daemon that takes its signals through signalfd) often
/// block SIGALRM, so it is unblocked on this thread for the call only. The alarm repeats until
/// the call returns, so a call that only starts blocking after the first alarm is cut off too.
enum BoundedCall {
    private static let installed: Bool = {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        return sigaction(SIGALRM, &action, nil) == 0
    }()

    /// The call's result; false also when it was cut off by the alarm, and when no alarm
    /// could be set (then the call is not made at all: unbounded, it could stall forever).
    static func run(milliseconds: Int, _ call: () -> Bool) -> Bool {
        guard installed else { return false }
        var alarm = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        var previous = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &alarm, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_THREAD_ID)
        event.sigev_signo = SIGALRM
        event._sigev_un._tid = halo_thread_id()
        // timer_t is a pointer in Swift, and a process's first timer has id 0, which arrives as
        // nil: success is timer_create's result, never the id's value.
        var timer: timer_t? = nil
        guard timer_create(CLOCK_MONOTONIC, &event, &timer) == 0 else { return false }
        defer { timer_delete(timer) }
        var limit = itimerspec()
        limit.it_value.tv_sec = milliseconds / 1000
        limit.it_value.tv_nsec = (milliseconds % 1000) * 1_000_000
        limit.it_interval = limit.it_value
        timer_settime(timer, 0, &limit, nil)
        return call()
    }
}
