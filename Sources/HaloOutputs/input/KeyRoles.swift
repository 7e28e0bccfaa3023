// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL

/// Which kernel key codes do what, by default: Tab and the arrows move the focus, Enter, OK,
/// Select and Space act, and Escape, Cancel, Stop and Back cancel (a board's
/// `input.cancel-keys` replaces that last list).
public enum KeyRoles {
    public static let defaults: [UInt16: KeyFocus.Key] = with(cancelKeys: KeyCode.defaultCancelKeys)

    /// The default roles with `cancelKeys` as the keys that cancel.
    public static func with(cancelKeys: [UInt16]) -> [UInt16: KeyFocus.Key] {
        var roles: [UInt16: KeyFocus.Key] = [:]
        for name in ["KEY_TAB", "KEY_DOWN", "KEY_RIGHT"] { roles[KeyCode.code(named: name)!] = .next }
        for name in ["KEY_UP", "KEY_LEFT"] { roles[KeyCode.code(named: name)!] = .previous }
        for name in ["KEY_ENTER", "KEY_KPENTER", "KEY_OK", "KEY_SELECT", "KEY_SPACE"] { roles[KeyCode.code(named: name)!] = .activate }
        for code in cancelKeys { roles[code] = .cancel }
        return roles
    }
}
