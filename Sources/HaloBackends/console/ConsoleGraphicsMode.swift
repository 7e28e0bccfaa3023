// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Puts the foreground virtual terminal in graphics mode (KD_GRAPHICS) while Halo owns the
/// screen, so the text console stops drawing its blinking cursor and messages over the picture,
/// and puts text mode back when released. `halo run` restores it on every way out it controls:
/// a normal stop, SIGTERM, SIGINT and errors; a crash restores it too (`CrashRestore`).
public final class ConsoleGraphicsMode {
    // From <linux/kd.h>; the _IO macros do not reach Swift.
    static let setMode: UInt = 0x4B3A
    static let getMode: UInt = 0x4B3B
    static let graphics: Int32 = 1

    let fd: Int32
    let previous: Int32

    /// Nil when there is no console to switch (no VT in the kernel, a serial-only board, or no
    /// permission); the picture is still drawn, only the cursor may show through.
    public init?(path: String = "/dev/tty0") {
        fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        if fd < 0 { return nil }
        var mode: Int32 = 0
        guard ioctl(fd, ConsoleGraphicsMode.getMode, &mode) == 0,
            ioctl(fd, ConsoleGraphicsMode.setMode, ConsoleGraphicsMode.graphics) == 0
        else {
            close(fd)
            return nil
        }
        previous = mode
        CrashRestore.arm(fd: fd, mode: mode)
    }

    deinit { restore() }

    private var restored = false

    /// Puts the console back as it was (text mode, normally).
    public func restore() {
        if restored { return }
        restored = true
        CrashRestore.disarm()
        _ = ioctl(fd, ConsoleGraphicsMode.setMode, previous)
        close(fd)
    }
}
