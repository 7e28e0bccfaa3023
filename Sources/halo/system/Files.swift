// SPDX-License-Identifier: Apache-2.0
import HaloEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file-system failure, worded for the person at the terminal.
struct FileError: Error, CustomStringConvertible {
    var description: String
}

/// Whole-file reads and writes over libc: all the command needs, without Foundation.
enum Files {
    /// The largest script `replay` and `lint` read: far past any real one (a line is at most
    /// 4 KiB), and a bound on what a runaway generator piped in can make Halo hold.
    static let maximumScriptBytes = 16 << 20

    /// Reads a whole file, or a pipe (`halo lint <(make-script)` is a pipe), up to `limit` bytes.
    static func read(_ path: String, limit: Int = maximumScriptBytes) throws(FileError) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw FileError(description: "cannot open \(path): \(reason())") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, 65536, f) }
            if n > 0 { out += chunk[0..<n] }
            if out.count > limit {
                throw FileError(
                    description: "\(path) is longer than \(limit >> 20) MiB, more than a script can be; split it into smaller scripts")
            }
            if n < 65536 { break }
        }
        if ferror(f) != 0 { throw FileError(description: "cannot read \(path): \(reason())") }
        return out
    }

    static func readText(_ path: String) throws(FileError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    static func write(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        guard let f = fopen(path, "wb") else { throw FileError(description: "cannot write \(path): \(reason())") }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, f) }
        let closed = fclose(f)
        if n != bytes.count || closed != 0 { throw FileError(description: "cannot write \(path): \(reason())") }
    }

    /// Creates a folder and its parents, like `mkdir -p`.
    static func makeDirectory(_ path: String) throws(FileError) {
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            current += part + "/"
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw FileError(description: "cannot create the folder \(current): \(reason())")
            }
        }
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}

/// Standard error, where every diagnostic goes.
enum Console {
    /// Writes one line to standard error, its control characters escaped: the line may carry
    /// a script's or a client's bytes, which must not drive the terminal or forge log lines.
    static func error(_ line: String) {
        // write(2) on descriptor 2: stdio's `stderr` global is not concurrency-safe in Swift 6.
        let bytes = Array((LogText.escaped(line) + "\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
