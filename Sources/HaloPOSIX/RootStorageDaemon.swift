// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// systemd's rule for programs started in the initramfs that must live through the switch to
/// the real root (its "root storage daemons" document): a process whose command line begins
/// with `@` is spared when systemd kills what the initramfs left. plymouthd marks itself so
/// when it starts in boot mode and `/etc/initrd-release` exists, that is, inside the
/// initramfs; the boot splash does the same.
public enum RootStorageDaemon {
    /// Whether this process runs inside the initramfs (`/etc/initrd-release`, which is a link
    /// in a dracut initramfs: `access`, not a regular-file check).
    public static var inInitramfs: Bool { access("/etc/initrd-release", F_OK) == 0 }

    /// Makes the first byte of the process's command line `@` (what /proc/PID/cmdline shows
    /// and systemd reads). Returns false when there is no command line to mark.
    @discardableResult
    public static func mark() -> Bool {
        guard CommandLine.argc > 0, let first = CommandLine.unsafeArgv[0], first[0] != 0 else { return false }
        first[0] = CChar(UInt8(ascii: "@"))
        return true
    }
}
