// SPDX-License-Identifier: Apache-2.0
import Glibc

private nonisolated(unsafe) let spawnLock: UnsafeMutablePointer<pthread_mutex_t> = {
    let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(lock, nil)
    return lock
}()

/// A program the tests start: posix_spawn and waitpid, nothing else.
///
/// Foundation's `Process.waitUntilExit` spins a run loop and relies on Foundation noticing
/// the child's exit there; called from the test runner's worker threads under load it can
/// wait forever for a child that has already exited, and a test run that never ends is
/// worse than any failure. Every wait here has a deadline, after which the child is killed
/// and the caller told so.
public final class ChildProcess {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// The test runner's own stream.
        case inherit
        /// /dev/null.
        case null
        /// A file, opened for reading (standard input) or truncated for writing.
        case file(String)
        /// A pipe whose other end the caller reads or writes (`output`, `input`).
        case pipe
        /// A pipe whose reading end is closed as soon as the child has started: every write
        /// the child makes to it fails with EPIPE (and raises SIGPIPE).
        case brokenPipe
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The result of a program run to its end.
    public struct Result: CustomStringConvertible {
        public var status: Int32
        public var out: String
        public var err: String
        public var description: String { "status \(status), stdout \(out.debugDescription), stderr \(err.debugDescription)" }
    }

    public let pid: pid_t
    /// The read ends of the child's standard output and error, when they are pipes.
    public private(set) var output: Int32 = -1
    public private(set) var errors: Int32 = -1
    /// The write end of the child's standard input, when it is a pipe.
    public private(set) var input: Int32 = -1
    private var exitStatus: Int32?

    /// Starts `arguments[0]` (a path, or a name looked up on the PATH).
    public init(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdin: Stream = .null, stdout: Stream = .null, stderr: Stream = .null
    ) throws {
        // Tests run in parallel: pipes are made and children spawned one at a time, so no child
        // inherits another's pipe in the moment before close-on-exec is set, and holds it open.
        pthread_mutex_lock(spawnLock)
        defer { pthread_mutex_unlock(spawnLock) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var parentEnds: [Int32?] = [nil, nil, nil]
        var childEnds: [Int32] = []
        for (fd, stream) in [stdin, stdout, stderr].enumerated() {
            let target = Int32(fd)
            switch stream {
            case .inherit:
                break
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
            case .file(let path):
                posix_spawn_file_actions_addopen(&actions, target, path, fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
                // Close-on-exec, so later children do not hold this pipe open.
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                let (childEnd, parentEnd) = fd == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
                posix_spawn_file_actions_adddup2(&actions, childEnd, target)
                childEnds.append(childEnd)
                parentEnds[fd] = parentEnd
            case .brokenPipe:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else { throw Failure(description: "pipe: errno \(errno)") }
                for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
                // Both ends close in the parent once the child has its copy of the writing end.
                childEnds += ends
            }
        }
        // posix_spawn_file_actions_addchdir_np is a GNU extension Swift's Glibc does not show.
        let command = directory.map { ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, $0] + arguments } ?? arguments
        var env = environment.map { $0.map { "\($0.key)=\($0.value)" } }
        if env == nil {
            var list: [String] = []
            var p = environ
            while let entry = p.pointee {
                list.append(String(cString: entry))
                p += 1
            }
            env = list
        }
        let argv = command.map { strdup($0) } + [nil]
        let envp = env!.map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        // The child starts as a service manager would start it: no signal blocked and none
        // ignored. A test runner's worker threads (libdispatch's) block nearly every signal,
        // and a spawned program inherits its caller's mask: SIGTERM would then never end it.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t(), standardSignals = sigset_t()
        sigemptyset(&noSignals)
        sigemptyset(&standardSignals)
        for signal in 1..<32 where signal != SIGKILL && signal != SIGSTOP { sigaddset(&standardSignals, Int32(signal)) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &standardSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        let r = posix_spawnp(&child, command[0], &actions, &attributes, argv, envp)
        for fd in childEnds { close(fd) }
        guard r == 0 else {
            for case let fd? in parentEnds { close(fd) }
            throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(r)))")
        }
        pid = child
        input = parentEnds[0] ?? -1
        output = parentEnds[1] ?? -1
        errors = parentEnds[2] ?? -1
    }

