// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo wrap -- COMMAND...`: shows an indicator while a command runs, fills it from the
/// percentages the command prints (`CommandProgress`), and ends it in success or failure with
/// the command's exit status, which is also wrap's. The command's output reaches the terminal
/// as it would without wrap. Without a daemon to show it on, the command still runs, and a
/// line says why there is no indicator.
enum WrapCommand {
    static let usage =
        "halo wrap [--socket PATH] [--id ID] [--label TEXT] [--total BYTES] [--read stdout|stderr|both] -- COMMAND [ARGUMENT...]"

    struct Options {
        var socket = RunCommand.defaultSocket
        var id = "wrap-\(getpid())"
        var label: String?
        var total: UInt64?
        /// Which of the command's streams are read for percentages; nil: standard error, and
        /// standard output when a person or a log reads it (a terminal, the journal's socket),
        /// not when it is data (a file, a device, a pipe).
        var read: (output: Bool, errors: Bool)?
        var command: [String] = []
    }

    /// Whether standard output goes where a person or a log reads it.
    static var outputIsRead: Bool {
        if isatty(1) == 1 { return true }
        var s = stat()
        guard fstat(1, &s) == 0 else { return false }
        return s.st_mode & S_IFMT == S_IFSOCK
    }

    static func run(_ words: [String]) throws(CLIError) {
        let o = try parse(words)
        let label = o.label ?? String(o.command[0].split(separator: "/").last ?? "")
        let indicator = WrapIndicator(socket: o.socket)
        indicator.send("show \(o.id) circular label=\(ControlText.quotedOnOneLine(label))")
        // Standard output is read only when a person or a log reads it (or when asked): data
        // sent to a file, a device or a pipe passes untouched and unread.
        let read = o.read ?? (outputIsRead, true)
        let child: ChildCommand
        do { child = try ChildCommand(o.command, pipeOutput: read.output) } catch {
            indicator.send("fail \(o.id) \(ControlText.quotedOnOneLine("\(label) could not start"))")
            throw CLIError("cannot run \(o.command[0]): \(error.description)", status: 127)
        }
        // A signal to wrap is the command's: it ends, and the indicator says how.
        wrappedChild = child.pid
        for s in [SIGINT, SIGTERM, SIGHUP] { signal(s, forwardSignal) }
        // One reader a stream, so that half a line of one is not joined to the other's.
        var readers = [CommandProgress(totalBytes: o.total), CommandProgress(totalBytes: o.total)]
        var shown = -1
        func report(_ p: Int?) {
            guard let p, p > shown else { return }
            shown = p
            indicator.send("progress \(o.id) \(p)%")
        }
        forward(child, scanning: (read.output, read.errors)) { stream, bytes in report(readers[stream].feed(bytes)) }
        for i in readers.indices { report(readers[i].finish()) }
        let ending = child.wait()
        switch ending {
        case .exited(0): indicator.send("succeed \(o.id) \(ControlText.quotedOnOneLine("\(label): done"))")
        case .exited(let s):
            indicator.send("fail \(o.id) \(ControlText.quotedOnOneLine("\(label) failed with exit status \(s); see its output"))")
        case .signalled(let s): indicator.send("fail \(o.id) \(ControlText.quotedOnOneLine("\(label) was stopped by signal \(s)"))")
        }
        if ending != .exited(0) { throw CLIError("", status: ending.shellStatus, bare: true) }
    }

    static func parse(_ words: [String]) throws(CLIError) -> Options {
        var o = Options()
        var rest = words[...]
        while let w = rest.first, w != "--" {
            guard w.hasPrefix("--") else { break }
            rest = rest.dropFirst()
            guard let value = rest.first else { throw CLIError("\(w) needs a value; usage: \(usage)", status: 2) }
            rest = rest.dropFirst()
            switch w {
            case "--socket": o.socket = value
            case "--id":
                guard !value.isEmpty, value.utf8.count <= 64,
                    value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
                else { throw CLIError("--id takes letters, digits, - _ and . (64 at most), not '\(value)'", status: 2) }
                o.id = value
            case "--label": o.label = value
            case "--read":
                let choices = ["stdout": (true, false), "stderr": (false, true), "both": (true, true)]
                guard let streams = choices[value] else { throw CLIError("--read takes stdout, stderr or both, not '\(value)'", status: 2) }
                o.read = streams
            case "--total":
                guard let n = UInt64(value), n > 0 else {
                    throw CLIError("--total takes the bytes the command copies, a whole number above 0, not '\(value)'", status: 2)
                }
                o.total = n
            default: throw CLIError("unknown option \(w); usage: \(usage)", status: 2)
            }
        }
        if rest.first == "--" { rest = rest.dropFirst() }
        guard !rest.isEmpty else { throw CLIError("give the command to run after --; usage: \(usage)", status: 2) }
        o.command = Array(rest)
        return o
    }

