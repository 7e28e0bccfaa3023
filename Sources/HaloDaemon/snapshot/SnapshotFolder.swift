// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where `snapshot` writes: a directory the board names (never one a client chooses), with file
/// names the daemon picks. The names cycle through `kept` of them, so repeated snapshots cannot
/// fill the disk; each file is made anew (the old one removed first) and no link is followed,
/// neither to the folder nor to a file in it.
public final class SnapshotFolder {
    public let path: String
    let directory: Descriptor
    var taken = 0
    /// The daemon's process id, in every name: two daemons sharing a folder never write over
    /// each other's pictures.
    let owner = getpid()
    /// Snapshots kept by one daemon: `snapshot-PID-1.png` to `snapshot-PID-16.png`, the oldest
    /// replaced first.
    public static let kept = 16

    /// Opens (making it if missing, mode 0750) and checks the folder at `path`.
    public init(path: String) throws(SystemError) {
        self.path = path
        directory = try SafeDirectory.create(
            path, mode: 0o750, holding: "snapshots", fix: "create it, or set the board's snapshots key to a folder the daemon may write")
    }

    /// Creates the next snapshot file; returns its path and a descriptor open for writing.
    public func create() throws(SystemError) -> (path: String, file: Descriptor) {
        let name = "snapshot-\(owner)-\(taken % SnapshotFolder.kept + 1).png"
        taken += 1
        unlinkat(directory.raw, name, 0)
        let fd = openat(directory.raw, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o640)
        if fd < 0 {
            let e = errno
            throw SystemError(
                "open", errno: e,
                message: "cannot create \(path)/\(name): \(SystemError.reason(e)); check that the daemon may write in \(path)")
        }
        return ("\(path)/\(name)", Descriptor(owning: fd))
    }
}
