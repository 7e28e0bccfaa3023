// SPDX-License-Identifier: Apache-2.0
import CLinux

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

    /// Whether the root file system is held in memory (ramfs or tmpfs), as an initramfs is.
    /// initramfs-tools' images have no `/etc/initrd-release`; this tells them apart from a root
    /// on a disk. Not used for the `@` mark, whose rule stays plymouthd's.
    public static var rootIsInMemory: Bool {
        var info = statfs()
        guard statfs("/", &info) == 0 else { return false }
        // RAMFS_MAGIC and TMPFS_MAGIC, from <linux/magic.h>.
        return [0x8584_58f6, 0x0102_1994].contains(Int64(info.f_type))
    }

    /// Moves this process into the real root mounted at `directory`, as plymouthd does when told
    /// of it (`newroot`): after the switch the initramfs is emptied, and a process that stayed
    /// would find nothing at its old paths. Only from inside an initramfs (`/etc/initrd-release`,
    /// or a root held in memory), into an absolute path that holds an `etc` folder (a root file
    /// system, not any directory).
    public static func enter(newRoot directory: String) throws(SystemError) {
        guard inInitramfs || rootIsInMemory else {
            throw SystemError("chroot", errno: EPERM, message: "the splash is not in an initramfs, so it stays where it is")
        }
        guard directory.hasPrefix("/"), directory.utf8.count < 4096, access(directory + "/etc", F_OK) == 0 else {
            throw SystemError("chroot", errno: EINVAL, message: "\(directory) is not a mounted root file system (no etc in it)")
        }
        guard chdir(directory) == 0 else { throw SystemError("chdir", subject: directory) }
        guard chroot(".") == 0 else { throw SystemError("chroot", subject: directory) }
        _ = chdir("/")
    }
}
