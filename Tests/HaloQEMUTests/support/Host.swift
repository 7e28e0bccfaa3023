// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport

/// Running host programs for the QEMU tests.
enum Host {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program to completion; returns its standard output, or throws with its stderr.
    /// A download may be slow, but ten minutes means something is stuck.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil, output: URL? = nil) throws -> String {
        let command = [program] + arguments
        let status: Int32, out: String, err: String
        if let output {
            let child = try ChildProcess(command, directory: directory?.path, stdout: .file(output.path), stderr: .pipe)
            (_, err) = try child.readToEnd(timeout: 600)
            status = try child.wait(timeout: 600)
            out = ""
        } else {
            let r = try ChildProcess.run(command, directory: directory?.path, timeout: 600)
            (status, out, err) = (r.status, r.out, r.err)
        }
        guard status == 0 else {
            throw Failure(description: "\(command.joined(separator: " ")) failed (\(status)): \(err)")
        }
        return out
    }

    /// True when `program` is on the PATH.
    static func has(_ program: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(program)"])) != nil
    }
}
