// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL

/// What a boot's questions need: where typed keys come from, and whether a person could type.
public struct PlymouthTyping {
    /// Opens the keyboard (the console's terminal); nil when the keys come another way (the
    /// mock display's `person type`).
    public var open: () throws -> (any TypingSource)?
    /// Whether a keyboard is plugged in now.
    public var keyboardAttached: () -> Bool

    public init(open: @escaping () throws -> (any TypingSource)?, keyboardAttached: @escaping () -> Bool) {
        self.open = open
        self.keyboardAttached = keyboardAttached
    }

    /// No keyboard at all: every question is left to the console.
    public static var none: PlymouthTyping { PlymouthTyping(open: { nil }, keyboardAttached: { false }) }
}

/// Passwords, questions and keystroke watches (`PlymouthPrompts`) on the screen and the keyboard.
/// A person must always be able to answer a password: with no keyboard to type on, the
/// question is answered "no answer" at once and the screen is given back, so the console's own
/// agent asks instead, as plymouthd does when it has no splash.
extension PlymouthServer {
    func ask(_ kind: PlymouthPrompts.Kind, question: String, for c: PlymouthConnection) {
        guard typing.keyboardAttached() else {
            c.reply(.noAnswer)
            _ = daemon.handoff(release: true)
            report(
                "Plymouth asked for \(kind == .password ? "a password" : "an answer") and no keyboard is plugged in (or the board's boot.prompts is console): the screen was given back so the console's own agent can ask"
            )
            return
        }
        guard prompts.ask(kind, question: question, connection: c.number) else {
            c.reply(.noAnswer)
            return
        }
        guard startTyping() else {
            prompts.forget(connection: c.number)
            c.reply(.noAnswer)
            _ = daemon.handoff(release: true)
            return
        }
        showPrompt()
    }

    func watchKeys(_ keys: String?, for c: PlymouthConnection) {
        guard prompts.watch(keys: keys, connection: c.number) else {
            c.reply(.noAnswer)
            return
        }
        if typing.keyboardAttached() { _ = startTyping() }
    }

    func answerCached(_ c: PlymouthConnection) {
        let cached = prompts.cached
        guard !cached.isEmpty else {
            c.reply(.noAnswer)
            return
        }
        // Each password with its NUL, as plymouthd lists them.
        c.reply(.multipleAnswers(cached.flatMap { Array($0.utf8) + [0] }))
    }

    /// Keys a person typed, from the keyboard or the mock display.
    func typed(_ keys: [TypedKey]) {
        for key in keys { deliver(prompts.type(key)) }
        showPrompt()
        stopTypingIfIdle()
    }

    func deliver(_ answers: [PlymouthPrompts.Answer]) {
        for a in answers {
            guard let c = connections.first(where: { $0.number == a.connection && !$0.closed }) else { continue }
            c.reply(a.text.map { .answer(Array($0.utf8)) } ?? .noAnswer)
        }
    }

    /// Opens the keyboard unless it is open (again, if its terminal hung up); false, logged,
    /// when it cannot be. Where keys come another way (`open` gives nil) there is nothing to open.
    func startTyping() -> Bool {
        if let keyboard, !keyboard.finished { return true }
        do {
            keyboard = try typing.open()
            if let keyboard {
                keyboard.onKeys = { [unowned self] in self.typed($0) }
                daemon.watch(keyboard)
            }
            return true
        } catch {
            report("cannot read the keyboard for Plymouth's question (\(error)); the screen was given back so the console can ask")
            return false
        }
    }

    func stopTypingIfIdle() {
        guard prompts.entries.isEmpty && prompts.watches.isEmpty else { return }
        keyboard?.close()
        keyboard = nil
    }

    func showPrompt() {
        let prompt = prompts.prompt
        if daemon.engine.shownPrompt != prompt {
            daemon.engine.show(prompt)
            daemon.needsFrame = true
        }
    }

    /// A connection closed: its question, its watch and its wait for quit go with it.
    func closed(_ c: PlymouthConnection) {
        connections.removeAll { $0 === c }
        prompts.forget(connection: c.number)
        showPrompt()
        stopTypingIfIdle()
    }

    /// Quit: whoever still waits hears "no answer", and the passwords are forgotten.
    func endPrompts() {
        deliver(prompts.end())
        showPrompt()
        stopTypingIfIdle()
    }
}
