// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Puts things back when Halo dies of a fault: a bad access (SIGSEGV, SIGBUS), a Swift runtime
/// trap (SIGILL on x86-64, SIGTRAP on arm64), an abort or an arithmetic fault. The console goes
/// back to its text mode (without it the virtual terminal stays in graphics mode, showing
/// Halo's last frame or nothing until the next reboot), and an LED ring goes dark where its
/// device allows, through system calls its driver prepared in advance.
///
/// The handler switches the mode back, then hands the signal to whatever handled it before
/// (the default action, or the Swift runtime's backtracer), so the process still dies of it.
enum CrashRestore {
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

    /// Restores `mode` on the console open at `fd` if the process crashes from now on.
    static func arm(fd: Int32, mode: Int32) {
        // Written before any handler can run: the handler only reads them.
        crashConsole = CrashConsole(fd: fd, mode: mode)
        installHandlers()
    }

    /// Runs `pwrite(fd, bytes, 0)` if the process crashes from now on: an LED going dark. The
    /// bytes are copied into memory kept for the process; `fd` must stay open.
    public static func onCrash(write bytes: [UInt8], to fd: Int32) {
        let copy = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        add(CrashAction(fd: fd, request: 0, pointer: copy, count: bytes.count))
    }

    /// Runs `ioctl(fd, request, argument)` if the process crashes from now on: an SPI message
    /// that turns a ring off. `argument` (and anything it points to) must live for the process.
    public static func onCrash(ioctl request: UInt, argument: UnsafeMutableRawPointer, on fd: Int32) {
        add(CrashAction(fd: fd, request: request, pointer: argument, count: -1))
    }

    static func add(_ action: CrashAction) {
        guard crashActionCount < crashActionCapacity else { return }
        // The slot is filled before the count admits it, so the handler never reads it half made.
        (crashActions + crashActionCount).initialize(to: action)
        crashActionCount += 1
        installHandlers()
    }

    static func installHandlers() {
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

/// One system call prepared for a crash: a write of `count` bytes at `pointer`, or (count -1)
/// an ioctl with `pointer` as its argument.
struct CrashAction {
    var fd: Int32
    var request: UInt
    var pointer: UnsafeMutableRawPointer
    var count: Int
}

/// At most this many actions: a ring of LED-class LEDs registers one for each LED.
let crashActionCapacity = 1100
nonisolated(unsafe) private let crashActions = UnsafeMutablePointer<CrashAction>.allocate(capacity: crashActionCapacity)
nonisolated(unsafe) private var crashActionCount = 0

// Plain stored globals, set up before the handlers exist; the handler reads nothing else.
nonisolated(unsafe) private var crashConsole = CrashConsole(fd: -1, mode: 0)
nonisolated(unsafe) private var handlersInstalled = false
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let p = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
    p.initialize(repeating: sigaction(), count: 65)
    return p
}()

/// Async-signal-safe: system calls prepared in advance, and a raise.
private let crashHandler: @convention(c) (Int32) -> Void = { signal in
    let console = crashConsole
    if console.fd >= 0 { _ = ioctl(console.fd, ConsoleGraphicsMode.setMode, console.mode) }
    for i in 0..<crashActionCount {
        let a = crashActions[i]
        if a.count >= 0 {
            _ = pwrite(a.fd, a.pointer, a.count, 0)
        } else {
            _ = ioctl(a.fd, a.request, a.pointer)
        }
    }
    // The earlier handler takes the signal once this one returns: a raised one is pending
    // until then, and a fault happens again when its instruction is retried.
    sigaction(signal, previousActions + Int(signal), nil)
    raise(signal)
}
