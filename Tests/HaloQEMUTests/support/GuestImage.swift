// SPDX-License-Identifier: Apache-2.0
import Foundation

/// The guest's initramfs: busybox for the shell, the `halo` under test with the shared
/// libraries `ldd` lists (at the same paths), the default font, the repo's boards, the DRM
/// drivers for bochs, cirrus and virtio-gpu with their dependencies, and `/init` from
/// `guest/init`. Each run appends a second archive that holds only its `/scenario`.
struct GuestImage: Sendable {
    var base: URL

    /// Module load order: dependencies first (from each module's `depends=`).
    static let modules = [
        "drm", "drm_kms_helper", "ttm", "drm_ttm_helper", "drm_vram_helper", "drm_shmem_helper", "bochs", "cirrus",
        "virtio_ring", "virtio", "virtio_pci_legacy_dev", "virtio_pci_modern_dev", "virtio_pci", "virtio_dma_buf", "virtio-gpu",
    ]
    static let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    static let busybox = "/bin/busybox"
    static let applets = [
        "sh", "mount", "insmod", "poweroff", "sleep", "echo", "cat", "stty", "head", "tr", "yes", "kill", "ls", "sync", "grep", "wc", "su",
        "chgrp", "chmod", "chown", "mkdir", "id", "hexdump",
    ]

    static func build(halo: URL, kernel: GuestKernel, packageRoot: URL, into file: URL) throws -> GuestImage {
        var a = Newc()
        for d in ["bin", "dev", "proc", "sys", "run", "tmp", "etc", "etc/halo", "lib", "lib/modules", "usr", "usr/bin"] { a.directory(d) }
        a.file("bin/busybox", try bytes(busybox), executable: true)
        for applet in applets { a.symlink("bin/\(applet)", to: "busybox") }
        a.file("usr/bin/halo", try bytes(halo.path), executable: true)
        var made: Set<String> = []
        for library in try libraries(of: halo) {
            parents(of: library, into: &a, made: &made)
            a.file(String(library.dropFirst()), try bytes(library), executable: true)
        }
        parents(of: font, into: &a, made: &made)
        a.file(String(font.dropFirst()), try bytes(font))
        a.directory("etc/halo/boards")
        let boards = packageRoot.appendingPathComponent("Boards")
        for name in try FileManager.default.contentsOfDirectory(atPath: boards.path) where name.hasSuffix(".yaml") || name.hasSuffix(".png")
        {
            a.file("etc/halo/boards/\(name)", try bytes(boards.appendingPathComponent(name).path))
        }
        let enumerator = FileManager.default.enumerator(at: kernel.modules, includingPropertiesForKeys: nil)
        var found: [String: URL] = [:]
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "ko" { found[url.deletingPathExtension().lastPathComponent] = url }
        }
        for m in modules {
            guard let url = found[m] else { throw Host.Failure(description: "the kernel package has no \(m).ko") }
            a.file("lib/modules/\(m).ko", try bytes(url.path))
        }
        a.file("modules.order", Array(modules.joined(separator: "\n").utf8))
        let initScript = packageRoot.appendingPathComponent("Tests/HaloQEMUTests/guest/init")
        a.file("init", try bytes(initScript.path), executable: true)
        try Data(a.finish()).write(to: file)
        return GuestImage(base: file)
    }

    /// The base image with a scenario appended, and any `files` (path in the guest: bytes).
    func with(scenario: String, files: [(String, [UInt8])] = [], at file: URL) throws -> URL {
        var a = Newc()
        a.file("scenario", Array(scenario.utf8))
        for (path, bytes) in files { a.file(path, bytes) }
        var data = try Data(contentsOf: base)
        data.append(contentsOf: a.finish())
        try data.write(to: file)
        return file
    }

    static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    static func parents(of path: String, into a: inout Newc, made: inout Set<String>) {
        var prefix = ""
        for part in path.split(separator: "/").dropLast() {
            prefix += prefix.isEmpty ? String(part) : "/" + part
            if made.insert(prefix).inserted && !["usr", "lib", "etc", "bin", "usr/bin"].contains(prefix) { a.directory(prefix) }
        }
    }

    /// Libraries Halo opens itself when it first needs them (HarfBuzz at the first label,
    /// FriBidi at the first right-to-left one), which `ldd` of the binary cannot see.
    static let openedLater = ["/usr/lib/x86_64-linux-gnu/libharfbuzz.so.0", "/usr/lib/x86_64-linux-gnu/libfribidi.so.0"]

    /// The shared libraries the dynamic linker loads for `binary`, and the linker itself, and
    /// those Halo opens later with theirs.
    static func libraries(of binary: URL) throws -> [String] {
        var all = try linked(binary.path)
        for library in openedLater where FileManager.default.fileExists(atPath: library) {
            all.append(library)
            all += try linked(library)
        }
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }

    /// What `ldd` lists for `path`.
    static func linked(_ path: String) throws -> [String] {
        let listing = try Host.run("ldd", [path])
        return listing.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            if let arrow = words.firstIndex(of: "=>"), arrow + 1 < words.count, words[arrow + 1].hasPrefix("/") {
                return String(words[arrow + 1])
            }
            if let first = words.first?.trimmingCharacters(in: .whitespaces), first.hasPrefix("/") { return first }
            return nil
        }
    }
}
