// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX

/// Whether a keyboard a person could type a password on is plugged in: an input device with
/// letter keys and Enter, as the kernel lists it under `/sys/class/input`. A remote control or a
/// power button has keys too, but no letters. Read from sysfs, which needs no permission and
/// opens no device.
public enum KeyboardPresence {
    /// `KEY_ENTER` and `KEY_A` from <linux/input-event-codes.h>: both in the bitmap's lowest
    /// word, whatever the kernel's word size.
    static let enter = 28
    static let letterA = 30

    /// Whether any device under `root` (normally `/sys/class/input`) has letter keys and Enter.
    public static func keyboardAttached(root: String = "/sys/class/input") -> Bool {
        for name in DirectoryListing.names(in: root, limit: 512) where name.hasPrefix("input") {
            guard let bytes = try? WholeFile.read(root + "/" + name + "/capabilities/key", limit: 4096) else { continue }
            if hasTypingKeys(String(decoding: bytes, as: UTF8.self)) { return true }
        }
        return false
    }

    /// Whether a `capabilities/key` bitmap (hexadecimal words, most significant first) has
    /// `KEY_A` and `KEY_ENTER`.
    static func hasTypingKeys(_ bitmap: String) -> Bool {
        guard let last = bitmap.split(whereSeparator: { $0 == " " || $0 == "\n" }).last, last.count <= 16,
            let word = UInt64(last, radix: 16)
        else { return false }
        let wanted: UInt64 = 1 << UInt64(enter) | 1 << UInt64(letterA)
        return word & wanted == wanted
    }
}
