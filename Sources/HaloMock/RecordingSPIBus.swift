// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// An SPI bus in memory: records every message and its clock, as a bus analyser would, and
/// refuses a message longer than its `maximumMessageBytes` as spidev does (EMSGSIZE).
public final class RecordingSPIBus: SPIBus {
    public let maximumMessageBytes: Int
    public private(set) var messages: [(bytes: [UInt8], clockHz: Int32)] = []

    public init(maximumMessageBytes: Int = 4096) { self.maximumMessageBytes = maximumMessageBytes }

    public func send(_ bytes: [UInt8], clockHz: Int32) throws(RingError) {
        guard bytes.count <= maximumMessageBytes else {
            throw RingError("the SPI message of \(bytes.count) bytes is over the bus's \(maximumMessageBytes)-byte limit (EMSGSIZE)")
        }
        messages.append((bytes, clockHz))
    }
}
