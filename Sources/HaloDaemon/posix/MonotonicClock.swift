// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The engine's clock on a running system: CLOCK_MONOTONIC, which never jumps when the wall
/// clock is set.
public enum MonotonicClock {
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Instant(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
    }
}
