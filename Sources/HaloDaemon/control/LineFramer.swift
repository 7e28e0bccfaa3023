// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// Cuts a client's byte stream into lines of at most `CommandParser.maximumLineBytes` bytes.
/// A longer line is not kept: its bytes are dropped up to its newline and it is reported
/// once, so a client sending a megabyte without a newline costs the daemon 4 KiB.
public struct LineFramer {
    public enum Piece: Equatable {
        case line(String)
        /// A line over the limit was dropped; `bytes` is how long it was.
        case overlong(bytes: Int)
    }

    public let limit: Int
    var partial: [UInt8] = []
    /// Bytes of the current line dropped so far, when it is over the limit.
    var dropped = 0

    public init(limit: Int = CommandParser.maximumLineBytes) {
        self.limit = limit
        partial.reserveCapacity(256)
    }

    /// True between the first byte of a line and its newline (an overlong one included).
    public var isMidLine: Bool { !partial.isEmpty || dropped > 0 }

    /// Feeds `bytes`; returns the lines they complete, in order.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Piece] {
        var out: [Piece] = []
        for b in bytes {
            if b == UInt8(ascii: "\n") {
                if dropped > 0 {
                    out.append(.overlong(bytes: dropped))
                    dropped = 0
                } else {
                    if partial.last == UInt8(ascii: "\r") { partial.removeLast() }
                    out.append(.line(String(decoding: partial, as: UTF8.self)))
                }
                partial.removeAll(keepingCapacity: true)
            } else if dropped > 0 {
                dropped += 1
            } else if partial.count >= limit {
                dropped = partial.count + 1
                partial.removeAll(keepingCapacity: true)
            } else {
                partial.append(b)
            }
        }
        return out
    }
}
