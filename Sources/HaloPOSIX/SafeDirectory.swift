// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A directory the daemon creates files in (its socket, snapshots), opened once and checked on
/// its descriptor: it must belong to this user or to root, and if others may write in it, it
/// must be sticky (as /tmp is). Then no other user can swap a file the daemon makes there for
/// a link to somewhere else, and names opened relative to it reach the directory checked.
public enum SafeDirectory {
    /// The directory at `path`, made first (with `mode`) if it is missing, then opened as
    /// `open` does; `fix` is what to do when it can be neither made nor opened.
    public static func create(_ path: String, mode: mode_t, holding what: String, fix: String) throws(SystemError) -> Descriptor {
        if mkdir(path, mode) != 0 && errno != EEXIST {
            let e = errno
            throw SystemError("mkdir", errno: e, message: "cannot create \(path) for \(what): \(SystemError.reason(e)); \(fix)")
        }
        return try open(path, holding: what, fix: fix)
    }

    /// The open directory at `path`; `holding` says what it is for, and `fix` what to do when
    /// it cannot be opened, in error messages.
    public static func open(_ path: String, holding what: String, fix: String) throws(SystemError) -> Descriptor {
        // Its last step is never a link: one planted in a sticky directory such as /tmp would
        // point the daemon at a directory of someone else's choosing.
        let fd = systemOpen(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            // With O_DIRECTORY, Linux says ENOTDIR for a link where ELOOP would be expected.
            var st = stat()
            if e == ELOOP || (e == ENOTDIR && lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK) {
                throw SystemError(
                    "open", errno: e,
                    message:
                        "\(path), the directory for \(what), is a symbolic link, and halo makes files only in a real directory, so that nobody can redirect them; name the directory the link points to, or remove the link"
                )
            }
            throw SystemError(
                "open", errno: e,
                message: "cannot open \(path), the directory for \(what): \(SystemError.reason(e)); \(fix)")
        }
        let d = Descriptor(owning: fd)
        var st = stat()
        if fstat(fd, &st) != 0 { throw SystemError("fstat", subject: path) }
        let me = geteuid()
        if st.st_uid != me && st.st_uid != 0 {
            throw SystemError(
                "open", errno: EPERM,
                message:
                    "\(path), the directory for \(what), belongs to uid \(st.st_uid), not to this user (uid \(me)) or root, so its owner could swap what halo makes there for a link; use a directory of your own"
            )
        }
        if st.st_mode & (S_IWGRP | S_IWOTH) != 0 && st.st_mode & S_ISVTX == 0 {
            throw SystemError(
                "open", errno: EPERM,
                message:
                    "\(path), the directory for \(what), may be written by other users and is not sticky, so they could swap what halo makes there for a link; make it writable by its owner only (chmod go-w \(path)) or sticky like /tmp"
            )
        }
        return d
    }
}
