// SPDX-License-Identifier: Apache-2.0
/// What a person typed at a prompt, as characters in the keyboard layout the system chose (the
/// console's keymap applies before Halo sees them), and the few keys a prompt acts on.
public enum TypedKey: Equatable, Sendable {
    /// Printable characters, in the order typed.
    case text(String)
    /// Enter or Return: the answer is complete.
    case enter
    /// Backspace or Delete: the last character goes.
    case erase
    /// Ctrl+U: everything typed so far goes.
    case eraseAll
    /// Ctrl+C, Ctrl+D or Escape alone: the person declines to answer.
    case cancel
}

/// Where typed keys come from while a prompt waits: the console's keyboard through its
/// terminal. Opened when a question is asked and closed when none waits.
public protocol TypingSource: EventSource {
    /// Receives the keys as they are typed.
    var onKeys: (([TypedKey]) -> Void)? { get set }
    /// Stops reading and puts the device back as it was.
    func close()
}
