// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole-file reads of the files a person names (board profiles, fonts), refusing anything that
/// is not a regular file. The file is opened without blocking and checked on its descriptor:
/// a FIFO named as a board would otherwise hold `halo run` until some writer came, a device
/// could be read for ever, and a check by path before opening could be raced.
public enum RegularFile {
    /// The decimal number `bytes` start with, as a sysfs attribute holds one (`4096\n`); nil
    /// when they do not start with a digit, or with more digits than a sane value has (9).
    public static func leadingDecimal(_ bytes: [UInt8]) -> Int? {
        let digits = bytes.prefix { $0 >= 48 && $0 <= 57 }
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    /// The bytes of the file at `path`, at most `limit` of them. The error's sentence names the
    /// path and what it is instead (a directory, a FIFO, a device, too big, unreadable); callers
    /// add the fix that suits them.
    public static func read(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        let (file, size) = try openChecked(path, limit: limit)
        var bytes = [UInt8](repeating: 0, count: size)
        var filled = 0
        // The size can change under us; read what is there now, never past the limit.
        while true {
            if filled == bytes.count {
                if bytes.count >= limit { break }
                bytes.append(contentsOf: [UInt8](repeating: 0, count: min(4096, limit - bytes.count)))
            }
            let n = bytes.withUnsafeMutableBytes { systemRead(file.raw, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                let e = errno
                throw SystemError("read", errno: e, message: "cannot read \(path): \(SystemError.reason(e))")
            }
            if n == 0 { break }
            filled += n
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Opens `path` without blocking and checks on the descriptor that it is a regular file of
    /// at most `limit` bytes: the descriptor and the size it has now.
    static func openChecked(_ path: String, limit: Int) throws(SystemError) -> (Descriptor, Int) {
        if path.isEmpty { throw SystemError("open", errno: ENOENT, message: "the file name is empty") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        if fd < 0 {
            let e = errno
            throw SystemError("open", errno: e, message: "cannot open \(path): \(SystemError.reason(e))")
        }
        let file = Descriptor(owning: fd)
        var info = stat()
        if fstat(file.raw, &info) != 0 { throw SystemError("fstat", subject: path) }
        let type = info.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw SystemError("open", errno: EINVAL, message: "\(path) is \(describe(type)), not a regular file")
        }
        if info.st_size > limit {
            throw SystemError(
                "read", errno: EFBIG, message: "\(path) is \(info.st_size) bytes, more than the \(limit) bytes such a file can be")
        }
        return (file, Int(info.st_size))
    }

    /// What a file type is, in words: "a directory", "a FIFO".
    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFREG: return "a regular file"
        case S_IFLNK: return "a symbolic link"
        default: return "of an unknown type"
        }
    }
}
