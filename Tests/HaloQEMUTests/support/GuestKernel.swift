// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Debian's own kernel for the guest: the `linux-image-*-amd64` package that
/// `linux-image-amd64` points to, fetched with `apt-get download` (not installed) and unpacked
/// with `dpkg -x` into `.build/qemu-guest`. Its compressed image is unpacked to the plain ELF
/// `vmlinux`, which QEMU boots through PVH, about 6 s faster than the bzImage under TCG.
/// `HALO_QEMU_KERNEL_DEB` names a package file to use instead of downloading one.
struct GuestKernel: Sendable {
    var vmlinux: URL
    /// The package's own compressed image, booted through its real-mode setup code: the one
    /// way in that runs the firmware's video modes (`vga=`), for the firmware framebuffer.
    var bzImage: URL
    /// `lib/modules/VERSION/kernel` of the package.
    var modules: URL

    static func prepare(cache: URL) throws -> GuestKernel {
        let fm = FileManager.default
        let unpacked = cache.appendingPathComponent("kernel")
        let vmlinux = cache.appendingPathComponent("vmlinux")
        if let found = try? locate(unpacked, vmlinux), fm.fileExists(atPath: vmlinux.path) { return found }
        try? fm.removeItem(at: unpacked)
        try fm.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let deb = try package(cache)
        try Host.run("dpkg", ["-x", deb.path, unpacked.path])
        let kernel = try locate(unpacked, vmlinux)
        try extractELF(from: try bzImage(unpacked), to: vmlinux, scratch: cache)
        return kernel
    }

    static func package(_ cache: URL) throws -> URL {
        if let given = ProcessInfo.processInfo.environment["HALO_QEMU_KERNEL_DEB"] { return URL(fileURLWithPath: given) }
        let fm = FileManager.default
        if let existing = try fm.contentsOfDirectory(atPath: cache.path).first(where: {
            $0.hasPrefix("linux-image-") && $0.hasSuffix(".deb")
        }) {
            return cache.appendingPathComponent(existing)
        }
        guard Host.has("apt-get") else {
            throw Host.Failure(
                description:
                    "no Debian kernel for the guest: this host has no apt-get; set HALO_QEMU_KERNEL_DEB to a linux-image-*-amd64 .deb")
        }
        let depends = try Host.run("apt-cache", ["depends", "linux-image-amd64"])
        guard
            let name = depends.split(separator: "\n").compactMap({ line -> String? in
                let words = line.split(separator: " ")
                return words.count == 2 && words[0] == "Depends:" && words[1].hasPrefix("linux-image-") ? String(words[1]) : nil
            }).first
        else {
            throw Host.Failure(description: "apt-cache names no kernel package for linux-image-amd64: \(depends)")
        }
        try Host.run("apt-get", ["download", "-q", name], in: cache)
        guard let deb = try fm.contentsOfDirectory(atPath: cache.path).first(where: { $0.hasPrefix(name) && $0.hasSuffix(".deb") }) else {
            throw Host.Failure(description: "apt-get download \(name) left no .deb in \(cache.path)")
        }
        return cache.appendingPathComponent(deb)
    }

    static func locate(_ unpacked: URL, _ vmlinux: URL) throws -> GuestKernel {
        let base = unpacked.appendingPathComponent("lib/modules")
        guard let version = try FileManager.default.contentsOfDirectory(atPath: base.path).first else {
            throw Host.Failure(description: "the kernel package has no lib/modules")
        }
        return GuestKernel(
            vmlinux: vmlinux, bzImage: try bzImage(unpacked), modules: base.appendingPathComponent(version).appendingPathComponent("kernel")
        )
    }

    static func bzImage(_ unpacked: URL) throws -> URL {
        let boot = unpacked.appendingPathComponent("boot")
        guard let name = try FileManager.default.contentsOfDirectory(atPath: boot.path).first(where: { $0.hasPrefix("vmlinuz-") }) else {
            throw Host.Failure(description: "the kernel package has no boot/vmlinuz-*")
        }
        return boot.appendingPathComponent(name)
    }

    /// Debian compresses the kernel with xz (CONFIG_KERNEL_XZ): find the stream and unpack it.
    static func extractELF(from bz: URL, to vmlinux: URL, scratch: URL) throws {
        let data = try Data(contentsOf: bz)
        let magic: [UInt8] = [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]
        guard let start = data.firstRange(of: Data(magic))?.lowerBound else {
            throw Host.Failure(description: "\(bz.lastPathComponent) holds no xz stream; boot the bzImage instead")
        }
        let stream = scratch.appendingPathComponent("vmlinux.xz")
        try data[start...].write(to: stream)
        // --single-stream stops at the end of the kernel and ignores the bytes after it.
        try Host.run("xz", ["-dc", "--single-stream", stream.path], output: vmlinux)
        try? FileManager.default.removeItem(at: stream)
        let head = try FileHandle(forReadingFrom: vmlinux).read(upToCount: 4) ?? Data()
        guard head == Data([0x7F, 0x45, 0x4C, 0x46]) else { throw Host.Failure(description: "the unpacked kernel is not an ELF file") }
    }
}
