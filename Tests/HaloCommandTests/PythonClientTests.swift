// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// Whether Debian's python3 is there (a constant: Swift 6.0 crashes on some expressions in a trait).
let debianPythonInstalled = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

/// The Python client (clients/python) as a user gets it: installed by Debian's pip from the
/// folder, with no network, then its own unittest suite run by Debian's python3 against the
/// `halo` these tests built (a real daemon on the mock display).
@Suite(
    "the Python client, pip-installed from its folder, against a real halo run (Debian's python3 and pip)",
    .enabled(
        if: debianPythonInstalled,
        "needs Debian's python3 (Debian: python3 python3-pip python3-setuptools); CI's main lane installs it"))
struct PythonClientTests {
    @Test("pip install of clients/python works offline, and the client's tests pass against the daemon")
    func installedAndTested() throws {
        let test = CommandTests()
        let dir = try test.scratch()
        // A copy: pip builds in the folder it installs from, and the checkout stays clean.
        let copy = dir.appendingPathComponent("python")
        try FileManager.default.copyItem(at: CommandTests.packageRoot.appendingPathComponent("clients/python"), to: copy)
        let site = dir.appendingPathComponent("site").path
        let pip = try ChildProcess.run(
            ["/usr/bin/python3", "-m", "pip", "install", "--no-index", "--no-build-isolation", "--quiet", "--target", site, copy.path],
            timeout: 120)
        #expect(pip.status == 0, "\(pip)")
        let suite = try ChildProcess.run(
            ["/usr/bin/python3", "-m", "unittest", "discover", "-v", "-s", copy.appendingPathComponent("tests").path],
            environment: CommandTests.environment(["PYTHONPATH": site, "HALO_BINARY": CommandTests.binary.path]), directory: dir.path,
            timeout: 120)
        #expect(suite.status == 0 && suite.err.contains("OK") && !suite.err.contains("skipped"), "\(suite.err)")
        #expect(suite.err.contains("Ran 4 tests"), "\(suite.err)")
    }

    /// Debian's python3 is newer than the 3.9 the client promises; Python's own parser, asked
    /// for 3.9's grammar, catches what 3.9 could not read (a match statement, a parenthesised
    /// with), and the runtime check catches a `X | Y` annotation, which 3.9 evaluates and fails.
    @Test("the client's sources are Python 3.9: they parse with 3.9's grammar and annotate unions as 3.9 can")
    func python39() throws {
        let root = CommandTests.packageRoot.appendingPathComponent("clients/python")
        let check = """
            import ast, sys
            for path in sys.argv[1:]:
                tree = ast.parse(open(path).read(), path, feature_version=(3, 9))
                for node in ast.walk(tree):
                    notes = [a.annotation for a in getattr(getattr(node, "args", None), "args", []) if a.annotation]
                    notes += [node.returns] if getattr(node, "returns", None) else []
                    notes += [node.annotation] if isinstance(node, ast.AnnAssign) else []
                    for note in notes:
                        if any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitOr) for n in ast.walk(note)):
                            sys.exit(f"{path}:{note.lineno}: a union written X | Y, which Python 3.9 cannot evaluate")
            """
        let run = try ChildProcess.run(
            [
                "/usr/bin/python3", "-c", check, root.appendingPathComponent("halo_client/__init__.py").path,
                root.appendingPathComponent("tests/test_client.py").path,
            ], timeout: 60)
        #expect(run.status == 0, "\(run)")
    }
}
