// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// CLOCK_MONOTONIC in microseconds: the clock the daemon's loop and the kernel's input event
/// times (after `EVIOCSCLOCKID`) share, which never jumps when the wall clock is set.
public enum MonotonicMicroseconds {
    public static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000
    }
}
