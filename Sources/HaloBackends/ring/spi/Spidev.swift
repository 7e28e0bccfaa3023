// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A Linux spidev node (`/dev/spidevB.C`), opened once at start and kept: SPI mode 0, 8-bit
/// words, and each frame one `SPI_IOC_MESSAGE(1)`, so chip select stays asserted and the
/// controller sends it as one transfer. Its message limit is spidev's `bufsiz` module parameter.
public final class Spidev: SPIBus {
    public let path: String
    let descriptor: Descriptor
    public let maximumMessageBytes: Int

    /// Where spidev says how long a message may be.
    static let bufsizPath = "/sys/module/spidev/parameters/bufsiz"

    public init(path: String) throws(RingError) {
        self.path = path
        do { descriptor = try CharacterDevice.open(path, flags: O_RDWR | O_CLOEXEC) } catch {
            throw RingError(
                "cannot open \(path): \(error.message ?? SystemError.reason(error.errno)); \(Spidev.fix(for: error.errno, path))")
        }
        var mode: UInt8 = 0
        var bits: UInt8 = 8
        do {
            try descriptor.ioctl(halo_spi_ioc_wr_mode(), &mode, "SPI_IOC_WR_MODE")
            try descriptor.ioctl(halo_spi_ioc_wr_bits_per_word(), &bits, "SPI_IOC_WR_BITS_PER_WORD")
        } catch {
            throw RingError("\(path) refused SPI mode 0 with 8-bit words (\(error.description)); is it a spidev node?")
        }
        maximumMessageBytes = Spidev.bufsiz()
    }

    /// Sends `bytes` as one message if the process dies of a fault: the frame that turns the
    /// ring off, prepared now, since a crash handler may only make system calls.
    public func sendOnCrash(_ bytes: [UInt8], clockHz: Int32) {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, bytes.count))
        buffer.initialize(from: bytes, count: bytes.count)
        let transfer = UnsafeMutablePointer<spi_ioc_transfer>.allocate(capacity: 1)
        transfer.initialize(to: spi_ioc_transfer())
        transfer.pointee.tx_buf = UInt64(UInt(bitPattern: buffer))
        transfer.pointee.len = UInt32(bytes.count)
        transfer.pointee.speed_hz = UInt32(clockHz)
        transfer.pointee.bits_per_word = 8
        CrashRestore.onCrash(ioctl: halo_spi_ioc_message_1(), argument: UnsafeMutableRawPointer(transfer), on: descriptor.raw)
    }

    /// spidev's `bufsiz` as the file at `path` holds it, or its default of 4096 when the module
    /// says nothing. A sysfs attribute says it is 4096 bytes long whatever it holds, so that is
    /// what may be read.
    static func bufsiz(at path: String = bufsizPath) -> Int {
        guard let text = try? RegularFile.read(path, limit: 4096) else { return 4096 }
        return RegularFile.leadingDecimal(text) ?? 4096
    }

    /// What to do about a failed open.
    static func fix(for errno: Int32, _ path: String) -> String {
        switch errno {
        case ENOENT:
            return
                "the SPI controller or spidev is missing: on a Raspberry Pi enable it with dtparam=spi=on in config.txt; elsewhere load the board's SPI overlay and the spidev driver, then check ls /dev/spidev*"
        case EACCES, EPERM:
            return
                "add the user to the spi group, with a udev rule such as SUBSYSTEM==\"spidev\", GROUP=\"spi\", MODE=\"0660\", or run as root"
        default:
            return "check the board's leds.spi-device"
        }
    }

    public func send(_ bytes: [UInt8], clockHz: Int32) throws(RingError) {
        var transfer = spi_ioc_transfer()
        let result = bytes.withUnsafeBufferPointer { p -> SystemError? in
            transfer.tx_buf = UInt64(UInt(bitPattern: p.baseAddress))
            transfer.len = UInt32(p.count)
            transfer.speed_hz = UInt32(clockHz)
            transfer.bits_per_word = 8
            do throws(SystemError) {
                try descriptor.ioctl(halo_spi_ioc_message_1(), &transfer, "SPI_IOC_MESSAGE")
                return nil
            } catch {
                return error
            }
        }
        guard let result else { return }
        if result.errno == EMSGSIZE {
            throw RingError.tooLong("\(path) (refused by spidev)", bytes: bytes.count, limit: maximumMessageBytes)
        }
        throw RingError(
            "sending a frame on \(path) failed: \(result.description); check that the SPI device is still there (ls /dev/spidev*)")
    }
}
