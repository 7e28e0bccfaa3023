// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// Plymouth's requests in Halo's terms. The boot splash is one circular indicator with the
/// id `boot`: turning while the boot's length is unknown, filling with `system-update`'s
/// percentage, labelled with the mode's words, the last status `update`, or a message, the
/// message first. `hide-splash` takes it away and `show-splash` brings it back. What needs the
/// daemon itself (the screen handed over, quitting, a reload, the console given back) comes out
/// as an effect; every other request is answered at once, as plymouthd answers it.
public struct PlymouthTranslator: Sendable {
    public enum Effect: Equatable, Sendable {
        /// Lines of the control language to run, in order; errors (an activity already
        /// gone) are expected and ignored.
        case run([String])
        /// `deactivate`: release the screen (DRM master), keeping the frame; ACK when done.
        case release
        /// `reactivate`: take the screen back and draw.
        case adopt
        /// `quit`: stop, leaving the last frame if `retainSplash`; ACK when done.
        case quit(retainSplash: Bool)
        /// `reload`: read the board again.
        case reload
        /// `ask-for-password` or `ask-question`: show the question; answered once typed.
        case ask(PlymouthPrompts.Kind, question: String)
        /// `ask-for-password --command`'s first step: the passwords already answered, if any.
        case answerCached
        /// `watch-keystroke`: answered with the key when one of `keys` (any, when nil) is typed.
        case watch(keys: String?)
        /// `ignore-keystroke`: the watch for exactly these keys ends with no answer.
        case ignore(keys: String?)
        /// `update-root-fs --new-root-dir=DIR`: the real root is mounted at DIR; the splash moves
        /// into it, as plymouthd does, so what it reads later comes from there.
        case newRoot(String)
        /// `has-active-vt`: the daemon answers whether it draws on a screen.
        case answerActiveVT
        /// `change-mode`: the splash is now in this mode (its pictures change with it).
        case mode(String)
    }

    public static let id = "boot"

    /// What the splash shows in one of Plymouth's modes: its words and its kind of indicator.
    public struct Mode: Equatable, Sendable {
        public var label: String
        public var kind: IndicatorKind
        public init(label: String, kind: IndicatorKind = .circular) {
            self.label = label
            self.kind = kind
        }
    }

    /// Plymouth's modes (`change-mode`) and what each shows unless the board says otherwise.
    public static let defaultModes: [String: Mode] = [
        "boot-up": Mode(label: "Starting up"), "shutdown": Mode(label: "Shutting down"), "reboot": Mode(label: "Restarting"),
        "updates": Mode(label: "Installing updates"), "system-upgrade": Mode(label: "Upgrading the system"),
        "firmware-upgrade": Mode(label: "Updating the firmware"),
    ]
    /// The modes in force: the defaults with the board's changes.
    let modes: [String: Mode]
    /// Status and messages longer than this are cut: a line on a splash, not a log.
    public static let maximumText = 160

    var mode = "boot-up"
    var status: String?
    var message: String?
    var percent: Int?
    /// A client gave the value (`system-update`): systemd's boot progress no longer sets it.
    var percentFromClient = false
    var hidden = false

    /// A translator whose modes are the defaults changed by `modes` (a board's `boot` keys),
    /// starting in `mode` (plymouthd's `--mode`: boot-up at start, shutdown or reboot at the end).
    public init(modes: [String: Mode] = [:], mode: String = "boot-up") {
        self.modes = Self.defaultModes.merging(modes.filter { Self.defaultModes[$0.key] != nil }) { $1 }
        self.mode = self.modes[mode] == nil ? "boot-up" : mode
    }

    /// The reply to send now (nil when an effect replies once done) and what to do.
    public mutating func translate(_ request: PlymouthFramer.Request) -> (reply: PlymouthReply?, effects: [Effect]) {
        switch Character(UnicodeScalar(request.command)) {
        case "P", "S", "!": return (.ack, [])
        case "R": return request.argument == nil ? (.ack, []) : (nil, [.newRoot(request.text)])
        case "U":
            status = Self.line(request.text)
            return (.ack, label())
        case "u":
            // As plymouthd: a value that is not a whole number from 0 to 100 counts as 0.
            let value = Int(request.text).flatMap { (0...100).contains($0) ? $0 : nil } ?? 0
            percent = value
            percentFromClient = true
            return (.ack, hidden ? [] : [.run(["progress \(Self.id) \(value)%"])] + label())
        case "C":
            mode = modes[request.text] == nil ? "boot-up" : request.text
            // A new mode starts with its own words; the last mode's status is no longer true.
            percent = nil
            percentFromClient = false
            status = nil
            return (.ack, (hidden ? [] : [.run(["dismiss \(Self.id)", showLine()])]) + [.mode(mode)])
        case "M":
            message = Self.line(request.text)
            return (.ack, label())
        case "m":
            if message == Self.line(request.text) { message = nil }
            return (.ack, label())
        case "$":
            hidden = false
            return (.ack, [.run([showLine()])])
        case "H":
            hidden = true
            return (.ack, [.run(["dismiss \(Self.id)"])])
        case "A": return (.ack, [.run(["pause \(Self.id)"])])
        case "a": return (.ack, [.run(["resume \(Self.id)"])])
        case "D": return (nil, [.release])
        case "r": return (.ack, [.adopt])
        case "Q": return (nil, [.quit(retainSplash: request.argument?.first.map { $0 != 0 } ?? false)])
        case "l": return (.ack, [.reload])
        case "V": return (nil, [.answerActiveVT])
        case "*": return (nil, [.ask(.password, question: Self.line(request.argument == nil ? "Password" : request.text))])
        case "W": return (nil, [.ask(.question, question: Self.line(request.text))])
        case "c": return (nil, [.answerCached])
        case "K": return (nil, [.watch(keys: request.argument == nil ? nil : request.text)])
        case "L": return (.ack, [.ignore(keys: request.argument == nil ? nil : request.text)])
        default: return (.nak, [])
        }
    }

    /// systemd's boot progress, in percent: the splash's value while booting up, unless a
    /// client gave one; it only grows, as systemd's may step back when jobs are queued.
    public mutating func bootProgress(_ value: Int) -> [Effect] {
        guard mode == "boot-up", !percentFromClient else { return [] }
        let v = max(percent ?? 0, min(100, max(0, value)))
        guard v != percent else { return [] }
        percent = v
        return hidden ? [] : [.run(["progress \(Self.id) \(v)%"])]
    }

    /// The line that shows the splash as it stands now.
    public func showLine() -> String {
        var line = "show \(Self.id) \(currentMode.kind.rawValue) label=\(ControlText.quoted(labelText)) detached=yes"
        if let percent { line += " value=\(percent)%" }
        return line
    }

    var currentMode: Mode { modes[mode] ?? Mode(label: "Starting up") }
    var labelText: String { message ?? status ?? currentMode.label }

    func label() -> [Effect] {
        hidden ? [] : [.run(["label \(Self.id) \(ControlText.quoted(labelText))"])]
    }

    /// One line of text from a client: control characters become spaces, and it is cut.
    static func line(_ text: String) -> String {
        let clean = String(text.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? " " : Character($0) })
        return String(clean.prefix(maximumText))
    }
}
