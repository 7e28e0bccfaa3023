// SPDX-License-Identifier: Apache-2.0
import Foundation

/// A kernel module of the tests' own (`Tests/HaloQEMUTests/modules/NAME`), built against the
/// guest kernel's headers: Debian's `linux-headers-VERSION-amd64` package of the same version
/// as the guest's kernel, installed on the host (`.ci/run` installs `linux-headers-amd64`), with
/// `make -C /usr/src/linux-headers-VERSION M=DIR modules`. Debian's kernel has no SPI
/// controller, GPIO chip or LED a test could drive, so the tests bring their own.
enum TestModule {
    /// True when headers for some amd64 kernel are installed; the exact version is checked
    /// when a module is built.
    static var headersInstalled: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/src")) ?? []).contains {
            $0.hasPrefix("linux-headers-") && $0.hasSuffix("-amd64")
        }
    }

    /// The built module's bytes, for the guest's initramfs.
    static func build(_ name: String, kernel: GuestKernel, packageRoot: URL, scratch: URL) throws -> [UInt8] {
        let version = kernel.modules.deletingLastPathComponent().lastPathComponent
        let headers = "/usr/src/linux-headers-\(version)"
        guard FileManager.default.fileExists(atPath: headers + "/Makefile") else {
            throw Host.Failure(
                description:
                    "no headers for the guest's kernel \(version) in \(headers); install linux-headers-\(version) (linux-headers-amd64 on Debian bookworm)"
            )
        }
        let source = packageRoot.appendingPathComponent("Tests/HaloQEMUTests/modules/\(name)")
        let build = scratch.appendingPathComponent("module-\(name)")
        try? FileManager.default.removeItem(at: build)
        try FileManager.default.copyItem(at: source, to: build)
        try Host.run("make", ["-s", "-C", headers, "M=\(build.path)", "modules"])
        let products = try FileManager.default.contentsOfDirectory(atPath: build.path).filter { $0.hasSuffix(".ko") }
        guard let ko = products.first else { throw Host.Failure(description: "make left no .ko in \(build.path)") }
        return Array(try Data(contentsOf: build.appendingPathComponent(ko)))
    }
}
