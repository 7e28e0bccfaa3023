// SPDX-License-Identifier: Apache-2.0
/// Parses one line of the control language into a `Command`.
public enum CommandParser {
    /// Lines longer than this are refused unread: a line is one short command.
    public static let maximumLineBytes = 4096

    public static func parse(_ line: String) -> Result<Command, ControlError> {
        if line.utf8.count > maximumLineBytes {
            return .failure(
                ControlError(
                    "line is \(line.utf8.count) bytes, over the \(maximumLineBytes)-byte limit; shorten the label", code: .tooLong))
        }
        let tokens: [Token]
        switch Tokenizer.tokens(line) {
        case .failure(let e): return .failure(e)
        case .success(let t): tokens = t
        }
        guard let first = tokens.first else {
            return .failure(
                ControlError("empty command; expected one of: show, progress, label, succeed, fail, dismiss, cancel, pause, resume, toast"))
        }
        guard case .word(let verb) = first else {
            return .failure(
                ControlError(
                    "a command starts with its name; expected one of: show, progress, label, succeed, fail, dismiss, cancel, pause, resume, toast"
                ))
        }
        let args = Array(tokens.dropFirst())
        do {
            return .success(try parse(verb: verb, args))
        } catch let e as ControlError {
            return .failure(e)
        } catch {
            return .failure(ControlError("\(error)"))
        }
    }

    static func parse(verb: String, _ args: [Token]) throws -> Command {
        switch verb {
        case "show": return try show(args)
        case "progress":
            let id = try identifier(args, verb)
            try expectCount(args, 2, "progress <id> <value>, e.g. progress upload 60%")
            switch ProgressValue.parse(args[1].text) {
            case .success(let v): return .progress(id: id, value: v)
            case .failure(let e): throw e
            }
        case "label":
            let id = try identifier(args, verb)
            try expectCount(args, 2, "label <id> \"text\"")
            return .label(id: id, text: args[1].text)
        case "succeed", "fail": return try outcome(verb, args)
        case "dismiss":
            let id = try identifier(args, verb)
            try expectCount(args, 1, "dismiss <id>")
            return .dismiss(id: id)
        case "cancel":
            let id = try identifier(args, verb)
            try expectCount(args, 1, "cancel <id>")
            return .cancel(id: id)
        case "pause", "resume":
            let id = try identifier(args, verb)
            try expectCount(args, 1, "\(verb) <id>")
            return verb == "pause" ? .pause(id: id) : .resume(id: id)
        case "toast": return try toast(args)
        default:
            throw ControlError(
                "unknown command '\(verb)'; expected one of: show, progress, label, succeed, fail, dismiss, cancel, pause, resume, toast",
                code: .unknownCommand)
        }
    }

    /// `show <id> <kind> [key=value ...]`.
    static func show(_ args: [Token]) throws -> Command {
        let verb = "show"
        let id = try identifier(args, verb)
        guard args.count >= 2, case .word(let kindName) = args[1] else {
            throw ControlError("show needs a kind after the id: one of \(IndicatorKind.names)")
        }
        guard let kind = IndicatorKind(rawValue: kindName) else {
            throw ControlError("unknown kind '\(kindName)'; use one of \(IndicatorKind.names)")
        }
        return .show(id: id, kind: kind, options: try showOptions(Array(args.dropFirst(2))))
    }

    /// `succeed <id> "label" [persist]` and `fail <id> "label"`: the label is required.
    static func outcome(_ verb: String, _ args: [Token]) throws -> Command {
        if verb == "fail" {
            let id = try identifier(args, verb)
            guard args.count >= 2, case .quoted(let text) = args[1], !isBlank(text) else {
                throw ControlError(
                    "fail needs a label saying what failed and how to fix it, e.g. fail \(id) \"Upload failed. Check the network and retry.\"",
                    code: .labelRequired)
            }
            try expectCount(args, 2, "fail <id> \"label\"")
            return .fail(id: id, label: text)
        }
        let id = try identifier(args, verb)
        guard args.count >= 2, case .quoted(let text) = args[1], !isBlank(text) else {
            throw ControlError(
                "succeed needs a label saying what completed, e.g. succeed \(id) \"Photos uploaded\"", code: .labelRequired)
        }
        if args.count > 3 { throw ControlError("too many words; use succeed <id> \"label\" [persist]") }
        var persist = false
        if args.count == 3 {
            guard args[2] == .word("persist") else {
                throw ControlError("unknown option '\(args[2].text)' after succeed; the only one is persist")
            }
            persist = true
        }
        return .succeed(id: id, label: text, persist: persist)
    }

