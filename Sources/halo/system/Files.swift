// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A file-system failure, worded for the person at the terminal.
struct FileError: Error, CustomStringConvertible {
    var description: String
}

/// The command's files, through HaloPOSIX's `WholeFile`, with errors worded for the person at
/// the terminal.
enum Files {
    /// The largest script `replay` and `lint` read: far past any real one (a line is at most
    /// 4 KiB), and a bound on what a runaway generator piped in can make Halo hold.
    static let maximumScriptBytes = 16 << 20

    /// Reads a whole file, or a pipe (`halo lint <(make-script)` is a pipe), up to `limit` bytes.
    static func read(_ path: String, limit: Int = maximumScriptBytes) throws(FileError) -> [UInt8] {
        do { return try WholeFile.read(path, limit: limit) } catch {
            if error.errno == EFBIG {
                throw FileError(
                    description: "\(path) is longer than \(limit >> 20) MiB, more than a script can be; split it into smaller scripts")
            }
            let verb = error.call == "open" ? "open" : "read"
            throw FileError(description: "cannot \(verb) \(path): \(SystemError.reason(error.errno))")
        }
    }

    static func readText(_ path: String) throws(FileError) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    static func write(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        do { try WholeFile.write(path, bytes) } catch {
            throw FileError(description: "cannot write \(path): \(SystemError.reason(error.errno))")
        }
    }

    /// Creates a folder and its parents, like `mkdir -p`.
    static func makeDirectory(_ path: String) throws(FileError) {
        do { try WholeFile.makeDirectories(path) } catch {
            throw FileError(description: "cannot create the folder \(error.subject): \(SystemError.reason(error.errno))")
        }
    }
}

/// Standard error, where every diagnostic goes.
enum Console {
    /// Writes one line to standard error, its control characters escaped: the line may carry
    /// a script's or a client's bytes, which must not drive the terminal or forge log lines.
    static func error(_ line: String) {
        // write(2) on descriptor 2: stdio's `stderr` global is not concurrency-safe in Swift 6.
        let bytes = Array((LogText.escaped(line) + "\n").utf8)
        _ = bytes.withUnsafeBytes { systemWrite(2, $0.baseAddress, $0.count) }
    }

    /// Writes `bytes` to standard output as they are (an answer a script reads), all of them.
    static func write(_ bytes: [UInt8]) {
        var at = 0
        while at < bytes.count {
            let n = bytes.withUnsafeBytes { systemWrite(1, $0.baseAddress! + at, $0.count - at) }
            if n <= 0 && errno != EINTR { return }
            if n > 0 { at += n }
        }
    }
}
