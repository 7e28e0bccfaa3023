// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloTestSupport
import Testing

/// `ChildProcess` is what keeps a stuck program from hanging the whole test run: every wait
/// has a deadline, past which the child is killed and the test told. These tests run real
/// programs of the host (`/bin/sh`, `sleep`) and check exactly that, so the guard itself is
/// known to work before the tests that lean on it need it.
@Suite("ChildProcess, the tests' program runner, on real host processes")
struct ChildProcessTests {
    @Test("run collects standard output, standard error and the exit status")
    func runCollects() throws {
        let r = try ChildProcess.run(["/bin/sh", "-c", "echo out; echo err >&2; exit 3"], timeout: 30)
        #expect(r.status == 3)
        #expect(r.out == "out\n")
        #expect(r.err == "err\n")
    }

    @Test("a directory given is the child's working directory")
    func directory() throws {
        let r = try ChildProcess.run(["pwd"], directory: "/", timeout: 30)
        #expect(r.status == 0)
        #expect(r.out == "/\n")
    }

    @Test("a child still running at the wait's deadline is killed, and the wait throws")
    func waitDeadline() throws {
        let child = try ChildProcess(["sleep", "600"])
        #expect(throws: ChildProcess.Failure.self) { try child.wait(timeout: 0.3) }
        // Killed and reaped: no longer running, and its status says SIGKILL.
        #expect(!child.isRunning)
        #expect(try child.wait(timeout: 1) == 128 + SIGKILL)
    }

    @Test("a child holding its output open past the read's deadline is killed, and the read throws")
    func readDeadline() throws {
        let child = try ChildProcess(["sleep", "600"], stdout: .pipe, stderr: .pipe)
        #expect(throws: ChildProcess.Failure.self) { _ = try child.readToEnd(timeout: 0.3) }
        #expect(try child.wait(timeout: 30) == 128 + SIGKILL)
    }

    @Test("a child starts with no signal blocked, whatever the calling thread blocks")
    func cleanSignalMask() throws {
        let r = try ChildProcess.run(["/bin/sh", "-c", "grep SigBlk /proc/self/status"], timeout: 30)
        #expect(r.out == "SigBlk:\t0000000000000000\n")
    }

    @Test("a signal that ends the child shows as 128 + the signal")
    func signalStatus() throws {
        let child = try ChildProcess(["sleep", "600"])
        child.signal(SIGTERM)
        #expect(try child.wait(timeout: 30) == 128 + SIGTERM)
    }

    @Test("stop sends SIGKILL to a child that ignores SIGTERM past the grace time")
    func stopEscalates() throws {
        // `exec` so the ignoring process is the child itself, not a shell around it; the line
        // it prints says the trap is set, so SIGTERM cannot come too early.
        let child = try ChildProcess(["/bin/sh", "-c", "trap '' TERM; echo ready; exec sleep 600"], stdout: .pipe)
        var byte: UInt8 = 0
        #expect(read(child.output, &byte, 1) == 1 && byte == UInt8(ascii: "r"))
        #expect(child.stop(grace: 0.3) == 128 + SIGKILL)
        #expect(!child.isRunning)
    }

    @Test("a program that cannot be started is an error naming it")
    func cannotStart() {
        #expect {
            _ = try ChildProcess(["/nonexistent/halo-no-such-program"])
        } throws: { error in
            "\(error)".contains("/nonexistent/halo-no-such-program")
        }
    }
}
