// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// gcc and g++ are there. Named, not written in the trait below: Swift 6.0 crashes on a
/// closure inside @Suite's arguments, and the suite's own members cannot be named there.
let compilersInstalled = ["/usr/bin/gcc", "/usr/bin/g++"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// The single-header C client (clients/c/halo_client.h), built by the system's gcc as C99 and
/// as C++ with every warning an error, against a real `halo run` on the mock display: its
/// test program (typed errors, quoting, events crossing replies) and the README's example.
@Suite(
    "the single-header C client against a real halo run (the system's gcc and g++)",
    .enabled(
        if: compilersInstalled,
        "needs gcc and g++ (Debian: gcc g++); CI's main lane installs them"))
struct CClientTests {
    @Test("built as C99 and as C++ without a warning, its checks pass against the daemon, and the example runs")
    func againstTheDaemon() throws {
        let test = CommandTests()
        let dir = try test.scratch()
        let root = CommandTests.packageRoot.appendingPathComponent("clients/c")
        let builds: [(String, [String])] = [
            (
                "client_test",
                ["gcc", "-std=c99", "-D_DEFAULT_SOURCE", "-pedantic", root.appendingPathComponent("tests/client_test.c").path]
            ),
            ("client_test_cpp", ["g++", "-x", "c++", root.appendingPathComponent("tests/client_test.c").path]),
            ("upload", ["gcc", "-std=c99", "-pedantic", root.appendingPathComponent("examples/upload.c").path]),
        ]
        for (name, command) in builds {
            let cc = try ChildProcess.run(
                command + ["-Wall", "-Wextra", "-Werror", "-o", dir.appendingPathComponent(name).path], timeout: 120)
            #expect(cc.status == 0, "\(name): \(cc.err)")
        }
        let socket = dir.appendingPathComponent("halo.sock").path
        let daemon = try test.startDaemon(socket: socket, board: "mock-480x480")
        defer { daemon.stop() }
        for name in ["client_test", "client_test_cpp", "upload"] {
            let run = try ChildProcess.run([dir.appendingPathComponent(name).path, socket], timeout: 60)
            #expect(run.status == 0, "\(name): \(run)")
        }
    }
}
