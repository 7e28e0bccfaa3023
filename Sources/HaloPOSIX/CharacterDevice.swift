// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Opens device nodes named in board files (`/dev/dri/card0`, `/dev/fb0`), checked on the
/// open descriptor: whatever the path says (`/dev/../etc/passwd`, a symlink swapped in), what
/// was opened must be a character device, or it is closed again unused.
public enum CharacterDevice {
    /// The device at `path`, opened. The error keeps the errno of a failed `open` so callers
    /// can name the fix for EACCES or ENOENT.
    public static func open(_ path: String, flags: Int32) throws(SystemError) -> Descriptor {
        let fd = systemOpen(path, flags | O_NOCTTY)
        if fd < 0 { throw SystemError("open", subject: path) }
        var info = stat()
        if fstat(fd, &info) != 0 || info.st_mode & S_IFMT != S_IFCHR {
            let type = info.st_mode & S_IFMT
            close(fd)
            throw SystemError(
                "open", errno: ENODEV,
                message: "\(path) is \(type == S_IFCHR ? "not readable" : RegularFile.describe(type)), not a device node")
        }
        return Descriptor(owning: fd)
    }
}
