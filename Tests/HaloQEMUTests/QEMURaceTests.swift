// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// Halo against Plymouth at boot, side by side: the same kernel, the same initramfs-tools, the
/// same QEMU guest, each splash started as its own initramfs scripts start it (Plymouth's by
/// Debian's plymouth package installed on the host, its spinner theme; Halo's by its hook).
/// The kernel's own tracer times both the same way: from the exec of the splash's program to
/// its first mode set or page flip (DRM's SETCRTC, PAGE_FLIP or ATOMIC ioctl), the moment its
/// first frame goes to the screen. A benchmark, not a timed assertion: it prints the figures.
/// `.ci/bench-race` runs it on the release binary as the package ships it (`HALO_RACE=1`,
/// `HALO_QEMU_HALO`), `HALO_RACE_BOOTS` times each, interleaved; plain `swift test` skips it.
@Suite(
    "Halo and Plymouth racing to the first frame, on a real kernel under QEMU (benchmark)", .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["HALO_RACE"] == "1" && QEMUMachine.available && Host.has("mkinitramfs")
            && Host.has("unshare")
            && FileManager.default.fileExists(atPath: "/usr/share/initramfs-tools/hooks/plymouth")
            && FileManager.default.fileExists(atPath: "/usr/share/plymouth/themes/spinner/spinner.plymouth"),
        "a benchmark: .ci/bench-race runs it (it needs qemu-system-x86, initramfs-tools, plymouth and plymouth-themes)"))
struct QEMURaceTests {
    /// Sets the kernel's tracer going before any splash starts: every exec, and the DRM ioctls
    /// that put a frame on screen (SETCRTC, PAGE_FLIP, ATOMIC), with their times.
    static let traceScript = """
        #!/bin/sh
        [ "$1" = prereqs ] && exit 0
        t=/sys/kernel/tracing
        mount -t tracefs nodev $t 2>/dev/null
        echo 'cmd == 0xc06864a2 || cmd == 0xc01864b0 || cmd == 0xc03864bc' > $t/events/syscalls/sys_enter_ioctl/filter
        echo 1 > $t/events/syscalls/sys_enter_ioctl/enable
        echo 1 > $t/events/sched/sched_process_exec/enable
        echo 1 > $t/events/sched/sched_process_exit/enable
        echo 1 > $t/tracing_on

        """

    /// After the splash had 5 s: the trace and the splash's resident memory, to the host.
    static let reportScript = """
        #!/bin/sh
        # After Plymouth's own init-premount script, where it has one.
        [ "$1" = prereqs ] && echo plymouth && exit 0
        sleep 5
        stty -F /dev/ttyS1 raw -echo
        exec 3<>/dev/ttyS1
        # All resident pages, and the anonymous ones alone: pages of a program's file are
        # shared with the page cache (in an initramfs they are in memory either way). Counted
        # from the page tables (smaps_rollup): 6.1's VmRSS adds each task's page faults to the
        # process's total only every 64 faults, and with 64 KiB mapped around each fault it
        # left up to 4 MB out (measured: 2.3 MB of Halo's 5.3 MB, 0.3 MB of plymouthd's).
        for p in $(pidof plymouthd halo); do
            echo "REPORT rss $(awk '/^Rss:/ { print $2 }' /proc/$p/smaps_rollup)" >&3
            echo "REPORT anon $(awk '/^Anonymous:/ { print $2 }' /proc/$p/smaps_rollup)" >&3
            # Where it goes: resident and anonymous KiB of each mapping, by file and permissions.
            awk '/^[0-9a-f]+-/ { m = ($6 == "" ? "[anon]" : $6) " " $2 } /^Rss:/ { r[m] += $2 } /^Anonymous:/ { a[m] += $2 }
                END { for (m in r) if (r[m] > 0) print "REPORT map " r[m] " " a[m] " " m }' /proc/$p/smaps >&3
        done
        # Then with a message on screen: Plymouth's spinner theme loads its text stack for it.
        plymouth display-message --text="Checking disks"
        sleep 1
        for p in $(pidof plymouthd halo); do
            echo "REPORT rss-text $(awk '/^Rss:/ { print $2 }' /proc/$p/smaps_rollup)" >&3
        done
        # The bare program's start, to tell it from the splash's own set-up.
        [ -x /usr/bin/halo ] && /usr/bin/halo --version >/dev/null
        grep 'halo start' /run/halo/initramfs.log 2>/dev/null | while read -r line; do echo "REPORT phase $line" >&3; done
        grep -E 'sched_process_exec|sched_process_exit|sys_ioctl' /sys/kernel/tracing/trace | while read -r line; do echo "REPORT trace $line" >&3; done
        echo END >&3
        read -r -t 5 answer <&3
        poweroff -f 2>/dev/null || reboot -f

        """

