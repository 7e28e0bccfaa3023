// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloPOSIX
import Testing

/// Unmapping pages a daemon is done with (`LoadedCode`, `MappedFile.releasePages`), on the
/// host kernel: read back from `/proc/self/smaps`.
@Suite("Pages unmapped after start-up (host kernel)")
struct LoadedPagesTests {
    /// Resident KiB of the mappings whose line in smaps matches `matches`.
    static func resident(_ matches: (String) -> Bool) -> Int {
        var total = 0, counting = false
        for line in Self.smaps().split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains("-") {
                counting = matches(String(line))
            } else if counting, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
        return total
    }

    /// All of `/proc/self/smaps`, read to its end: its size says 0, and a read sized by it
    /// stops short.
    static func smaps() -> String {
        let fd = open("/proc/self/smaps", O_RDONLY)
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a mapped file's pages read so far are unmapped, and read again as they were")
    func mappedFile() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("halo-pages-\(getpid())").path
        defer { unlink(path) }
        let content = (0..<(256 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(content).write(to: URL(fileURLWithPath: path))
        let file = try MappedFile(path, limit: 1 << 20)
        var sum = 0
        for i in stride(from: 1, to: file.bytes.count, by: 4096) { sum &+= Int(file.bytes[i]) }
        let mapping = { (line: String) in line.hasSuffix(path) }
        let read = Self.resident(mapping)
        #expect(read == 256, "\(read) KiB of 256 resident")
        file.releasePages()
        #expect(Self.resident(mapping) == 0)
        #expect(Array(file.bytes) == content)
        #expect(sum > 0)
    }

    @Test("the code and read-only data of the program and its libraries are unmapped, and it runs on")
    func code() {
        let executable = { (line: String) in line.split(separator: " ").dropFirst().first == "r-xp" && line.contains("/") }
        let readOnly = { (line: String) in line.split(separator: " ").dropFirst().first == "r--p" && line.contains("/") }
        let before = Self.resident(executable), beforeData = Self.resident(readOnly)
        let released = LoadedCode.releasePages()
        let after = Self.resident(executable), afterData = Self.resident(readOnly)
        // Other tests' threads run on and map back what they run: far from all of it. Of the
        // read-only mappings, the relocated ones (RELRO) stay.
        #expect(released > 0)
        #expect(after < before, "\(before) KiB of code resident before, \(after) KiB after")
        #expect(afterData < beforeData, "\(beforeData) KiB of read-only data resident before, \(afterData) KiB after")
        #expect(String(describing: [3, 1, 2].sorted()) == "[1, 2, 3]")
    }
}
