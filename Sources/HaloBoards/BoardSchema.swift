// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// The keys of a board file and how each value is checked. Every key documented in
/// Boards/README.md is handled here, and nothing else is accepted.
struct BoardSchema {
    let path: String

    func fail(_ node: YAMLNode, _ key: String, _ message: String, _ fix: String) -> BoardError {
        BoardError(path: path, line: node.line, key: key, message: message, fix: fix)
    }

    func board(_ root: YAMLNode, defaultName: String) throws(BoardError) -> Board {
        var b = Board(name: defaultName)
        try read(root, "", into: &b)
        try checkShapes(root, b)
        try checkLeds(b)
        // Sizes inside their own ranges can still leave no room for text together. A panel
        // turned by its DRM orientation is only known at start, so both sides must do.
        let widths = b.display.rotationFromPanel ? [min(b.width, b.height)] : [b.logicalWidth]
        for w in widths {
            if let s = TextRoom.shortfalls(b.theme, screenWidth: w).first {
                throw BoardError(path: path, line: nil, key: s.keys, message: s.problem, fix: s.fix)
            }
        }
        return b
    }

    /// Reads the mapping `node` at `prefix` (a dotted path, "" at the top) into `b`: each entry
    /// is a key of the table, or a section holding some, or refused with the keys known there.
    func read(_ node: YAMLNode, _ prefix: String, into b: inout Board) throws(BoardError) {
        guard case .mapping(let entries, _) = node else {
            throw fail(
                node, prefix.isEmpty ? "(top level)" : prefix, "expected a mapping of keys",
                "indent the keys under \(prefix.isEmpty ? "the top level" : prefix + ":")")
        }
        for e in entries {
            let full = prefix.isEmpty ? e.key : prefix + "." + e.key
            if let key = Self.keys.first(where: { $0.path == full }) {
                try key.read(self, e.value, full, &b)
            } else if Self.keys.contains(where: { $0.path.hasPrefix(full + ".") }) {
                try read(e.value, full, into: &b)
            } else {
                throw BoardError(
                    path: path, line: e.line, key: full, message: "unknown key",
                    fix: "known keys here are \(Self.known(under: prefix).joined(separator: ", ")) (see Boards/README.md)")
            }
        }
    }

