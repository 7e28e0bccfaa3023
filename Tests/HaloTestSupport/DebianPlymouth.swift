// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Debian's own `plymouth` command, taken from its packages at test time (`apt-get download
/// plymouth libplymouth5`, `dpkg-deb -x`; nothing of it is kept in the repository), unpacked
/// once into `.build/plymouth-cli/root` under the package's root.
public enum DebianPlymouth {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The unpacked root, fetched on first use; the binary is `usr/bin/plymouth` in it and its
    /// library in `usr/lib/x86_64-linux-gnu`.
    public static func unpacked(packageRoot: URL) throws -> URL {
        // Suites run in parallel: one fetch at a time, the later callers find it done.
        lock.lock()
        defer { lock.unlock() }
        let root = packageRoot.appendingPathComponent(".build/plymouth-cli")
        let unpacked = root.appendingPathComponent("root")
        let binary = unpacked.appendingPathComponent("usr/bin/plymouth")
        if FileManager.default.isExecutableFile(atPath: binary.path) { return unpacked }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let download = try ChildProcess.run(["apt-get", "download", "-q", "plymouth", "libplymouth5"], directory: root.path, timeout: 120)
        guard download.status == 0 else { throw Failure(description: "apt-get download plymouth libplymouth5: \(download.err)") }
        for deb in try FileManager.default.contentsOfDirectory(atPath: root.path) where deb.hasSuffix(".deb") {
            let x = try ChildProcess.run(["dpkg-deb", "-x", root.appendingPathComponent(deb).path, unpacked.path], timeout: 60)
            guard x.status == 0 else { throw Failure(description: "dpkg-deb -x \(deb): \(x.err)") }
        }
        return unpacked
    }

    private static let lock = NSLock()

    /// Where the package keeps its systemd units: `lib/systemd/system` in bookworm's,
    /// `usr/lib/systemd/system` in trixie's (merged /usr).
    public static func unitDirectory(in unpacked: URL) -> URL {
        let old = unpacked.appendingPathComponent("lib/systemd/system")
        return FileManager.default.fileExists(atPath: old.path) ? old : unpacked.appendingPathComponent("usr/lib/systemd/system")
    }

    /// Where the unpacked `libply` is, for LD_LIBRARY_PATH.
    public static let libraryDirectory = "usr/lib/x86_64-linux-gnu"
}
