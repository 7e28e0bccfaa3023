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
        /// Whether the command's standard output is read too; nil: when a person or a log
        /// reads it (a terminal, the journal's socket), not when it is data (a file, a device,
        /// a pipe).
        var readOutput: Bool?
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
        indicator.send("show \(o.id) circular label=\(quoted(label))")
        // Standard output is read only when a person or a log reads it (or when asked): data
        // sent to a file, a device or a pipe passes untouched and unread.
        let child: ChildCommand
        do { child = try ChildCommand(o.command, pipeOutput: o.readOutput ?? outputIsRead) } catch {
            indicator.send("fail \(o.id) \(quoted("\(label) could not start"))")
            throw CLIError("cannot run \(o.command[0]): \(error.description)", status: 127)
        }
        var progress = CommandProgress(totalBytes: o.total)
        forward(child, &progress) { indicator.send("progress \(o.id) \($0)%") }
        if let last = progress.finish() { indicator.send("progress \(o.id) \(last)%") }
        let ending = child.wait()
        switch ending {
        case .exited(0): indicator.send("succeed \(o.id) \(quoted("\(label): done"))")
        case .exited(let s): indicator.send("fail \(o.id) \(quoted("\(label) failed with exit status \(s); see its output"))")
        case .signalled(let s): indicator.send("fail \(o.id) \(quoted("\(label) was stopped by signal \(s)"))")
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
                let choices = ["stdout": true, "both": true, "stderr": false]
                guard let output = choices[value] else { throw CLIError("--read takes stdout, stderr or both, not '\(value)'", status: 2) }
                o.readOutput = output
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

    /// Copies the command's output to this process's own until both pipes close, handing
    /// each piece to `progress` and each new percentage to `report`.
    static func forward(_ child: ChildCommand, _ progress: inout CommandProgress, report: (Int) -> Void) {
        var open: [(Descriptor, Int32)] = [(child.errors, 2)]
        if let output = child.output { open.append((output, 1)) }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while !open.isEmpty {
            var fds = open.map { pollfd(fd: $0.0.raw, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 && errno != EINTR { return }
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
                if let p = progress.feed(chunk[0..<n]) { report(p) }
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

    /// Text as a quoted string of the control language.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for c in text.prefix(200) {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c.isNewline ? " " : c)
        }
        return out + "\""
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
