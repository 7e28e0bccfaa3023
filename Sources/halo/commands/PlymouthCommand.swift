// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo plymouth …`, or `halo` run under the name `plymouth`: the `plymouth` command for
/// systems and initramfs images that have Halo and not Plymouth, so that systemd's units,
/// cryptsetup's scripts and `plymouth --ping` checks find the splash. The same words, requests,
/// output and exit statuses as Debian's `plymouth` (its `plymouth.c`): 0 done, 1 refused or no
/// splash, 2 the splash hung up; `--wait` returns 0 when no splash runs.
enum PlymouthCommand {
    static let usage =
        "halo plymouth [--ping|--wait|--quit|--sysinit|--has-active-vt|--show-splash|--hide-splash|--update=STATUS|--newroot=DIR] | halo plymouth COMMAND [OPTIONS] (quit [--retain-splash], update --status=S, system-update --progress=N, change-mode --MODE, display-message --text=S, hide-message --text=S, show-splash, hide-splash, pause-progress, unpause-progress, deactivate, reactivate, report-error, update-root-fs --new-root-dir=DIR|--read-write, ask-for-password [--prompt=S] [--dont-pause-progress], ask-question --prompt=S [--dont-pause-progress], watch-keystroke [--keys=K], ignore-keystroke --keys=K)"

    /// What the words ask for.
    enum Call: Equatable {
        /// Requests each answered ACK.
        case requests([Request])
        /// Hold the connection until the splash quits.
        case wait
        /// A password (masked) or a question, pausing the progress meanwhile unless told not to.
        case ask(password: Bool, prompt: String?, pause: Bool)
        /// The next typed key among `keys` (any when nil).
        case watch(keys: String?)
    }

    struct Request: Equatable {
        var command: Character
        var argument: String?
        init(_ command: Character, _ argument: String? = nil) {
            self.command = command
            self.argument = argument
        }
    }

    static let modes = ["boot-up", "shutdown", "reboot", "updates", "system-upgrade", "firmware-upgrade", "system-reset"]

    static func run(_ words: [String]) throws(CLIError) {
        let call = try parse(words)
        signal(SIGPIPE, SIG_IGN)
        let client: PlymouthClient
        do { client = try PlymouthClient() } catch {
            if call == .wait { return }
            throw CLIError("", status: 1, bare: true)
        }
        switch call {
        case .wait: client.waitForClose()
        case .requests(let requests):
            for r in requests { try expectAck(client, r) }
        case .ask(let password, let prompt, let pause):
            if pause { try expectAck(client, Request("A")) }
            let answer = try exchange(client, Request(password ? "*" : "W", prompt), waitingForPerson: true)
            if pause { try expectAck(client, Request("a")) }
            try printAnswer(answer, declinedIsSuccess: password)
        case .watch(let keys):
            try printAnswer(try exchange(client, Request("K", keys), waitingForPerson: true), declinedIsSuccess: false)
        }
    }

    static func exchange(_ client: PlymouthClient, _ r: Request, waitingForPerson: Bool = false) throws(CLIError) -> PlymouthClient.Reply {
        do { try client.send(r.command, r.argument) } catch { throw CLIError(error.description, status: 1) }
        let reply = client.reply(timeoutMilliseconds: waitingForPerson ? nil : 30_000)
        if reply == .disconnected { throw CLIError("error: unexpectedly disconnected from boot status daemon", status: 2, bare: true) }
        return reply
    }

    static func expectAck(_ client: PlymouthClient, _ r: Request) throws(CLIError) {
        let reply = try exchange(client, r)
        guard reply == .ack || reply.isAnswer else { throw CLIError("", status: 1, bare: true) }
    }

    /// An answer goes to standard output as it came (no newline, as plymouth prints it).
    /// Plymouth's clients read Ctrl+C as "declined": a password declined prints nothing and
    /// succeeds, as Debian's plymouth does, so the asking script asks again.
    static func printAnswer(_ reply: PlymouthClient.Reply, declinedIsSuccess: Bool) throws(CLIError) {
        guard case .answer(let bytes) = reply else { throw CLIError("", status: 1, bare: true) }
        if bytes == [3] {
            if declinedIsSuccess { return }
            throw CLIError("", status: 1, bare: true)
        }
        Console.write(bytes)
    }
}

extension PlymouthClient.Reply {
    var isAnswer: Bool {
        if case .answer = self { return true }
        return false
    }
}
