import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Puts the console back in its text mode when Halo dies of a fault: a bad access (SIGSEGV,
/// SIGBUS), a Swift runtime trap (SIGILL on x86-64, SIGTRAP on arm64), an abort or an
/// arithmetic fault. Without it the virtual terminal stays in graphics mode after the crash,
/// and the screen shows Halo's last frame, or nothing, until the next reboot.
///
/// The handler switches the mode back, then hands the signal to whatever handled it before
/// (the default action, or the Swift runtime's backtracer), so the process still dies of it.
enum CrashConsoleRestore {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Restores `mode` on the console open at `fd` if the process crashes from now on.
    static func arm(fd: Int32, mode: Int32) {
        // Written before any handler can run: the handler only reads them.
        crashConsole = CrashConsole(fd: fd, mode: mode)
        if handlersInstalled { return }
        handlersInstalled = true
        giveThreadASignalStack()
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashHandler
            action.sa_flags = SA_ONSTACK
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, previousActions + Int(signal))
        }
    }

    /// The console was put back by its owner: a later crash has nothing to restore.
    static func disarm() {
        crashConsole = CrashConsole(fd: -1, mode: 0)
    }

    /// A fault from running out of stack can only be handled on a stack of its own. One is
    /// set up unless the thread already has one (the Swift runtime's backtracer may).
    static func giveThreadASignalStack() {
        var current = stack_t()
        guard sigaltstack(nil, &current) == 0, current.ss_flags & Int32(SS_DISABLE) != 0 else { return }
        let size = 64 * 1024
        var stack = stack_t()
        stack.ss_sp = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
        stack.ss_size = size
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
    }
}

struct CrashConsole {
    var fd: Int32, mode: Int32
}

// Plain stored globals, set up before the handlers exist; the handler reads nothing else.
nonisolated(unsafe) private var crashConsole = CrashConsole(fd: -1, mode: 0)
nonisolated(unsafe) private var handlersInstalled = false
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    p.initialize(repeating: sigaction(), count: 65)
    return p
}()

/// Async-signal-safe: two system calls and a raise.
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
    let console = crashConsole
    if console.fd >= 0 { _ = ioctl(console.fd, ConsoleGraphicsMode.setMode, console.mode) }
    // The earlier handler takes the signal once this one returns: a raised one is pending
    // until then, and a fault happens again when its instruction is retried.
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
}
