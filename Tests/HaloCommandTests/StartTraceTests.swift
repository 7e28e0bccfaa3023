// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// `halo run`'s start-up phases as a process logs them (`StartTrace`).
extension CommandTests {
    @Test("HALO_START_TRACE=1 makes halo run log each phase up to its first frame, in order, with the process's age; without it, none")
    func startTrace() throws {
        let dir = try scratch()
        for traced in [true, false] {
            let socket = dir.appendingPathComponent("trace-\(traced).sock").path
            let log = dir.appendingPathComponent("trace-\(traced).log").path
            let daemon = try Self.start(
                ["run", "--board", "mock-480x480", "--socket", socket, "--show", "show a circular value=40%"],
                environment: traced ? ["HALO_START_TRACE": "1"] : [:], stderr: .file(log))
            for _ in 0..<1500 where !FileManager.default.fileExists(atPath: socket) && daemon.isRunning { usleep(20_000) }
            _ = try halo(["ctl", "--socket", socket, "sync"])
            _ = daemon.stop()
            let lines = (try String(contentsOfFile: log, encoding: .utf8)).split(separator: "\n").filter { $0.hasPrefix("halo start: ") }
            let phases = lines.map { $0.dropFirst(12).split(separator: ":").first.map(String.init) ?? "" }
            if traced {
                // Then, with the text prepared, the code start-up ran is unmapped.
                #expect(
                    phases == [
                        "main", "board read", "screen open", "font loaded", "daemon assembled", "first frame", "start-up code unmapped",
                    ],
                    "\(lines)")
                #expect(lines.allSatisfy { $0.contains(" ms, boot ") && $0.contains("age ") && $0.contains(" ms, faults ") }, "\(lines)")
            } else {
                #expect(lines.isEmpty, "\(lines)")
            }
        }
    }
}
