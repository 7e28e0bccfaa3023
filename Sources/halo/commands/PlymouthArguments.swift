// SPDX-License-Identifier: Apache-2.0
/// The words of Debian's `plymouth` command (`plymouth.c`'s option table), turned into what
/// `halo plymouth` sends: the flags alone (`--ping`, `--update=fsck`), or one sub-command with
/// its options (`system-update --progress=42`), each option as `--name=value` or `--name value`.
extension PlymouthCommand {
    typealias Options = [String: String]

    static func parse(_ words: [String]) throws(CLIError) -> Call {
        guard let first = words.first else { throw CLIError("say what to ask the splash; usage: \(usage)", status: 2) }
        if first.hasPrefix("--") { return try flags(words) }
        let options = try Self.options(Array(words.dropFirst()), of: first)
        func text(_ name: String) throws(CLIError) -> String {
            guard let v = options[name] else { throw CLIError("\(first) needs --\(name); usage: \(usage)", status: 2) }
            return v
        }
        let pause = options["dont-pause-progress"] == nil
        switch first {
        case "quit": return .requests([Request("Q", options["retain-splash"] == nil ? "" : "\u{1}")])
        case "update": return .requests([Request("U", try text("status"))])
        case "system-update": return .requests([Request("u", try text("progress"))])
        case "change-mode":
            guard let mode = modes.first(where: { options[$0] != nil }) else {
                throw CLIError("change-mode needs one of --\(modes.joined(separator: ", --")); usage: \(usage)", status: 2)
            }
            return .requests([Request("C", mode)])
        case "display-message": return .requests([Request("M", try text("text"))])
        case "hide-message": return .requests([Request("m", try text("text"))])
        case "show-splash": return .requests([Request("$")])
        case "hide-splash": return .requests([Request("H")])
        case "pause-progress": return .requests([Request("A")])
        case "unpause-progress": return .requests([Request("a")])
        case "deactivate": return .requests([Request("D")])
        case "reactivate": return .requests([Request("r")])
        case "report-error": return .requests([Request("!")])
        case "update-root-fs":
            if let dir = options["new-root-dir"] { return .requests([Request("R", dir)]) }
            guard options["read-write"] != nil else { throw CLIError("update-root-fs needs --new-root-dir=DIR or --read-write", status: 2) }
            return .requests([Request("S")])
        case "ask-for-password", "ask-question":
            if options["command"] != nil {
                throw CLIError("--command is not supported by halo plymouth; read the answer from its standard output instead", status: 2)
            }
            return .ask(password: first == "ask-for-password", prompt: options["prompt"], pause: pause)
        case "watch-keystroke":
            if options["command"] != nil {
                throw CLIError("--command is not supported by halo plymouth; read the key from its output", status: 2)
            }
            return .watch(keys: options["keys"])
        case "ignore-keystroke": return .requests([Request("L", try text("keys"))])
        default: throw CLIError("unknown plymouth command '\(first)'; usage: \(usage)", status: 2)
        }
    }

    /// The options after a sub-command; those that are flags have the value "".
    static func options(_ words: [String], of command: String) throws(CLIError) -> Options {
        let flags: Set<String> = Set(modes + ["retain-splash", "read-write", "dont-pause-progress"])
        let valued: Set<String> = ["status", "progress", "text", "new-root-dir", "prompt", "keys", "command", "number-of-tries"]
        var out: Options = [:]
        var i = 0
        while i < words.count {
            let w = words[i]
            guard w.hasPrefix("--") else { throw CLIError("\(command) takes options, not '\(w)'; usage: \(usage)", status: 2) }
            let name = String(w.dropFirst(2).prefix { $0 != "=" })
            if let eq = w.firstIndex(of: "=") {
                guard valued.contains(name) else { throw CLIError("--\(name) takes no value; usage: \(usage)", status: 2) }
                out[name] = String(w[w.index(after: eq)...])
            } else if flags.contains(name) {
                out[name] = ""
            } else if valued.contains(name), i + 1 < words.count {
                i += 1
                out[name] = words[i]
            } else {
                throw CLIError("\(command) has no option --\(name); usage: \(usage)", status: 2)
            }
            i += 1
        }
        return out
    }

    /// The flags that stand alone; several may be given and are sent in order.
    static func flags(_ words: [String]) throws(CLIError) -> Call {
        let alone: [String: Character] = [
            "--ping": "P", "--sysinit": "S", "--has-active-vt": "V", "--show-splash": "$", "--hide-splash": "H",
        ]
        var requests: [Request] = []
        for w in words {
            let name = String(w.prefix { $0 != "=" })
            let value = w.firstIndex(of: "=").map { String(w[w.index(after: $0)...]) }
            switch (name, value) {
            case ("--wait", nil) where words.count == 1: return .wait
            case ("--quit", nil): requests.append(Request("Q", ""))
            case ("--update", let v?): requests.append(Request("U", v))
            case ("--newroot", let v?): requests.append(Request("R", v))
            case ("--ask-for-password", nil): return .ask(password: true, prompt: nil, pause: true)
            case ("--ignore-keystroke", let v?): requests.append(Request("L", v))
            case (_, nil) where alone[name] != nil: requests.append(Request(alone[name]!))
            default: throw CLIError("unknown option \(w); usage: \(usage)", status: 2)
            }
        }
        return .requests(requests)
    }
}
