// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// One boot of the guest under QEMU. The guest's first serial port is its console (saved to
/// a file); the second is a line channel to this host: `DUMP NAME` asks for a screendump,
/// taken with QMP's `screendump` (a PPM of exactly what the display scans out) and answered
/// with `ok`; `REPORT ...` lines are facts for the test; `END` means the scenario finished.
///
/// TCG, not KVM: /dev/kvm on these machines cannot boot a stock kernel, so the tests use the
/// accelerator that always works. `HALO_QEMU_ACCEL=kvm` overrides it where KVM works.
struct QEMUMachine {
    struct Outcome {
        var dumps: [String: URL] = [:]
        var reports: [String] = []
        var console = ""
        var finished = false

        func report(_ key: String) -> String? {
            reports.first { $0 == key || $0.hasPrefix(key + " ") }.map { String($0.dropFirst(key.count).drop { $0 == " " }) }
        }
    }

    var kernel: URL
    var initrd: URL
    /// QEMU's display device, e.g. `-device bochs-display,xres=800,yres=480`.
    var device: [String]
    var directory: URL
    var timeoutSeconds: Double = 240
    /// The kernel's command line, and QEMU arguments besides the display (a disk).
    var append = "console=ttyS0 panic=-1 quiet"
    var extra: [String] = []

    static var available: Bool { Host.has("qemu-system-x86_64") }

    func boot() throws -> Outcome {
        let control = directory.appendingPathComponent("serial.sock").path
        let qmp = directory.appendingPathComponent("qmp.sock").path
        let console = directory.appendingPathComponent("console.log")
        for p in [control, qmp] { unlink(p) }
        let accel = ProcessInfo.processInfo.environment["HALO_QEMU_ACCEL"] ?? "tcg"
        let arguments =
            [
                "qemu-system-x86_64", "-accel", accel, "-m", "512", "-nodefaults", "-display", "none", "-no-reboot",
                "-kernel", kernel.path, "-initrd", initrd.path, "-append", append,
                "-serial", "file:\(console.path)",
                "-chardev", "socket,id=control,path=\(control),server=on,wait=off", "-serial", "chardev:control",
                "-qmp", "unix:\(qmp),server=on,wait=off",
            ] + device + extra
        let errors = directory.appendingPathComponent("qemu.err")
        let p = try ChildProcess(arguments, stderr: .file(errors.path))
        defer { p.stop() }
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        let monitor = try LineSocket(path: qmp, until: deadline)
        _ = try monitor.readLine(until: deadline)  // greeting
        _ = try monitor.command(#"{"execute":"qmp_capabilities"}"#, until: deadline)
        let channel = try LineSocket(path: control, until: deadline)
        var outcome = Outcome()
        while let line = try channel.readLine(until: deadline) {
            if line.hasPrefix("DUMP ") {
                let name = String(line.dropFirst(5))
                let file = directory.appendingPathComponent("\(name).ppm")
                let reply = try monitor.command(#"{"execute":"screendump","arguments":{"filename":"\#(file.path)"}}"#, until: deadline)
                guard reply.contains("\"return\"") else { throw Host.Failure(description: "screendump failed: \(reply)") }
                outcome.dumps[name] = file
                try channel.write("ok\n")
            } else if line.hasPrefix("REPORT ") {
                outcome.reports.append(String(line.dropFirst(7)))
            } else if line == "END" {
                outcome.finished = true
                // Everything before END has been read: the guest may power off now.
                try? channel.write("ok\n")
                break
            }
        }
        // The guest powers off after END; give it a moment before the deferred terminate.
        let stop = Date().addingTimeInterval(10)
        while p.isRunning && Date() < stop { usleep(50_000) }
        outcome.console = (try? String(contentsOf: console, encoding: .utf8)) ?? ""
        if !outcome.finished {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Host.Failure(
                description: "the guest did not finish its scenario; QEMU: \(stderr)\nconsole:\n\(outcome.console.suffix(3000))")
        }
        return outcome
    }
}

/// A Unix stream socket read line by line with a deadline (QMP and the serial channel).
final class LineSocket {
    let fd: Int32
    var buffer: [UInt8] = []

    init(path: String, until deadline: Date) throws {
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8)) }
            let r = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if r == 0 {
                fd = s
                return
            }
            close(s)
            if Date() > deadline { throw Host.Failure(description: "QEMU never opened \(path)") }
            usleep(50_000)
        }
    }

    deinit { close(fd) }

    func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n <= 0 { throw Host.Failure(description: "write to QEMU failed") }
            sent += n
        }
    }

    /// The next line, or nil when QEMU closed the socket.
    func readLine(until deadline: Date) throws -> String? {
        while true {
            if let nl = buffer.firstIndex(of: 10) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                buffer.removeSubrange(...nl)
                return line
            }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { throw Host.Failure(description: "timed out waiting for the guest") }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(min(left, 1) * 1000)) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { return nil }
            buffer += chunk[0..<n]
        }
    }

    /// Sends a QMP command and returns its reply, skipping asynchronous events.
    func command(_ json: String, until deadline: Date) throws -> String {
        try write(json + "\n")
        while let line = try readLine(until: deadline) {
            if line.contains("\"event\"") { continue }
            return line
        }
        throw Host.Failure(description: "QMP closed")
    }
}
