// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloEngine
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo ctl`: sends control lines to a running daemon and prints each reply. The exit status
/// is 1 when any reply is an error.
enum CtlCommand {
    static let usage =
        "halo ctl [--socket PATH] [--trust-uid UID] COMMAND... | halo ctl [--socket PATH] [--trust-uid UID] - | halo ctl [--socket PATH] watch"

    static func run(_ words: [String]) throws(CLIError) {
        // Options come first; everything after them is the command, passed on as written.
        var rest = words[...]
        var path = RunCommand.defaultSocket
        var trusted: UInt32?
        while let w = rest.first, w.hasPrefix("--socket") || w.hasPrefix("--trust-uid") {
            rest = rest.dropFirst()
            let option = String(w.prefix { $0 != "=" })
            let value: String
            if let eq = w.firstIndex(of: "=") {
                value = String(w[w.index(after: eq)...])
            } else {
                guard let v = rest.first else { throw CLIError("\(option) needs a value; usage: \(usage)", status: 2) }
                value = v
                rest = rest.dropFirst()
            }
            if option == "--socket" {
                path = value
            } else {
                guard let uid = UInt32(value), value.allSatisfy(\.isASCII) else {
                    throw CLIError(
                        "--trust-uid takes a user id in digits (id -u NAME prints it), not '\(value)'; usage: \(usage)", status: 2)
                }
                trusted = uid
            }
        }
        // No command of the control language starts with "--": a mistyped option (--sock) is
        // an error, not a command sent to the daemon.
        if let w = rest.first, w.hasPrefix("--") {
            throw CLIError(
                "unknown option \(w); halo ctl takes --socket PATH and --trust-uid UID before the command; usage: \(usage)", status: 2)
        }
        guard !rest.isEmpty else {
            throw CLIError("give a command to send, or - to read commands from standard input; usage: \(usage)", status: 2)
        }
        let connection: Descriptor
        do { connection = try ControlClient.connect(path, trustedUID: trusted) } catch { throw CLIError(error.description) }
        var reader = ReplyReader(connection)
        var failed = false
        if rest.count == 1 && rest.first == "watch" {
            try watch(connection, &reader)
            return
        }
        if rest.count == 1 && rest.first == "-" {
            while let line = readLine(strippingNewline: true) {
                if line.isEmpty || line.hasPrefix("#") { continue }
                failed = try exchange(line, connection, &reader) || failed
            }
        } else {
            failed = try exchange(oneShot(commandLine(Array(rest))), connection, &reader)
        }
        if failed { throw CLIError("the daemon refused a command (see the reply above)", status: 1) }
    }

    /// `halo ctl watch`: subscribes and prints each event as it comes, one a line, until the
    /// daemon closes the connection or the watcher is interrupted. Each line is written at
    /// once, so a pipe sees it when it happens.
    static func watch(_ connection: Descriptor, _ reader: inout ReplyReader) throws(CLIError) {
        let request = Array("subscribe\n".utf8)
        do { _ = try request.withUnsafeBytes { raw throws(SystemError) in try connection.write(raw) } } catch {
            throw CLIError("lost the daemon while subscribing: \(error)")
        }
        guard let reply = reader.line() else { throw CLIError("the daemon closed the connection without a reply") }
        guard reply == "ok" else { throw CLIError("the daemon refused to send events: \(LogText.escaped(reply))") }
        while let event = reader.line() {
            let bytes = Array((LogText.escaped(event) + "\n").utf8)
            _ = bytes.withUnsafeBytes { systemWrite(1, $0.baseAddress, $0.count) }
        }
        throw CLIError("the daemon closed the connection")
    }

    /// `halo ctl show …` closes its connection as soon as the reply comes, and an activity
    /// ends with the connection that showed it: a one-shot `show` is sent `detached=yes`, unless
    /// it says `detached=` or `lease=` itself. Lines from standard input (`-`) are sent as they
    /// are, so a pipeline that dies takes its indicators with it.
    static func oneShot(_ line: String) -> String {
        guard case .success(.show(_, _, let o)) = CommandParser.parse(line), o.detached == nil, o.lease == nil else { return line }
        return line + " detached=yes"
    }

    /// The words of a command as one line. The shell has removed the quotes, so a word with a
    /// space gets them back: `label=Two words` is sent as `label="Two words"`. A single word is
    /// the whole command quoted in the shell, and a word with its own double quotes was
    /// written in the control language: both are sent as they are.
    static func commandLine(_ words: [String]) -> String {
        if words.count == 1 { return words[0] }
        return words.map { w in
            guard (w.contains(" ") || w.isEmpty) && !w.contains("\"") else { return w }
            if let eq = w.firstIndex(of: "="), !w[..<eq].contains(" ") {
                return String(w[...eq]) + "\"" + w[w.index(after: eq)...] + "\""
            }
            return "\"" + w + "\""
        }.joined(separator: " ")
    }

    /// Sends one line and prints its reply; true when the reply is an error.
    static func exchange(_ line: String, _ connection: Descriptor, _ reader: inout ReplyReader) throws(CLIError) -> Bool {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let n: Int
            do { n = try bytes[sent...].withUnsafeBytes { raw throws(SystemError) in try connection.write(raw) } } catch {
                // A daemon that turns a connection away says why before it closes it.
                if let reason = reader.line() { throw CLIError("the daemon closed the connection: \(LogText.escaped(reason))") }
                throw CLIError("lost the daemon while sending: \(error)")
            }
            if n == 0 { throw CLIError("the daemon stopped reading") }
            sent += n
        }
        guard let reply = reader.line() else { throw CLIError("the daemon closed the connection without a reply") }
        print(LogText.escaped(reply))
        return reply.hasPrefix("error")
    }
}

/// Reads reply lines from a blocking socket, cut by the daemon's own `LineFramer`.
struct ReplyReader {
    let connection: Descriptor
    var framer = LineFramer(limit: 64 * 1024)
    var pending: [String] = []

    init(_ connection: Descriptor) { self.connection = connection }

    mutating func line() -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while pending.isEmpty {
            let result = try? chunk.withUnsafeMutableBytes { raw throws(SystemError) in try connection.read(into: raw) }
            guard case .bytes(let n)? = result else { return nil }
            for piece in chunk.withUnsafeBytes({ framer.feed(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }) {
                switch piece {
                case .line(let l): pending.append(l)
                case .overlong(let bytes):
                    pending.append("error too-long: the daemon replied with \(bytes) bytes on one line, more than halo ctl reads (64 KiB)")
                }
            }
        }
        return pending.removeFirst()
    }
}