    /// Once the command has ended, its pipes are read on while something comes within this
    /// long of the last piece: what it printed last is seen, however slowly this process's own
    /// output takes it (a serial console), and a descendant that keeps the pipes open but
    /// quiet is not waited for.
    static let afterEndMicroseconds: Int64 = 250_000
    /// And for this long at most after the end, so a descendant that keeps printing is not
    /// followed for ever either.
    static let afterEndLimitMicroseconds: Int64 = 10_000_000

    /// Copies the command's output to this process's own until its pipes close, or, once the
    /// command itself has ended, until they stay quiet for `afterEndMicroseconds`, handing each
    /// piece of a stream that is `scanning` to `read` (0: standard output, 1: standard error).
    static func forward(_ child: ChildCommand, scanning: (output: Bool, errors: Bool), read: (Int, ArraySlice<UInt8>) -> Void) {
        var open: [(Descriptor, Int32)] = [(child.errors, 2)]
        if let output = child.output { open.append((output, 1)) }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        var endedAt: Int64?
        var lastPiece: Int64 = 0
        while !open.isEmpty {
            let now = MonotonicMicroseconds.now()
            if endedAt == nil && child.ended() != nil {
                endedAt = now
                lastPiece = now
                wrappedChild = 0  // reaped: its pid may be another process's from now on
            }
            if let endedAt, now - lastPiece >= afterEndMicroseconds || now - endedAt >= afterEndLimitMicroseconds { return }
            var fds = open.map { pollfd(fd: $0.0.raw, events: Int16(POLLIN), revents: 0) }
            if endedAt == nil, let endings = child.endings { fds.append(pollfd(fd: endings.raw, events: Int16(POLLIN), revents: 0)) }
            // Without a pidfd (before Linux 5.3) the command's end is looked for ten times a second.
            let timeout =
                endedAt == nil ? (child.endings == nil ? 100 : -1) : Int32((afterEndMicroseconds - (now - lastPiece) + 999) / 1000)
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR { return }
            var still: [(Descriptor, Int32)] = []
            for (i, (pipe, to)) in open.enumerated() {
                guard fds[i].revents != 0 else {
                    still.append((pipe, to))
                    continue
                }
                let result = try? chunk.withUnsafeMutableBytes { raw throws(SystemError) in try pipe.read(into: raw) }
                guard case .bytes(let n)? = result else {
                    if result == .wouldBlock { still.append((pipe, to)) }
                    continue
                }
                chunk.withUnsafeBytes { raw in writeAll(to, UnsafeRawBufferPointer(rebasing: raw[0..<n])) }
                lastPiece = MonotonicMicroseconds.now()
                if to == 1 ? scanning.output : scanning.errors { read(to == 1 ? 0 : 1, chunk[0..<n]) }
                still.append((pipe, to))
            }
            open = still
        }
    }

    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) {
        var at = 0
        while at < bytes.count {
            let n = systemWrite(fd, bytes.baseAddress! + at, bytes.count - at)
            if n > 0 {
                at += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }
}

/// The indicator `halo wrap` shows: the daemon's connection, each line's reply awaited for
/// 2 s at most. A daemon that cannot be reached, refuses a line or stops answering is said
/// once on standard error, and nothing more is sent: the command carries on regardless.
final class WrapIndicator {
    var connection: Descriptor?
    var reader: ReplyReader?

    init(socket: String) {
        do {
            let c = try ControlClient.connect(socket)
            var wait = timeval(tv_sec: 2, tv_usec: 0)
            _ = setsockopt(c.raw, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
            connection = c
            reader = ReplyReader(c)
        } catch {
            giveUp("no indicator: \(error.description)")
        }
    }

    func send(_ line: String) {
        guard let connection else { return }
        let bytes = Array((line + "\n").utf8)
        let sent = (try? bytes.withUnsafeBytes { raw throws(SystemError) in try connection.write(raw) }) ?? 0
        guard sent == bytes.count else { return giveUp("the daemon stopped reading; no more indicator") }
        guard let reply = reader?.line() else { return giveUp("the daemon did not answer within 2 s; no more indicator") }
        if reply.hasPrefix("error") { giveUp("the daemon refused \(line.split(separator: " ").first ?? ""): \(LogText.escaped(reply))") }
    }

    func giveUp(_ why: String) {
        connection = nil
        reader = nil
        Console.error("halo wrap: \(why); the command runs on")
    }
}

/// The wrapped command, for the signal handler: 0 until it has started.
nonisolated(unsafe) var wrappedChild: pid_t = 0

/// Passes a signal sent to `halo wrap` on to its command (kill is safe in a signal handler).
let forwardSignal: @convention(c) (Int32) -> Void = { signal in
    if wrappedChild > 0 { kill(wrappedChild, signal) }
}
