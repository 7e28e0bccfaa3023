// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX

/// Bytes waiting for a non-blocking socket to take them, written in order. One array, read
/// from `start`, compacted once drained, so a connection that is always answered at once
/// allocates nothing; whoever appends bounds it (`ClientSession`, `PlymouthConnection`).
struct OutgoingBytes {
    private var bytes: [UInt8] = []
    private var start = 0

    /// Bytes not yet taken by the socket.
    var count: Int { bytes.count - start }
    var isEmpty: Bool { start == bytes.count }

    mutating func append<S: Sequence>(contentsOf more: S) where S.Element == UInt8 {
        bytes.append(contentsOf: more)
    }

    /// Writes what `socket` takes now; false when writing failed (the peer has gone). A
    /// drained buffer keeps its room only while it is small (`keepingRoomUpTo` bytes).
    mutating func flush(to socket: Descriptor, keepingRoomUpTo room: Int) -> Bool {
        while start < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Result { () throws(SystemError) in try socket.write(UnsafeRawBufferPointer(rebasing: raw[start...])) }
            }
            guard case .success(let n) = written else { return false }
            if n == 0 { break }
            start += n
        }
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= room)
            start = 0
        }
        return true
    }

    /// What waits, for tests.
    var pending: ArraySlice<UInt8> { bytes[start...] }
}