    /// An initramfs made by the host's mkinitramfs: Halo's splash, or Plymouth's with its
    /// spinner theme, and the test's two scripts.
    static func image(halo: Bool, kernel: GuestKernel, in dir: URL) throws -> URL {
        let conf = try QEMUInitramfsTests.baseConfiguration(in: dir, splash: halo)
        let fm = FileManager.default
        for (path, text) in [("scripts/init-top/00race", traceScript), ("scripts/init-premount/zzrace", reportScript)] {
            let file = conf.appendingPathComponent(path)
            try text.write(to: file, atomically: true, encoding: .utf8)
            try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        // Plymouth's theme for the image: spinner, set where plymouth-set-default-theme reads it.
        let plymouthConf = dir.appendingPathComponent("plymouthd.conf")
        try "[Daemon]\nTheme=spinner\n".write(to: plymouthConf, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent(halo ? "halo.img" : "plymouth.img")
        _ = try QEMUInitramfsTests.mkinitramfs(
            conf, kernel: kernel, into: out, in: dir, keepPlymouth: !halo,
            prelude: halo ? "" : "mount --bind \(plymouthConf.path) /etc/plymouth/plymouthd.conf")
        return out
    }

    /// One boot's figures: milliseconds from the splash's exec, and from the kernel's start, to
    /// its first frame, and its resident memory in KiB 5 s in (all of it, and the anonymous part).
    struct Result {
        var firstFrameMilliseconds: Double
        var sinceBootMilliseconds: Double
        var residentKiB: Int
        /// The anonymous part of it: the process's own memory, not its program's file.
        var anonymousKiB: Int
        /// All of it a second after `plymouth display-message` put a message on screen.
        var withMessageKiB: Int
        /// `halo --version` from exec to exit: starting the bare program (Halo's image only).
        var bareStartMilliseconds: Double?
    }

    static func boot(_ image: URL, program: String, kernel: GuestKernel, in dir: URL) throws -> Result {
        var machine = QEMUMachine(
            kernel: kernel.vmlinux, initrd: image, device: ["-device", "bochs-display,xres=800,yres=480"], directory: dir)
        // HALO_START_TRACE=1 reaches the initramfs's scripts as an environment variable: Halo's
        // phases up to its first frame go to its log, reported with the trace.
        machine.append = "console=ttyS0 panic=-1 quiet splash plymouth.ignore-serial-consoles HALO_START_TRACE=1"
        let outcome = try machine.boot()
        let trace = outcome.reports.filter { $0.hasPrefix("trace ") }
        guard let result = Self.firstFrame(trace, program: program) else {
            throw Host.Failure(
                description:
                    "no exec of \(program) and frame after it in the trace: \(trace); reports: \(outcome.reports.filter { !$0.hasPrefix("trace ") }); console: \(outcome.console.suffix(2000))"
            )
        }
        for phase in outcome.reports where phase.hasPrefix("phase ") { print("race: \(program) \(phase.dropFirst(6))") }
        // HALO_RACE_MAPS=1: where each boot's resident memory goes, mapping by mapping.
        let maps = outcome.reports.filter { $0.hasPrefix("map ") }.map { $0.dropFirst(4).split(separator: " ", maxSplits: 2) }
        let showMaps = ProcessInfo.processInfo.environment["HALO_RACE_MAPS"] == "1"
        for map in maps.sorted(by: { Int($0[0]) ?? 0 > Int($1[0]) ?? 0 }) where showMaps && map.count == 3 {
            print("race: \(program) resident \(map[0]) KiB, anonymous \(map[1]) KiB: \(map[2])")
        }
        let rss = outcome.reports.first { $0.hasPrefix("rss ") }.flatMap { Int($0.dropFirst(4)) } ?? 0
        let anon = outcome.reports.first { $0.hasPrefix("anon ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        let withMessage = outcome.reports.first { $0.hasPrefix("rss-text ") }.flatMap { Int($0.dropFirst(9)) } ?? 0
        return Result(
            firstFrameMilliseconds: result.sinceExec, sinceBootMilliseconds: result.sinceBoot, residentKiB: rss, anonymousKiB: anon,
            withMessageKiB: withMessage,
            bareStartMilliseconds: Self.lastRun(trace, program: program))
    }

    /// From the trace's lines: the first frame ioctl of a process named as `program` after its
    /// exec, in milliseconds after the exec and after the kernel started (the trace's clock).
    static func firstFrame(_ lines: [String], program: String) -> (sinceExec: Double, sinceBoot: Double)? {
        func time(_ line: String) -> Double? {
            // "  plymouthd-123  [000] .....  1.234567: sys_ioctl(...)": the number before ": ".
            guard let colon = line.range(of: ": ") else { return nil }
            return Double(line[..<colon.lowerBound].split(separator: " ").last ?? "")
        }
        let name = String(program.split(separator: "/").last ?? "")
        guard let exec = lines.first(where: { $0.contains("sched_process_exec") && $0.contains("filename=\(program) ") }),
            let start = time(exec)
        else { return nil }
        let frame = lines.first { line in
            line.contains("sys_ioctl") && line.split(separator: " ").dropFirst().first?.hasPrefix(String(name.prefix(15)) + "-") == true
                && (time(line) ?? 0) >= start
        }
        return frame.flatMap(time).map { (($0 - start) * 1000, $0 * 1000) }
    }

    /// The last run of `program` in the trace, exec to exit, in milliseconds.
    static func lastRun(_ lines: [String], program: String) -> Double? {
        func time(_ line: String) -> Double? {
            guard let colon = line.range(of: ": ") else { return nil }
            return Double(line[..<colon.lowerBound].split(separator: " ").last ?? "")
        }
        guard let exec = lines.last(where: { $0.contains("sched_process_exec") && $0.contains("filename=\(program) ") }),
            let pid = exec.split(separator: " ").first(where: { $0.hasPrefix("pid=") }), let start = time(exec),
            let exit = lines.first(where: { $0.contains("sched_process_exit") && $0.contains(" \(pid) ") && (time($0) ?? 0) > start }),
            let end = time(exit)
        else { return nil }
        return (end - start) * 1000
    }

    @Test(
        "on the real kernel: Halo's and Plymouth's first frames and resident memory, each started by its own initramfs-tools scripts in the same guest (printed, not asserted)"
    )
    func race() throws {
        let (kernel, _) = try QEMUDisplayTests.prepared.get()
        let dir = try QEMUInputTests.scratch("race")
        let haloImage = try Self.image(halo: true, kernel: kernel, in: dir.appendingPathComponent("halo"))
        let plymouthImage = try Self.image(halo: false, kernel: kernel, in: dir.appendingPathComponent("plymouth"))
        let boots = Int(ProcessInfo.processInfo.environment["HALO_RACE_BOOTS"] ?? "") ?? 2
        var halo: [Result] = [], plymouth: [Result] = []
        for _ in 0..<max(1, boots) {
            halo.append(try Self.boot(haloImage, program: "/usr/bin/halo", kernel: kernel, in: dir.appendingPathComponent("halo")))
            plymouth.append(
                try Self.boot(plymouthImage, program: "/usr/sbin/plymouthd", kernel: kernel, in: dir.appendingPathComponent("plymouth")))
        }
        func median(_ v: [Double]) -> Double { v.isEmpty ? .nan : v.sorted()[v.count / 2] }
        func kib(_ v: [Int]) -> String { v.isEmpty ? "-" : "\(v.sorted()[v.count / 2]) KiB (\(v.max() ?? 0))" }
        let line =
            "race (\(halo.count) boots each), median first frame: Halo \(median(halo.map(\.sinceBootMilliseconds))) ms after the kernel started (\(median(halo.map(\.firstFrameMilliseconds))) ms after its exec), "
            + "Plymouth \(median(plymouth.map(\.sinceBootMilliseconds))) ms (\(median(plymouth.map(\.firstFrameMilliseconds))) ms after its exec); "
            + "the bare halo --version \(median(halo.compactMap(\.bareStartMilliseconds))) ms; "
            + "resident 5 s in, median (largest): Halo \(kib(halo.map(\.residentKiB))), plymouthd \(kib(plymouth.map(\.residentKiB))); "
            + "of it anonymous: Halo \(kib(halo.map(\.anonymousKiB))), plymouthd \(kib(plymouth.map(\.anonymousKiB))); "
            + "with a message shown: Halo \(kib(halo.map(\.withMessageKiB))), plymouthd \(kib(plymouth.map(\.withMessageKiB))); "
            + "each since boot: Halo \(halo.map(\.sinceBootMilliseconds)), Plymouth \(plymouth.map(\.sinceBootMilliseconds))"
        print(line)
        try line.write(to: dir.appendingPathComponent("race.txt"), atomically: true, encoding: .utf8)
        #expect(halo.allSatisfy { $0.firstFrameMilliseconds > 0 } && plymouth.allSatisfy { $0.firstFrameMilliseconds > 0 }, "\(line)")
    }
}
