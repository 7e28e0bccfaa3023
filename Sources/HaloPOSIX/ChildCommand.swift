// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A command started with `posix_spawnp`, its standard error (and, if asked, its standard
/// output) a pipe this process reads; the rest inherited. Found on the PATH as a shell finds it.
public final class ChildCommand {
    public let pid: pid_t
    /// The reading ends of the pipes, non-blocking; nil for a stream left inherited.
    public let output: Descriptor?
    public let errors: Descriptor
    /// Polls readable once the command has ended (a pidfd); nil on kernels before 5.3, where
    /// `ended()` is asked instead.
    public let endings: Descriptor?
    private var ending: Ending?

    /// How a command ended.
    public enum Ending: Equatable, Sendable {
        case exited(Int32)
        case signalled(Int32)

        /// The status a shell gives for it: the exit status, or 128 and the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let s): return s
            case .signalled(let s): return 128 + s
            }
        }
    }

    public init(_ arguments: [String], pipeOutput: Bool) throws(SystemError) {
        guard let program = arguments.first else { throw SystemError("posix_spawn", errno: EINVAL, message: "no command given") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let errorPipe = try Self.makePipe()
        var outputPipe: (read: Int32, write: Int32)?
        if pipeOutput {
            do { outputPipe = try Self.makePipe() } catch {
                close(errorPipe.read)
                close(errorPipe.write)
                throw error
            }
        }
        posix_spawn_file_actions_adddup2(&actions, errorPipe.write, 2)
        if let outputPipe { posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1) }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let r = posix_spawnp(&child, program, &actions, nil, &argv, environ)
        close(errorPipe.write)
        if let outputPipe { close(outputPipe.write) }
        guard r == 0 else {
            close(errorPipe.read)
            if let outputPipe { close(outputPipe.read) }
            throw SystemError("posix_spawn", errno: r, subject: program)
        }
        pid = child
        errors = Descriptor(owning: errorPipe.read)
        output = outputPipe.map { Descriptor(owning: $0.read) }
        let pidfd = halo_pidfd_open(child)
        endings = pidfd >= 0 ? Descriptor(owning: pidfd) : nil
    }

    /// A pipe whose reading end is non-blocking. Neither end is inherited as it is: the child
    /// gets the writing end as its stream (dup2 clears close-on-exec on the copy), and nothing
    /// it starts keeps the pipe open after it ends.
    static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemError("pipe") }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        return (ends[0], ends[1])
    }

    /// How the command ended, if it has; never blocks.
    public func ended() -> Ending? {
        if ending == nil { ending = reap(blocking: false) }
        return ending
    }

    /// Waits for the command to end.
    public func wait() -> Ending {
        if let ending { return ending }
        let e = reap(blocking: true) ?? .exited(255)
        ending = e
        return e
    }

    private func reap(blocking: Bool) -> Ending? {
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if r == pid { break }
            if r == 0 { return nil }
            // ECHILD: someone set SIGCHLD to be ignored and the kernel reaped it; its status is lost.
            if errno != EINTR { return .exited(255) }
        }
        // The <sys/wait.h> macros do not reach Swift: WIFEXITED is a zero signal number.
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }
}
