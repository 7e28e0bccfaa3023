// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A start frame's file: the magic `HALOSF01`, then little-endian fields: the key, the DRM
/// device and connector (16-bit length and UTF-8 bytes; empty for none), a flags byte (1: a
/// mode is given, 2: rotation from the panel), the mode's width, height and refresh (0: any),
/// the frame's width, height and rotation in degrees (32-bit), its pixel format's name, and
/// the packed pixels to the end of the file.
extension StartFrame {
    static let magic = Array("HALOSF01".utf8)
    /// The longest string field: a key (which holds a `--show` line of up to 4 KiB), a device
    /// path or a connector name is far shorter.
    public static let maximumField = 16384
    /// The most a frame file's header takes: three string fields and the format's name, each
    /// at most `maximumField` bytes, and the fixed fields.
    public static let maximumHeaderBytes = 4 * (2 + maximumField) + 8 + 1 + 24

    public func encoded() -> [UInt8] {
        var out = Self.magic
        // Fields longer than `maximumField` are cut, and the file is then refused at boot: the
        // rehearsal refuses such a key before it gets here.
        func string(_ s: String) {
            let bytes = Array(s.utf8.prefix(Self.maximumField))
            integer(Int32(bytes.count), bytes: 2)
            out += bytes
        }
        func integer(_ value: Int32, bytes: Int) {
            for k in 0..<bytes { out.append(UInt8(truncatingIfNeeded: value >> (8 * Int32(k)))) }
        }
        string(key)
        string(screen.device ?? "")
        string(screen.connector ?? "")
        out.append((screen.mode == nil ? 0 : 1) | (screen.rotationFromPanel ? 2 : 0))
        let mode = screen.mode
        let numbers: [Int32] = [mode?.width ?? 0, mode?.height ?? 0, mode?.refresh ?? 0, width, height, rotation.degrees]
        for value in numbers { integer(value, bytes: 4) }
        string(format.rawValue)
        return out + packed
    }

    /// Reads a frame file's bytes; every field is checked, so a damaged or foreign file is an
    /// error that says what is wrong, never a frame of the wrong size.
    public static func decode(_ bytes: [UInt8]) throws(StartFrameError) -> StartFrame {
        var reader = FieldReader(bytes: bytes)
        guard reader.take(magic.count).map({ Array($0) == magic }) == true else {
            throw StartFrameError("not a Halo start frame (no HALOSF01 at its start)")
        }
        let key = try reader.string(), device = try reader.string(), connector = try reader.string()
        let flags = try reader.integer(1)
        var numbers: [Int32] = []
        for _ in 0..<6 { numbers.append(Int32(truncatingIfNeeded: try reader.integer(4))) }
        let formatName = try reader.string()
        guard let format = PixelFormat(rawValue: formatName) else { throw StartFrameError("unknown pixel format '\(formatName)'") }
        guard let rotation = Rotation(degrees: numbers[5]) else { throw StartFrameError("rotation \(numbers[5]) is not 0, 90, 180 or 270") }
        let (width, height) = (numbers[3], numbers[4])
        guard (1...maximumSide).contains(width), (1...maximumSide).contains(height) else {
            throw StartFrameError("a \(width)x\(height) frame; sides run from 1 to \(maximumSide)")
        }
        let mode = flags & 1 == 0 ? nil : ModeRequest(width: numbers[0], height: numbers[1], refresh: numbers[2] == 0 ? nil : numbers[2])
        let screen = Screen(
            device: device.isEmpty ? nil : device, connector: connector.isEmpty ? nil : connector, mode: mode,
            rotationFromPanel: flags & 2 != 0)
        return StartFrame(
            key: key, screen: screen, width: width, height: height, format: format, rotation: rotation,
            packed: Array(bytes[reader.at...]))
    }
}

/// Reads a frame file's header fields in order, never past its end.
struct FieldReader {
    let bytes: [UInt8]
    var at = 0

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, bytes.count - at >= count else { return nil }
        defer { at += count }
        return bytes[at..<(at + count)]
    }

    mutating func integer(_ size: Int) throws(StartFrameError) -> UInt32 {
        guard let field = take(size) else { throw StartFrameError("the frame's header is cut short") }
        return field.reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func string() throws(StartFrameError) -> String {
        let length = Int(try integer(2))
        guard length <= StartFrame.maximumField, let field = take(length) else { throw StartFrameError("the frame's header is cut short") }
        return String(decoding: field, as: UTF8.self)
    }
}