    /// `toast "text" [long]`.
    static func toast(_ args: [Token]) throws -> Command {
        guard args.count >= 1, case .quoted(let text) = args[0], !isBlank(text) else {
            throw ControlError("toast needs its text in quotes, e.g. toast \"Settings saved\"")
        }
        if args.count > 2 || (args.count == 2 && args[1] != .word("long")) {
            throw ControlError("toast takes the text and optionally the word long: toast \"text\" [long]")
        }
        return .toast(text: text, long: args.count == 2)
    }

    static func identifier(_ args: [Token], _ verb: String) throws -> String {
        guard let first = args.first, case .word(let id) = first, !id.isEmpty else {
            throw ControlError("\(verb) needs an activity id first (letters, digits, '-', '_', '.')")
        }
        for b in id.utf8 {
            let ok = (b >= 48 && b <= 57) || (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 45 || b == 95 || b == 46
            if !ok { throw ControlError("'\(id)' is not a valid id; use letters, digits, '-', '_' and '.'") }
        }
        if id.utf8.count > 64 { throw ControlError("id '\(id.prefix(16))…' is longer than 64 bytes; use a shorter id") }
        return id
    }

    static func expectCount(_ args: [Token], _ n: Int, _ usage: String) throws {
        if args.count != n { throw ControlError(args.count < n ? "missing argument; use \(usage)" : "too many arguments; use \(usage)") }
    }

    static func isBlank(_ s: String) -> Bool { s.utf8.allSatisfy { $0 == 32 || $0 == 9 } }

    static func showOptions(_ args: [Token]) throws -> ShowOptions {
        var o = ShowOptions()
        for arg in args {
            guard case .pair(let key, let value) = arg else {
                throw ControlError(
                    "unexpected '\(arg.text)'; show takes key=value options: label, value, show-value, region, place, track, cancellable, pausable, detached, lease"
                )
            }
            switch key {
            case "label":
                o.label = value
            case "value":
                switch ProgressValue.parse(value) {
                case .success(let v): o.value = v
                case .failure(let e): throw e
                }
            case "show-value":
                o.showValue = try yesNo(key, value)
            case "region":
                o.region = try region(value)
            case "place":
                guard let place = Placement(rawValue: value) else {
                    throw ControlError("place=\(value) is not known; use one of \(Placement.names)")
                }
                o.place = place
            case "track":
                guard value == "hidden" || value == "shown" else {
                    throw ControlError("track=\(value) is not known; use track=hidden (or track=shown)")
                }
                o.trackHidden = value == "hidden"
            case "cancellable":
                o.cancellable = try yesNo(key, value)
            case "pausable":
                o.pausable = try yesNo(key, value)
            case "detached":
                o.detached = try yesNo(key, value)
            case "lease":
                o.lease = try lease(value)
            default:
                throw ControlError(
                    "unknown option '\(key)'; show takes label, value, show-value, region, place, track, cancellable, pausable, detached, lease"
                )
            }
        }
        return o
    }

    static func yesNo(_ key: String, _ value: String) throws -> Bool {
        switch value {
        case "yes": return true
        case "no": return false
        default: throw ControlError("\(key)=\(value) is not yes or no; write \(key)=yes or \(key)=no")
        }
    }

    /// The longest and shortest leases, in seconds: a lease shorter than a second ends between
    /// an app's ordinary commands, and one longer than a day is no lease at all.
    public static let leaseSeconds: ClosedRange<Int64> = 1...86_400

    /// `lease=30s`, `lease=1500ms` or `lease=2m`, in microseconds.
    static func lease(_ value: String) throws -> Int64 {
        let units: [(suffix: String, microseconds: Int64)] = [("ms", 1000), ("s", 1_000_000), ("m", 60_000_000)]
        let usage =
            "write a whole number of seconds, milliseconds or minutes from \(leaseSeconds.lowerBound) s to \(leaseSeconds.upperBound / 3600) h, e.g. lease=30s, lease=1500ms or lease=2m"
        guard let unit = units.first(where: { value.hasSuffix($0.suffix) }),
            let count = Int64(value.dropLast(unit.suffix.count)), count >= 0
        else { throw ControlError("lease=\(value) is not a duration; \(usage)") }
        let limit = leaseSeconds.upperBound * 1_000_000
        let (microseconds, overflow) = count.multipliedReportingOverflow(by: unit.microseconds)
        guard !overflow, microseconds >= leaseSeconds.lowerBound * 1_000_000, microseconds <= limit else {
            throw ControlError("lease=\(value) is out of range; \(usage)", code: .outOfRange)
        }
        return microseconds
    }

    static func region(_ value: String) throws -> Region {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { Int32($0) }
        guard parts.count == 4, numbers.count == 4 else {
            throw ControlError("region=\(value) is not x,y,w,h; write four whole pixel numbers, e.g. region=40,120,400,240")
        }
        guard numbers[2] > 0, numbers[3] > 0 else { throw ControlError("region=\(value) has no area; width and height must be above 0") }
        let r = Region(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        if let e = r.rangeError { throw e }
        return r
    }
}