    deinit {
        if exitStatus == nil {
            kill(pid, SIGKILL)
            _ = reap(blocking: true)
        }
        for fd in [input, output, errors] where fd >= 0 { close(fd) }
    }

    /// Runs a program to its end, collecting its output; killed after `timeout` seconds.
    public static func run(
        _ arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
        stdin: Stream = .null, timeout: Double = 120
    ) throws -> Result {
        let child = try ChildProcess(arguments, environment: environment, directory: directory, stdin: stdin, stdout: .pipe, stderr: .pipe)
        let (out, err) = try child.readToEnd(timeout: timeout)
        let status = try child.wait(timeout: timeout)
        return Result(status: status, out: out, err: err)
    }

    public var isRunning: Bool { exitStatus == nil && reap(blocking: false) == nil }

    /// Sends a signal (SIGTERM unless said).
    public func signal(_ number: Int32 = SIGTERM) {
        if exitStatus == nil { kill(pid, number) }
    }

    /// Closes the child's standard input pipe, so that it reads end of file.
    public func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    /// Waits for the child to exit and returns its exit status (128 + the signal when a signal
    /// ended it). Past the deadline the child is killed and the wait throws.
    @discardableResult
    public func wait(timeout: Double = 60) throws -> Int32 {
        let deadline = Self.now() + timeout
        while true {
            if let status = exitStatus ?? reap(blocking: false) { return status }
            if Self.now() > deadline {
                kill(pid, SIGKILL)
                _ = reap(blocking: true)
                throw Failure(description: "process \(pid) did not exit within \(timeout) s and was killed")
            }
            usleep(10_000)
        }
    }

    /// Stops the child: SIGTERM, then SIGKILL if it has not exited within `grace` seconds.
    @discardableResult
    public func stop(grace: Double = 10) -> Int32 {
        signal(SIGTERM)
        if let status = try? wait(timeout: grace) { return status }
        return exitStatus ?? 128 + SIGKILL
    }

    /// Everything `readOutput(until:)` has read of standard output so far.
    public private(set) var outputSeen = ""

    /// Reads standard output until what it has said holds `text`, it closes, or `timeout`
    /// seconds pass; true when `text` came. For a state the child announces ("ready").
    public func readOutput(until text: String, timeout: Double = 30) -> Bool {
        let deadline = Self.now() + timeout
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !outputSeen.contains(text) {
            let left = deadline - Self.now()
            guard output >= 0, left > 0 else { return false }
            var p = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, Int32(min(left, 1) * 1000)) <= 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n == 0 || (n < 0 && errno != EINTR) { return outputSeen.contains(text) }
            if n > 0 { outputSeen += String(decoding: chunk[0..<n], as: UTF8.self) }
        }
        return true
    }

    /// Reads standard output and error (the pipes among them) until both close.
    public func readToEnd(timeout: Double = 60) throws -> (String, String) {
        let deadline = Self.now() + timeout
        var collected: [Int32: [UInt8]] = [:]
        var open = [output, errors].filter { $0 >= 0 }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = deadline - Self.now()
            if left <= 0 {
                kill(pid, SIGKILL)
                throw Failure(description: "process \(pid) kept its output open for \(timeout) s and was killed")
            }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if poll(&fds, nfds_t(fds.count), Int32(min(left, 1) * 1000)) <= 0 { continue }
            for p in fds where p.revents != 0 {
                let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    collected[p.fd, default: []] += chunk[0..<n]
                } else if n == 0 || errno != EINTR {
                    open.removeAll { $0 == p.fd }
                }
            }
        }
        return (String(decoding: collected[output] ?? [], as: UTF8.self), String(decoding: collected[errors] ?? [], as: UTF8.self))
    }

    private func reap(blocking: Bool) -> Int32? {
        var status: Int32 = 0
        let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        guard r == pid else { return nil }
        // The wait-status macros do not come through to Swift: low 7 bits are the signal.
        let signal = status & 0x7f
        let code = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        exitStatus = code
        return code
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
