// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a start's time goes: with `HALO_START_TRACE=1` in the environment (a kernel command
/// line's `HALO_START_TRACE=1` reaches an initramfs's scripts so), each phase of `halo run`
/// up to its first frame writes one line to standard error, with the process's age
/// (`ProcessAge`, from the kernel's own start time) and the boot clock in milliseconds.
/// Without it, nothing is written and each mark is one comparison.
public enum StartTrace {
    nonisolated(unsafe) static var enabled: Bool? = nil

    public static func mark(_ phase: String) {
        if enabled == nil { enabled = getenv("HALO_START_TRACE").map { String(cString: $0) == "1" } ?? false }
        guard enabled == true else { return }
        var ts = timespec()
        clock_gettime(CLOCK_BOOTTIME, &ts)
        let boot = Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
        let age = ProcessAge.milliseconds().map(String.init) ?? "?"
        // Time on the processor and page faults so far: a phase that took long with neither
        // waited for something; one with many faults paid for touching new memory.
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let cpu =
            (Int(usage.ru_utime.tv_sec) + Int(usage.ru_stime.tv_sec)) * 1000
            + (Int(usage.ru_utime.tv_usec) + Int(usage.ru_stime.tv_usec)) / 1000
        let line =
            "halo start: \(phase): age \(age) ms, boot \(boot) ms, pid \(getpid()), cpu \(cpu) ms, faults \(usage.ru_minflt + usage.ru_majflt)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