    /// The names the table knows directly under `prefix`, in the table's order.
    static func known(under prefix: String) -> [String] {
        var names: [String] = []
        for key in keys where prefix.isEmpty || key.path.hasPrefix(prefix + ".") {
            let rest = prefix.isEmpty ? key.path[...] : key.path.dropFirst(prefix.count + 1)
            let name = String(rest.prefix { $0 != "." })
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// What one key alone cannot check: a ring's thickness against its diameter.
    func checkShapes(_ root: YAMLNode, _ b: Board) throws(BoardError) {
        let t = b.theme
        guard t.circularThickness * 2 > t.circularDiameter else { return }
        throw BoardError(
            path: path, line: root.line(at: ["theme", "circular"]), key: "theme.circular",
            message: "thickness \(t.circularThickness) is more than half the diameter \(t.circularDiameter)",
            fix: "make the ring thinner or wider")
    }

    func rotation(_ v: YAMLNode, _ key: String, _ b: inout Board) throws(BoardError) {
        let s = try text(v, key)
        if s == "auto" {
            b.display.rotationFromPanel = true
            return
        }
        guard s.utf8.count <= 3, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let degrees = Int32(s), let r = Rotation(degrees: degrees)
        else {
            throw fail(
                v, key, "'\(s)' is not a rotation",
                "use 0, 90, 180 or 270 (degrees clockwise), or auto to take the panel's orientation from its DRM connector")
        }
        b.rotation = r
    }

    /// A path under /dev in so many words: no "." or ".." step may lead out of it. What it opens
    /// is checked again on the descriptor (it must be a character device).
    func deviceNode(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let path = try text(v, key)
        let steps = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard path.hasPrefix("/dev/"), !steps.contains(where: { $0 == "." || $0 == ".." || $0.isEmpty }) else {
            throw fail(
                v, key, "'\(path)' is not a device node under /dev",
                "write a path such as /dev/dri/card0 or /dev/fb0, without '.', '..' or '//'")
        }
        return path
    }

    /// A Wayland socket: a name in the session's runtime folder, or an absolute path, short
    /// enough for a Unix socket address.
    func waylandSocket(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let name = try text(v, key)
        let steps = name.split(separator: "/", omittingEmptySubsequences: false)
        let path = name.hasPrefix("/") && !steps.dropFirst().contains { $0 == "." || $0 == ".." || $0.isEmpty }
        guard (path || (!name.contains("/") && name != "." && name != "..")) && !name.isEmpty && name.utf8.count < 108 else {
            throw fail(
                v, key, "'\(name)' is not a Wayland socket", "write its name in $XDG_RUNTIME_DIR (wayland-1) or its absolute path")
        }
        return name
    }

    func absoluteFolder(_ v: YAMLNode, _ key: String) throws(BoardError) -> String {
        let path = try text(v, key)
        guard path.hasPrefix("/"), !path.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw fail(
                v, key, "'\(path)' is not an absolute folder path", "write a path such as /var/lib/halo/snapshots, without '.' or '..'")
        }
        return path
    }

    func milliseconds(_ v: YAMLNode, _ key: String) throws(BoardError) -> Milliseconds {
        Milliseconds(Int64(try integer(v, key, 0...600_000)))
    }

    /// A number with up to two decimals, as hundredths (`2.2` is 220), within `range`.
    func hundredths(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int32>) throws(BoardError) -> Int32 {
        let s = try text(node, key)
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        let digits = { (p: Substring) in !p.isEmpty && p.count <= 4 && p.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }
        guard (parts.count == 1 || parts.count == 2) && digits(parts[0]) && (parts.count == 1 || (digits(parts[1]) && parts[1].count <= 2)),
            let whole = Int32(parts[0])
        else {
            throw fail(node, key, "'\(s)' is not a number", "write it in plain digits with at most two decimals, e.g. 2.2")
        }
        var fraction: Int32 = 0
        if parts.count == 2, let f = Int32(parts[1]) { fraction = parts[1].count == 1 ? f * 10 : f }
        let value = whole * 100 + fraction
        guard range.contains(value) else {
            throw fail(
                node, key, "\(s) is out of range",
                "use a number from \(Double(range.lowerBound) / 100) to \(Double(range.upperBound) / 100)")
        }
        return value
    }

    /// A GPIO line's name (`GPIO17`) or `CHIP:OFFSET`: never a path, and short. The fix names
    /// line `example` in both forms.
    func gpioLine(_ node: YAMLNode, _ key: String, example: Int) throws(BoardError) -> String {
        let line = try text(node, key)
        guard !line.isEmpty, !line.contains("/"), line.utf8.count <= 64 else {
            throw fail(
                node, key, "'\(line)' is not a GPIO line",
                "name it as gpioinfo does (GPIO\(example)) or as CHIP:OFFSET (gpiochip0:\(example))")
        }
        return line
    }

    func text(_ node: YAMLNode, _ key: String) throws(BoardError) -> String {
        guard case .scalar(let s, _) = node else {
            throw fail(node, key, "expected a single value", "write \(key.split(separator: ".").last ?? ""): value on one line")
        }
        return s
    }

    /// Font files, in order: a list of at most 8 paths or file names, none blank.
    func fontList(_ node: YAMLNode, _ key: String) throws(BoardError) -> [String] {
        let fix = "write a list of TrueType or OpenType files, e.g. [NotoSansThai-Regular.ttf, DroidSansFallbackFull.ttf]"
        guard case .sequence(let items, _) = node else { throw fail(node, key, "expected a list of fonts", fix) }
        guard items.count <= 8 else { throw fail(node, key, "names \(items.count) fonts; at most 8 are tried", fix) }
        var files: [String] = []
        for item in items {
            let file = try text(item, key)
            guard !file.isEmpty, file.utf8.count <= 4096 else { throw fail(item, key, "is not a font file's name", fix) }
            files.append(file)
        }
        return files
    }

    /// Words a person reads on the screen: one line, not blank, at most 512 bytes.
    func words(_ node: YAMLNode, _ key: String) throws(BoardError) -> String {
        let s = try text(node, key)
        if s.utf8.allSatisfy({ $0 == 32 || $0 == 9 }) {
            throw fail(node, key, "is blank", "write the words to show, e.g. \(key.split(separator: ".").last ?? ""): \"Upload stopped\"")
        }
        if s.utf8.count > 512 {
            throw fail(node, key, "is \(s.utf8.count) bytes long", "keep it under 512 bytes; it must fit on a small screen")
        }
        return s
    }

    /// A value `parse` understands; otherwise an error saying the text is not `isNot` (a
    /// display backend, a colour order), with `fix`.
    func parsed<T>(_ node: YAMLNode, _ key: String, _ parse: (String) -> T?, isNot what: String, _ fix: String) throws(BoardError) -> T {
        let s = try text(node, key)
        guard let value = parse(s) else { throw fail(node, key, "'\(s)' is not \(what)", fix) }
        return value
    }

    func integer(_ node: YAMLNode, _ key: String, _ range: ClosedRange<Int32>) throws(BoardError) -> Int32 {
        let s = try text(node, key)
        // Plain digits only: Int32 would also take "+800", which no board means.
        let digits = s.utf8.first == UInt8(ascii: "-") ? s.utf8.dropFirst() : s.utf8[...]
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int32(s) else {
            throw fail(
                node, key, "'\(s)' is not a whole number", "write a number from \(range.lowerBound) to \(range.upperBound) in plain digits")
        }
        guard range.contains(v) else {
            throw fail(node, key, "\(v) is out of range", "use a number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    func yesNo(_ node: YAMLNode, _ key: String) throws(BoardError) -> Bool {
        switch try text(node, key) {
        case "yes", "true": return true
        case "no", "false": return false
        default: throw fail(node, key, "'\(try text(node, key))' is not yes or no", "write yes or no")
        }
    }

    /// A percentage 0...100 as 0...255.
    func percent(_ node: YAMLNode, _ key: String) throws(BoardError) -> UInt8 {
        var s = try text(node, key)
        if s.hasSuffix("%") { s.removeLast() }
        guard !s.isEmpty, s.utf8.count <= 3, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int32(s), (0...100).contains(v) else {
            throw fail(node, key, "'\(try text(node, key))' is not a percentage", "write a whole percentage from 0 to 100, e.g. 90")
        }
        return UInt8((v * 255 + 50) / 100)
    }

    func color(_ node: YAMLNode, _ key: String) throws(BoardError) -> Color {
        let s = try text(node, key)
        let hex = Array(s.utf8)
        let isHexDigit = { (b: UInt8) in (b >= 48 && b <= 57) || (b >= 65 && b <= 70) || (b >= 97 && b <= 102) }
        guard hex.count == 7, hex[0] == UInt8(ascii: "#"), hex[1...].allSatisfy(isHexDigit),
            let v = UInt32(String(decoding: hex[1...], as: UTF8.self), radix: 16)
        else {
            throw fail(node, key, "'\(s)' is not a colour", "write it as \"#RRGGBB\" in quotes, e.g. \"#0A84FF\"")
        }
        return Color(rgb: v)
    }
}
