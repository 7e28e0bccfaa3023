// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole files read and written at once, and folders made with their parents: what the
/// command's demo, replay and lint need, over the C library, without Foundation.
public enum WholeFile {
    /// Reads `path` to its end: a file, or a pipe (`halo lint <(make-script)` is one), but at
    /// most `limit` bytes; past that the error says the file is too long.
    public static func read(_ path: String, limit: Int) throws(SystemError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw SystemError("open", subject: path) }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, f) }
            if n > 0 { out += chunk[0..<n] }
            if out.count > limit {
                throw SystemError("read", errno: EFBIG, subject: path, message: "\(path) is longer than \(limit >> 20) MiB")
            }
            if n < 65536 { break }
        }
        if ferror(f) != 0 { throw SystemError("read", subject: path) }
        return out
    }

    /// Writes `bytes` as the whole of `path`, made or replaced.
    public static func write(_ path: String, _ bytes: [UInt8]) throws(SystemError) {
        guard let f = fopen(path, "wb") else { throw SystemError("open", subject: path) }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, f) }
        let closed = fclose(f)
        if n != bytes.count || closed != 0 { throw SystemError("write", subject: path) }
    }

    /// Makes the folder `path` and its parents, like `mkdir -p`.
    public static func makeDirectories(_ path: String, mode: mode_t = 0o755) throws(SystemError) {
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            current += part + "/"
            if mkdir(current, mode) != 0 && errno != EEXIST { throw SystemError("mkdir", subject: current) }
        }
    }
}
