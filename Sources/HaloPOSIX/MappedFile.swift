// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A regular file mapped read-only into memory, for a font that a C library reads from for as
/// long as it lives. Only the pages read are ever touched, straight from the page cache: a
/// splash's font was 740 KB copied into fresh memory (some 190 page faults) before its first
/// frame, of which FreeType reads a small part. The checks are `RegularFile.read`'s (opened
/// without blocking, a regular file, at most `limit` bytes).
///
/// The file must not shrink while mapped (reading a page past its new end would stop the
/// process); packages replace files by renaming a new one over them, which leaves the mapped
/// one whole.
public final class MappedFile {
    public let bytes: UnsafeRawBufferPointer

    public init(_ path: String, limit: Int) throws(SystemError) {
        let (file, size) = try RegularFile.openChecked(path, limit: limit)
        guard size > 0 else { throw SystemError("mmap", errno: EINVAL, message: "\(path) is empty") }
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, file.raw, 0)
        guard let address, address != MAP_FAILED else {
            let e = errno
            throw SystemError("mmap", errno: e, message: "cannot map \(path): \(SystemError.reason(e))")
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// Unmaps the pages read so far; reading them again maps them again from the page cache.
    /// The mapping is private and never written, so nothing is lost (see `LoadedCode`).
    public func releasePages() {
        _ = madvise(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count, MADV_DONTNEED)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
