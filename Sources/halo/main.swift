// SPDX-License-Identifier: Apache-2.0
import CStartSeed
import CWideStores
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The runtime's hash seed is drawn: from here on getrandom() waits for the kernel's pool as asked.
halo_start_seed_end()

// Long fills (a clear, a dimmed screen) with 32-byte stores where the processor has them;
// HALO_NO_AVX2 set keeps the 16-byte stores, to compare the two.
if halo_cpu_has_avx2() != 0 && getenv("HALO_NO_AVX2") == nil { LongFill.install(halo_fill_avx2) }

var words = Array(CommandLine.arguments.dropFirst())
// Installed as `plymouth` (a link in an initramfs or on a system without Plymouth), halo is
// that command: every word is plymouth's.
let calledAs = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
let verb = calledAs == "plymouth" ? "plymouth" : words.isEmpty ? "help" : words.removeFirst()
// `halo ctl` passes its words on as a command line, and `halo wrap` runs them: only a
// leading --help is their own.
let asksHelp =
    verb == "ctl" || verb == "wrap" ? ["--help", "-h"].contains(words.first ?? "") : words.contains { $0 == "--help" || $0 == "-h" }
if asksHelp, let help = CommandHelp.named(verb) {
    print(help.text, terminator: "")
    exit(0)
}
do throws(CLIError) {
    switch verb {
    case "demo": try DemoCommand.run(words)
    case "replay": try ReplayCommand.run(words)
    case "bench": try BenchCommand.run(words)
    case "lint": try LintCommand.run(words)
    case "boards": try BoardsCommand.run(words)
    case "run": try RunCommand.run(words)
    case "ctl": try CtlCommand.run(words)
    case "wrap": try WrapCommand.run(words)
    case "leds": try LedsCommand.run(words)
    case "plymouth": try PlymouthCommand.run(words)
    case "help": try HelpCommand.run(words)
    case "--help", "-h": try HelpCommand.run([])
    case "--version", "version":
        if !words.isEmpty { throw CLIError("--version takes nothing after it", status: 2) }
        print(HelpCommand.versionLine)
    default: throw CLIError("unknown command '\(verb)'; run `halo help` to see the commands", status: 2)
    }
} catch {
    if !error.bare {
        Console.error("halo \(verb): \(error.description)")
    } else if !error.description.isEmpty {
        Console.error(error.description)
    }
    exit(error.status)
}
