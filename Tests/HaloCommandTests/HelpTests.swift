// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloEngine
import HaloTestSupport
import Testing

/// The command line explains itself: a device has no README.
extension CommandTests {
    static let commands = ["demo", "replay", "lint", "run", "ctl", "leds", "bench", "boards", "help"]

    @Test("halo --version names the version and the commit; the Debian package says the same version")
    func version() throws {
        let r = try halo(["--version"])
        #expect(r.status == 0 && r.out.hasPrefix("halo 0.9.0 (commit "), "\(r)")
        if FileManager.default.fileExists(atPath: Self.packageRoot.appendingPathComponent(".git").path) {
            #expect(!r.out.contains("commit unknown"), "built from a checkout: \(r.out)")
        }
        let changelog = try String(contentsOf: Self.packageRoot.appendingPathComponent("debian/changelog"), encoding: .utf8)
        #expect(changelog.hasPrefix("halo (0.9.0"), "debian/changelog: \(changelog.prefix(40))")
    }

    @Test("halo help lists every command; halo help COMMAND and COMMAND --help give its usage, options with defaults and an example")
    func helpPerCommand() throws {
        let overview = try halo(["help"])
        #expect(overview.status == 0)
        for name in Self.commands {
            #expect(overview.out.contains("  \(name) "), "\(name) missing from halo help")
            let help = try halo(["help", name])
            #expect(help.status == 0 && help.out.hasPrefix("usage: halo \(name)") && help.out.contains("example:\n  halo"), "\(help)")
            if name != "help" && name != "boards" { #expect(help.out.contains("(default: "), "\(name): \(help.out)") }
            if name != "help" && name != "boards" && name != "ctl" {
                let own = try halo([name, "--help"]).out
                #expect(own == help.out, "\(name) --help says the same")
            }
        }
        let ctlHelp = try halo(["help", "ctl"]).out
        #expect(try halo(["ctl", "--help"]).out == ctlHelp)
        let unknown = try halo(["help", "frobnicate"])
        #expect(unknown.status == 2 && unknown.err.contains("the commands are demo, replay"), "\(unknown)")
    }

    @Test("halo help control lists the control language and every error code the engine and daemon answer with")
    func helpControl() throws {
        let r = try halo(["help", "control"])
        #expect(r.status == 0)
        for verb in [
            "show ID KIND", "progress ID V", "succeed ID", "fail ID", "dismiss ID", "cancel ID", "toast", "subscribe", "sync wait",
        ] {
            #expect(r.out.contains(verb), "\(verb) missing")
        }
        for code in ControlError.Code.allCases {
            #expect(r.out.contains("  \(code.rawValue) ") && r.out.contains(code.meaning), "\(code.rawValue) missing")
        }
    }

    @Test("the man page is the same text as roff: every command, every option and every error code")
    func manPage() throws {
        let r = try halo(["help", "--man"])
        #expect(r.status == 0 && r.out.hasPrefix(".TH HALO 1 "))
        for name in Self.commands { #expect(r.out.contains(".SS \(name)\n"), "\(name) missing") }
        #expect(r.out.contains(".B \\-\\-trust\\-uid UID") && r.out.contains("unknown\\-command"))
        let requests = r.out.split(separator: "\n").filter { $0.hasPrefix(".") }.map { $0.prefix { $0 != " " } }
        #expect(
            Set(requests).isSubset(of: [".TH", ".SH", ".SS", ".B", ".I", ".PP", ".TP", ".RS", ".RE", ".nf", ".fi"]), "\(Set(requests))")
    }

    @Test("a mistyped ctl option is a usage error, not a command sent to the daemon; run without a board says how to choose one")
    func unknownOptionsAndNoBoard() throws {
        let ctl = try halo(["ctl", "--sock", "/tmp/x.sock", "stats"])
        #expect(ctl.status == 2 && ctl.err.contains("unknown option --sock"), "\(ctl)")
        // No --board, and (on this test machine) no /etc/halo/board.yaml: an error, not a mock.
        if !FileManager.default.fileExists(atPath: "/etc/halo/board.yaml") {
            let run = try halo(["run", "--socket", "/tmp/halo-never-\(getpid()).sock"])
            #expect(run.status == 1 && run.err.contains("no board chosen") && run.err.contains("--board NAME"), "\(run)")
        }
    }

    @Test("outside the source tree, with no boards installed, demo, replay and lint use the built-in board")
    func builtInBoard() throws {
        let dir = try scratch()
        let r = try ChildProcess.run(
            [Self.binary.path, "demo", "--out", dir.appendingPathComponent("demo").path], environment: ["PATH": "/usr/bin:/bin"],
            directory: dir.path)
        #expect(r.status == 0 && r.out.contains("for board mock-480x480"), "\(r.err)")
        let boards = try ChildProcess.run([Self.binary.path, "boards"], environment: ["PATH": "/usr/bin:/bin"], directory: dir.path)
        #expect(boards.out.contains("mock-480x480"), "\(boards.out)")
    }
}
