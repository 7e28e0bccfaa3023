// SPDX-License-Identifier: Apache-2.0
/// Cuts a Plymouth client's bytes into requests, as plymouthd's `read_request`
/// (`ply-boot-server.c`) reads them: a command byte, then either `0x00` (no argument) or
/// `0x02`, a length byte N (1 to 255, the trailing NUL included) and N bytes ending in NUL.
/// Anything else (a second byte that is neither, a length of 0, an argument without its NUL)
/// is malformed, and plymouthd drops the connection for it; so does Halo. A request is at
/// most 258 bytes, so a connection holds no more than that however it sends.
public struct PlymouthFramer: Sendable {
    public struct Request: Equatable, Sendable {
        /// The request's letter (`P` ping, `U` update, `Q` quit …, `ply-boot-protocol.h`).
        public var command: UInt8
        /// Its argument without the NUL; nil when it came with none.
        public var argument: [UInt8]?

        public init(command: UInt8, argument: [UInt8]?) {
            self.command = command
            self.argument = argument
        }

        /// The argument as text (invalid UTF-8 repaired), or "" without one.
        public var text: String { argument.map { String(decoding: $0, as: UTF8.self) } ?? "" }
    }

    public enum Piece: Equatable, Sendable {
        case request(Request)
        /// The bytes broke the framing: why, for the log. Nothing after it is read.
        case malformed(String)
    }

    var pending: [UInt8] = []
    var broken = false

    public init() {}

    /// True between a request's first byte and its last.
    public var isMidRequest: Bool { !pending.isEmpty }

    /// Feeds `bytes`; returns the requests they complete, in order, or a malformed piece
    /// after which nothing more is read.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [Piece] {
        var out: [Piece] = []
        for b in bytes where !broken {
            pending.append(b)
            if let piece = take() { out.append(piece) }
        }
        return out
    }

    /// The request `pending` holds, once whole.
    mutating func take() -> Piece? {
        guard pending.count >= 2 else { return nil }
        switch pending[1] {
        case 0x00:
            defer { pending.removeAll(keepingCapacity: true) }
            return .request(Request(command: pending[0], argument: nil))
        case 0x02:
            guard pending.count >= 3 else { return nil }
            let size = Int(pending[2])
            if size == 0 { return fail("an argument of length 0 (the length counts its NUL, so it is at least 1)") }
            guard pending.count == 3 + size else { return nil }
            if pending[pending.count - 1] != 0 { return fail("an argument of \(size) bytes that does not end in NUL") }
            defer { pending.removeAll(keepingCapacity: true) }
            return .request(Request(command: pending[0], argument: Array(pending[3..<(pending.count - 1)])))
        default:
            return fail("a request whose second byte is \(pending[1]), neither 0 (no argument) nor 2 (an argument)")
        }
    }

    mutating func fail(_ why: String) -> Piece {
        broken = true
        pending.removeAll()
        return .malformed(why)
    }
}

/// Plymouth's replies (`ply-boot-protocol.h`): one byte, or an answer with a 32-bit length in
/// the machine's byte order (plymouth writes it with `ply_write_uint32`, little-endian on
/// every machine Halo runs on) and its bytes.
public enum PlymouthReply: Equatable, Sendable {
    case ack
    case nak
    case noAnswer
    case answer([UInt8])
    case multipleAnswers([UInt8])

    public var bytes: [UInt8] {
        switch self {
        case .ack: return [0x06]
        case .nak: return [0x15]
        case .noAnswer: return [0x05]
        case .answer(let b): return [0x02] + Self.length(b.count) + b
        case .multipleAnswers(let b): return [0x09] + Self.length(b.count) + b
        }
    }

    static func length(_ n: Int) -> [UInt8] {
        let v = UInt32(clamping: n)
        return [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)]
    }
}
