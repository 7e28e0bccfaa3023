// SPDX-License-Identifier: Apache-2.0
import CBuildInfo

/// `halo help`, `halo help COMMAND`, `halo help control`, `halo help --man` and
/// `halo --version`: everything a person needs on a device that has no README.
enum HelpCommand {
    /// The release; the Debian package's version says the same (a test checks).
    static let version = "0.9.0"

    static var versionLine: String { "halo \(version) (commit \(String(cString: halo_build_commit())))" }

    static func run(_ words: [String]) throws(CLIError) {
        guard words.count <= 1 else { throw CLIError("usage: \(CommandHelp.named("help")!.usage)", status: 2) }
        switch words.first {
        case nil: print(overview)
        case "control": print(ControlHelp.text, terminator: "")
        case "--man": print(ManPage.text, terminator: "")
        case let name?:
            guard let help = CommandHelp.named(name) else {
                throw CLIError(
                    "no command '\(name)'; the commands are \(CommandHelp.all.map(\.name).joined(separator: ", ")), and halo help control describes the control language",
                    status: 2)
            }
            print(help.text, terminator: "")
        }
    }

    /// `halo help` alone: a line a command.
    static var overview: String {
        var out = "\(versionLine): feedback indicators for embedded Linux screens and LED rings\n\nusage: halo COMMAND [OPTIONS]\n\n"
        for c in CommandHelp.all { out += "  \(c.name.padding(8)) \(c.brief)\n" }
        out += """

            halo help COMMAND    a command's options, defaults and an example
            halo help control    the control language, replies and error codes
            halo --version       the version and the commit it was built from

            Boards are found by name in $HALO_BOARDS, ./Boards, /etc/halo/boards and
            /usr/share/halo/boards (the first that has it wins); halo run and halo leds use
            /etc/halo/board.yaml when no --board is given.
            """
        return out
    }
}
