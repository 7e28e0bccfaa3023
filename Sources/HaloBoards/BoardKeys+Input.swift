// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// The `input` keys: which devices Halo reads and what they do.
extension BoardSchema {
    static let inputKeys: [BoardKey] = [
        BoardKey("input.devices") { s, v, k, b throws(BoardError) in b.input.devices = try s.inputDevices(v, k) },
        BoardKey("input.grab") { s, v, k, b throws(BoardError) in b.input.grab = try s.yesNo(v, k) },
        BoardKey("input.cancel-keys") { s, v, k, b throws(BoardError) in b.input.cancelKeys = try s.cancelKeys(v, k) },
        BoardKey("input.slop-px") { s, v, k, b throws(BoardError) in b.input.slop = try s.integer(v, k, 1...64) },
        BoardKey("input.calibration") { s, v, k, b throws(BoardError) in b.input.calibration = try s.calibration(v, k) },
        BoardKey("input.button.line") { s, v, k, b throws(BoardError) in b.input.buttonLine = try s.gpioLine(v, k, example: 17) },
        BoardKey("input.button.active-low") { s, v, k, b throws(BoardError) in b.input.buttonActiveLow = try s.yesNo(v, k) },
        BoardKey("input.button.bias") { s, v, k, b throws(BoardError) in
            b.input.buttonBias = try s.parsed(
                v, k, InputSettings.Bias.init(rawValue:), isNot: "a bias",
                "use one of \(InputSettings.Bias.allCases.map(\.rawValue).joined(separator: ", "))")
        },
        BoardKey("input.button.debounce-ms") { s, v, k, b throws(BoardError) in
            b.input.buttonDebounceMilliseconds = try s.integer(v, k, 0...1000)
        },
        BoardKey("input.button.long-press-ms") { s, v, k, b throws(BoardError) in
            b.input.longPressMilliseconds = try s.integer(v, k, 100...10_000)
        },
    ]

    /// `auto`, `none`, or a list of /dev/input nodes.
    func inputDevices(_ v: YAMLNode, _ key: String) throws(BoardError) -> InputSettings.Devices {
        if case .sequence(let items, _) = v {
            var paths: [String] = []
            for item in items {
                let path = try deviceNode(item, key)
                guard path.hasPrefix("/dev/input/") else {
                    throw fail(
                        item, key, "'\(path)' is not under /dev/input",
                        "name the event node, e.g. /dev/input/event2 or /dev/input/by-path/…")
                }
                paths.append(path)
            }
            return .listed(paths)
        }
        return try parsed(
            v, key, { ["auto": InputSettings.Devices.auto, "none": .none][$0] }, isNot: "a choice of input devices",
            "write auto (every touchscreen and keyboard), none, or a list of nodes such as [/dev/input/event2]")
    }

    /// Key names (`KEY_ESC`) or codes; never `KEY_POWER`.
    func cancelKeys(_ v: YAMLNode, _ key: String) throws(BoardError) -> [UInt16] {
        guard case .sequence(let items, _) = v else {
            throw fail(v, key, "expected a list of keys", "write e.g. [KEY_ESC, KEY_BACK]")
        }
        var codes: [UInt16] = []
        for item in items {
            let name = try text(item, key)
            guard let code = KeyCode.code(named: name) else {
                throw fail(
                    item, key, "'\(name)' is not a key Halo knows",
                    "write a name from linux/input-event-codes.h such as KEY_ESC, KEY_BACK or KEY_STOP, or its code in decimal")
            }
            if code == KeyCode.power {
                throw fail(
                    item, key, "KEY_POWER cannot cancel: logind powers the machine off when it is pressed",
                    "choose another key, such as KEY_ESC, KEY_BACK or KEY_STOP")
            }
            codes.append(code)
        }
        return codes
    }

    /// Six numbers, as libinput's LIBINPUT_CALIBRATION_MATRIX writes them (`[1, 0, 0, 0, 1, 0]`),
    /// each from -8 to 8 with at most four decimals, into Q16.
    func calibration(_ v: YAMLNode, _ key: String) throws(BoardError) -> [Int32] {
        let fix = "write six numbers from -8 to 8, as libinput's calibration matrix, e.g. [1, 0, 0, 0, 1, 0] or [-1, 0, 1, 0, 1, 0]"
        guard case .sequence(let items, _) = v, items.count == 6 else { throw fail(v, key, "expected a list of six numbers", fix) }
        var matrix: [Int32] = []
        for item in items {
            let t = try text(item, key)
            guard let q16 = Self.q16(t), abs(q16) <= 8 * 65536 else { throw fail(item, key, "'\(t)' is not a number from -8 to 8", fix) }
            matrix.append(q16)
        }
        return matrix
    }

    /// A decimal with at most four places (`-1`, `0.5`, `1.0125`) in Q16, rounded; nil otherwise.
    static func q16(_ text: String) -> Int32? {
        var digits = Substring(text)
        let negative = digits.hasPrefix("-")
        if negative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0, whole <= 8 else { return nil }
        var fraction: Int64 = 0, scale: Int64 = 1
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].count <= 4, let f = Int64(parts[1]), f >= 0 else { return nil }
            fraction = f
            for _ in 0..<parts[1].count { scale *= 10 }
        }
        let value = (whole * scale + fraction) * 65536
        let q16 = (value + scale / 2) / scale
        return Int32(negative ? -q16 : q16)
    }
}
