// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Going into the background as plymouthd does when a boot script starts it: the command
/// returns once the daemon can be reached, and the daemon goes on in a session of its own.
/// Called while the process has one thread (before any is made), so the fork is safe.
public enum Detach {
    /// Forks: the parent exits with status 0 at once, the child returns and leads a new
    /// session. A fork that fails is an error; the daemon then stays in the foreground.
    public static func now() throws(SystemError) {
        let pid = fork()
        if pid < 0 { throw SystemError("fork") }
        if pid > 0 { _exit(0) }
        _ = setsid()
    }
}
