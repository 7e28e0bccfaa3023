// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloPOSIX

/// The engine's clock on a running system: CLOCK_MONOTONIC, which never jumps when the wall
/// clock is set.
public enum MonotonicClock {
    public static func now() -> Instant {
        Instant(microseconds: MonotonicMicroseconds.now())
    }
}
