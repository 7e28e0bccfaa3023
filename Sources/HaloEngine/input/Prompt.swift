// SPDX-License-Identifier: Apache-2.0
/// A question that waits for a typed answer, drawn over everything (`SceneBuilder.addPrompt`):
/// a boot's disk password, or a question a boot script asks. The engine only shows it; what
/// was typed is kept by whoever asked, and a password reaches the engine as a count, never as
/// its characters, so no frame, snapshot or log can hold it.
public struct Prompt: Equatable, Sendable {
    /// The words above the field (`Please enter passphrase for disk root`).
    public var question: String
    /// What the field shows.
    public var field: Field

    public enum Field: Equatable, Sendable {
        /// A password: one dot per character typed.
        case masked(count: Int)
        /// An answer that may be seen, as typed.
        case visible(String)
    }

    /// The dots a masked field draws at most; more characters still count, the row stays full.
    public static let maximumDots = 32

    public init(question: String, field: Field) {
        self.question = question
        self.field = field
    }
}

extension Engine {
    /// Shows `prompt` over everything, or takes it away with nil. While a prompt shows, taps and
    /// the focus keys do nothing else: the answer is typed.
    public func show(_ prompt: Prompt?) {
        self.prompt = prompt
        if prompt != nil {
            choice = nil
            keyFocus.move(to: nil)
        }
    }

    /// The prompt on screen, if one is.
    public var shownPrompt: Prompt? { prompt }
}
