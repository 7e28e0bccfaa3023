// SPDX-License-Identifier: Apache-2.0
/// The kernel's key codes a board may name, from `include/uapi/linux/input-event-codes.h`
/// (part of the kernel's ABI, so they never change), and their names as the header spells them.
public enum KeyCode {
    public static let names: [String: UInt16] = [
        "KEY_ESC": 1, "KEY_TAB": 15, "KEY_ENTER": 28, "KEY_SPACE": 57, "KEY_KPENTER": 96, "KEY_UP": 103,
        "KEY_LEFT": 105, "KEY_RIGHT": 106, "KEY_DOWN": 108, "KEY_POWER": 116, "KEY_STOP": 128, "KEY_BACK": 158,
        "KEY_HOMEPAGE": 172, "KEY_EXIT": 174, "KEY_CANCEL": 223, "KEY_OK": 0x160, "KEY_SELECT": 0x161, "KEY_CLOSE": 206,
        "KEY_MENU": 139, "KEY_PAUSE": 119, "KEY_PLAYPAUSE": 164, "KEY_STOPCD": 166, "KEY_PROG1": 148, "KEY_F1": 59,
    ]

    /// Escape, Cancel, Stop and Back: the keys that ask to cancel unless a board says otherwise.
    public static let defaultCancelKeys: [UInt16] = [1, 223, 128, 158]

    /// `KEY_POWER`: logind powers the machine off on it, so a board may never give it a role.
    public static let power: UInt16 = 116

    /// The code of `name` (`KEY_ESC`), or of a number written in decimal (`1`); nil otherwise.
    public static func code(named name: String) -> UInt16? {
        if let code = names[name] { return code }
        guard let n = UInt16(name), n > 0, n < 0x300 else { return nil }
        return n
    }
}
