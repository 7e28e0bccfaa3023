// SPDX-License-Identifier: Apache-2.0
/// The keys of a scene's layers. A layer keeps its key from frame to frame, so the compositor
/// redraws only the layers that changed; and a key says what it shows, so a tap can be traced
/// back to the activity and the part of its picture it hit.
///
/// Each activity has 16 keys from `activity(serial)`: its parts at fixed offsets (`Part`). A
/// part drawn inside a box or a toast (a dialog's ring, a progress toast's bar) starts again at
/// `inner`, with the same offsets. Toasts have keys of their own from `0xF000_0000`, and what
/// an app draws under Halo (the demo's app screen) from `0xE000_0000`.
public enum LayerKey {
    /// The parts of an activity's picture, as offsets from its first key.
    public enum Part: UInt32, Sendable {
        /// Its ring or bar, or the dimming behind a modal or over a region.
        case shape = 0
        /// A message box behind it, or the first stroke of its outcome's mark.
        case second = 1
        /// The second stroke of the mark, or the spinner in a checkout's box.
        case third = 2
        /// The stop icon of a cancellable indicator.
        case stop = 3
        /// An indicator inside a box or toast: its own parts follow from here.
        case inner = 4
        /// The label's first line; further lines follow, one key each.
        case label = 8
    }

    static let perActivity: UInt32 = 16
    /// Serials stay below this (the engine wraps them), so an activity's keys never reach the
    /// toasts' or the backdrop's.
    public static let serialLimit: UInt32 = 0xE000_0000 / perActivity
    static let firstToast: UInt32 = 0xF000_0000
    static let firstBackdrop: UInt32 = 0xE000_0000

    /// The first key of the activity with `serial`, or the key of one of its parts.
    public static func activity(_ serial: UInt32, _ part: Part = .shape) -> UInt32 {
        (serial % serialLimit) &* perActivity &+ part.rawValue
    }

    /// The first key of the toast with `serial`.
    static func toast(_ serial: UInt32) -> UInt32 { firstToast | ((serial % (0x1000_0000 / perActivity)) &* perActivity) }

    /// The key of the backdrop's layer number `index`.
    public static func backdrop(_ index: Int) -> UInt32 { firstBackdrop &+ UInt32(truncatingIfNeeded: max(0, min(index, 0x0FFF_FEFF))) }

    /// The choice a tap on an indicator opens, and the keyboard's focus ring, take the top of
    /// the backdrop's range, which its few layers never reach: the choice's box is 0, its
    /// button `i` is `1 + 2i` and that button's word `2 + 2i`.
    static let firstChoice: UInt32 = 0xEFFF_FF00
    public static func choice(_ part: Int) -> UInt32 { firstChoice &+ UInt32(truncatingIfNeeded: max(0, min(part, 0x3F))) }
    /// The choice's box.
    static var choiceBox: UInt32 { choice(0) }
    /// The choice's button `i`, from 0 left to right, and the word on it.
    static func choiceButton(_ i: Int) -> UInt32 { choice(1 + 2 * i) }
    static func choiceWord(_ i: Int) -> UInt32 { choice(2 + 2 * i) }
    /// Whether `key` is a part of the choice (its box, a button, a word).
    static func isChoicePart(_ key: UInt32) -> Bool { key >= firstChoice && key < firstPrompt }
    /// A prompt's parts follow the choice's: its dimming 0, box 1, field 2, caret 3, typed
    /// text 4, question lines from 8 and the masked field's dots from 16.
    static let firstPrompt: UInt32 = 0xEFFF_FF40
    public static func prompt(_ part: Int) -> UInt32 { firstPrompt &+ UInt32(truncatingIfNeeded: max(0, min(part, 0x7F))) }
    /// The theme's pictures, after the prompt's keys: its background picture and its logo.
    static let backgroundPicture: UInt32 = 0xEFFF_FFC0
    static let logo: UInt32 = 0xEFFF_FFC1
    /// The target behind an open choice that closes it: a tap anywhere else. Never drawn.
    public static let choiceElsewhere: UInt32 = 0xEFFF_FFFE
    /// The ring round the target the keys have focused.
    public static let focusRing: UInt32 = 0xEFFF_FFFF

    /// The serial of the activity a key belongs to; nil for a toast's or the backdrop's.
    public static func serial(of key: UInt32) -> UInt32? { key < firstBackdrop ? key / perActivity : nil }

    /// The next serial after `serial`, wrapping before the keys would reach the toasts'.
    static func serial(after serial: UInt32) -> UInt32 { serial + 1 >= serialLimit ? 1 : serial + 1 }
}

/// A key and a part: `base + .label` is the key of the label's first line of the picture whose
/// first key is `base`.
func + (base: UInt32, part: LayerKey.Part) -> UInt32 { base &+ part.rawValue }
