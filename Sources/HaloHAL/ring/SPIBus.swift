// SPDX-License-Identifier: Apache-2.0
/// An SPI bus that LED frames go out on: each frame one message, chip select held through it,
/// so a controller cannot pause halfway through the data. Linux's spidev implements it; the mock
/// records what it is sent.
public protocol SPIBus: AnyObject {
    /// The longest message the bus takes, in bytes (spidev's `bufsiz`, 4096 unless the kernel
    /// command line sets `spidev.bufsiz=`).
    var maximumMessageBytes: Int { get }
    /// Sends `bytes` as one message at `clockHz`.
    func send(_ bytes: [UInt8], clockHz: Int32) throws(RingError)
}
