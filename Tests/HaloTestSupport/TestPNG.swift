// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// PNG files made by tests: chunks with their CRC, and 8-bit RGBA pictures, so that tests can
/// hand the decoder both good files and files written to hurt it.
public enum TestPNG {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A chunk with its length and CRC-32, as any writer, kind or not, would make it.
    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return bigEndian(UInt32(data.count)) + body + bigEndian(~crc)
    }

    public static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    /// `bitmap` as an 8-bit RGBA PNG, rows unfiltered; `deflate` makes the zlib stream of the
    /// raw rows (by default stored blocks, no compression, no zlib needed).
    public static func rgba(_ bitmap: Bitmap, deflate: ([UInt8]) -> [UInt8] = stored) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<bitmap.height {
            raw.append(0)
            for x in 0..<bitmap.width {
                let c = bitmap[x, y]
                raw += [c.r, c.g, c.b, c.a]
            }
        }
        let header = bigEndian(UInt32(bitmap.width)) + bigEndian(UInt32(bitmap.height)) + [8, 6, 0, 0, 0]
        return signature + chunk("IHDR", header) + chunk("IDAT", deflate(raw)) + chunk("IEND", [])
    }

    /// A zlib stream of `raw` in stored blocks of at most 65 535 bytes.
    public static func stored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var at = 0
        repeat {
            let n = min(65535, raw.count - at)
            let last: UInt8 = at + n == raw.count ? 1 : 0
            out += [last, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)] + raw[at..<at + n]
            at += n
        } while at < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + bigEndian(b << 16 | a)
    }
}
