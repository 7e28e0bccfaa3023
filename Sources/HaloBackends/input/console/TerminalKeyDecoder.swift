// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// Turns the bytes a terminal delivers in raw mode into typed keys. The kernel's console has
/// already applied the keymap, so the bytes are UTF-8 characters as the person meant them;
/// what is left is to hold a character split across two reads, to skip the escape sequences
/// of arrow and function keys, and to tell Enter, Backspace, Ctrl+U and Ctrl+C from text.
///
/// Escape alone cancels. The console sends a key's whole sequence in one write, so an escape
/// byte that ends a read, with nothing after it, is the Escape key itself.
public struct TerminalKeyDecoder: Sendable {
    enum State: Sendable {
        case ground
        /// After ESC: `[` starts a control sequence, `O` a single-shift one.
        case escape
        /// Inside `ESC [`, until a final byte from 0x40 to 0x7E.
        case controlSequence
        /// After `ESC O`: one more byte ends it.
        case singleShift
    }

    var state = State.ground
    /// The first bytes of a character whose rest is in the next read (at most 3).
    var partial: [UInt8] = []
    /// Whether the last byte was a carriage return, so a line feed after it is the same Enter.
    var afterReturn = false

    public init() {}

    /// The keys in `bytes`, in order; consecutive characters come as one `.text`.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TypedKey] {
        var keys: [TypedKey] = []
        var text: [UInt8] = partial
        partial = []
        for byte in bytes { step(byte, text: &text, keys: &keys) }
        if state == .escape {
            // ESC ended the read: the Escape key, not the start of a sequence.
            state = .ground
            Self.flush(&text, into: &keys)
            keys.append(.cancel)
            return keys
        }
        // A character cut by the end of the read waits for its other bytes.
        let cut = Self.incompleteTail(text)
        if cut > 0 {
            partial = Array(text.suffix(cut))
            text.removeLast(cut)
        }
        Self.flush(&text, into: &keys)
        return keys
    }

    /// One byte: inside an escape sequence it is skipped; a control byte ends the text so far
    /// and becomes its key; anything else is text.
    mutating func step(_ byte: UInt8, text: inout [UInt8], keys: inout [TypedKey]) {
        let wasReturn = afterReturn
        afterReturn = false
        switch state {
        case .escape:
            state = byte == UInt8(ascii: "[") ? .controlSequence : byte == UInt8(ascii: "O") ? .singleShift : .ground
            return
        case .controlSequence:
            if (0x40...0x7E).contains(byte) { state = .ground }
            return
        case .singleShift:
            state = .ground
            return
        case .ground: break
        }
        let key: TypedKey?
        switch byte {
        case 0x1B:
            state = .escape
            key = nil
        case 0x0D, 0x0A:
            // CR LF is one Enter.
            if byte == 0x0A && wasReturn { return }
            afterReturn = byte == 0x0D
            key = .enter
        case 0x7F, 0x08: key = .erase
        case 0x15: key = .eraseAll
        case 0x03, 0x04: key = .cancel
        case 0..<0x20: return
        default:
            text.append(byte)
            return
        }
        Self.flush(&text, into: &keys)
        if let key { keys.append(key) }
    }

    /// The text gathered so far, as one key.
    static func flush(_ text: inout [UInt8], into keys: inout [TypedKey]) {
        if !text.isEmpty, let s = decodeWhole(&text) { keys.append(.text(s)) }
        text.removeAll()
    }

    /// How many bytes at the end of `bytes` begin a UTF-8 character that is not complete.
    static func incompleteTail(_ bytes: [UInt8]) -> Int {
        var i = bytes.count - 1
        var continuation = 0
        while i >= 0, continuation < 3, bytes[i] & 0xC0 == 0x80 {
            continuation += 1
            i -= 1
        }
        guard i >= 0 else { return 0 }
        let lead = bytes[i]
        let length = lead >= 0xF0 && lead < 0xF8 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return length > continuation + 1 ? continuation + 1 : 0
    }

    /// `bytes` as text, with invalid UTF-8 left out: a person's answer is never guessed at.
    static func decodeWhole(_ bytes: inout [UInt8]) -> String? {
        var scalars = String.UnicodeScalarView()
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let s): scalars.append(s)
            case .error: continue
            case .emptyInput: break loop
            }
        }
        return scalars.isEmpty ? nil : String(scalars)
    }
}
