import Foundation

/// Running host programs for the QEMU tests.
enum Host {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program to completion; returns its standard output, or throws with its stderr.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in directory: URL? = nil, input: URL? = nil, output: URL? = nil) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        p.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        if let directory { p.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        if let input { p.standardInput = try FileHandle(forReadingFrom: input) }
        if let output {
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            p.standardOutput = try FileHandle(forWritingTo: output)
        } else {
            p.standardOutput = out
        }
        p.standardError = err
        try p.run()
        let o = output == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) failed (\(p.terminationStatus)): \(String(decoding: e, as: UTF8.self))")
        }
        return String(decoding: o, as: UTF8.self)
    }

    /// True when `program` is on the PATH.
    static func has(_ program: String) -> Bool {
        (try? run("sh", ["-c", "command -v \(program)"])) != nil
    }
}
