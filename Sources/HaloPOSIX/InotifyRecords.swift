// SPDX-License-Identifier: Apache-2.0
/// One change inotify reported: in which watch, what happened (`IN_CREATE`, `IN_DELETE`, …)
/// and to which name in the watched folder.
public struct InotifyRecord: Equatable, Sendable {
    public var watch: Int32
    public var mask: UInt32
    public var name: String

    public init(watch: Int32, mask: UInt32, name: String) {
        self.watch = watch
        self.mask = mask
        self.name = name
    }
}

/// Splits what one read of an inotify descriptor gave into records: a 16-byte header (watch,
/// mask, cookie, name length, in the machine's byte order) then the name, padded with NULs.
/// The kernel only hands out whole records, but the parser does not rely on it: a record
/// that runs past the bytes ends the list instead of being read past the end.
public enum InotifyRecords {
    public static let headerSize = 16

    public static func parse(_ bytes: UnsafeRawBufferPointer) -> [InotifyRecord] {
        var records: [InotifyRecord] = []
        var at = 0
        while bytes.count - at >= headerSize {
            let watch = bytes.loadUnaligned(fromByteOffset: at, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: at + 12, as: UInt32.self))
            let start = at + headerSize
            guard length <= bytes.count - start else { break }
            let name = UnsafeRawBufferPointer(rebasing: bytes[start..<start + length]).prefix { $0 != 0 }
            records.append(InotifyRecord(watch: watch, mask: mask, name: String(decoding: name, as: UTF8.self)))
            at = start + length
        }
        return records
    }
}
