// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How long this process has existed, from the kernel's record of when it started
/// (`/proc/self/stat`, field 22, in clock ticks since boot) to CLOCK_BOOTTIME now. It counts
/// the exec, the dynamic loader and everything before `main`, which a clock read in `main`
/// would miss; its resolution is one clock tick (10 ms at the usual 100 Hz).
public enum ProcessAge {
    public static func milliseconds() -> Int? {
        let fd = open("/proc/self/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let n = read(fd, &buffer, buffer.count)
        guard n > 0 else { return nil }
        // The command name (field 2) is in parentheses and may hold spaces: count from its end.
        guard let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = buffer[(close + 1)..<n].split(separator: UInt8(ascii: " "))
        // fields[0] is field 3 (state), so field 22 (starttime) is fields[19].
        guard fields.count > 19, let ticks = Int(String(decoding: fields[19], as: UTF8.self)) else { return nil }
        let hertz = sysconf(Int32(_SC_CLK_TCK))
        guard hertz > 0 else { return nil }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let nowMs = Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
        return nowMs - ticks * 1000 / hertz
    }
}
