// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// `halo run --mode`: a word plymouthd does not know is refused before anything is bound or
/// shown; a known one needs the Plymouth socket to mean anything.
extension CommandTests {
    @Test("halo run --mode refuses a mode plymouthd does not know, and a known one without --plymouth, exit 2 with the usage")
    func runMode() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let socket = dir.appendingPathComponent("halo.sock").path
        let unknown = try halo(["run", "--board", "mock-480x480", "--socket", socket, "--plymouth", "--mode", "bogus"])
        #expect(
            unknown.status == 2 && unknown.err.contains("--mode takes boot, shutdown, reboot") && unknown.err.contains("not 'bogus'"),
            "\(unknown)")
        #expect(!FileManager.default.fileExists(atPath: socket), "nothing served")
        let alone = try halo(["run", "--board", "mock-480x480", "--socket", socket, "--mode", "shutdown"])
        #expect(alone.status == 2 && alone.err.contains("with --plymouth (or a board with plymouth: yes)"), "\(alone)")
    }
}
