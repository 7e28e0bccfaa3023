// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An inotify instance: folders watched for names that come and go, read without blocking
/// from the daemon's loop. Works on devtmpfs, where the kernel itself makes and removes the
/// device nodes of drivers as they bind and unbind.
public final class Inotify {
    public let descriptor: Descriptor
    /// Bytes read at most per `read`: room for 64 records with names up to NAME_MAX. What is
    /// left stays queued in the kernel (which bounds its own queue) for the next read.
    public static let readSize = 64 * (InotifyRecords.headerSize + 256)
    var buffer = [UInt8](repeating: 0, count: readSize)

    public init() throws(SystemError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError("inotify_init1") }
        descriptor = Descriptor(owning: fd)
    }

    /// Watches `path` for `mask` (such as `IN_CREATE | IN_DELETE`); returns the watch's number,
    /// which the records it causes carry.
    public func watch(_ path: String, mask: UInt32) throws(SystemError) -> Int32 {
        let wd = inotify_add_watch(descriptor.raw, path, mask)
        guard wd >= 0 else { throw SystemError("inotify_add_watch", subject: path) }
        return wd
    }

    /// The records waiting now; empty when there are none.
    public func read() -> [InotifyRecord] {
        buffer.withUnsafeMutableBytes { raw -> [InotifyRecord] in
            guard case .bytes(let n)? = try? descriptor.read(into: raw) else { return [] }
            return InotifyRecords.parse(UnsafeRawBufferPointer(rebasing: raw[0..<n]))
        }
    }
}
