import CLinux
import Glibc
import HaloPOSIX

/// The FIFO psplash reads (`/run/psplash_fifo` on Yocto images), made if missing. It is opened
/// for reading and writing, so it always has a writer and never reports end-of-file between
/// the boot scripts' `psplash-write` calls.
public final class PsplashFifo {
    public let path: String
    public let descriptor: Descriptor
    public var translator = PsplashTranslator()

    public init(path: String) throws(SystemError) {
        self.path = path
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFIFO else {
                throw SystemError("mkfifo", subject: path, message: "\(path) exists and is not a FIFO; remove it or name another path with --psplash-fifo")
            }
        } else if mkfifo(path, 0o620) != 0 {
            throw SystemError("mkfifo", subject: path)
        }
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw SystemError("open", subject: path) }
        descriptor = Descriptor(owning: fd)
    }

    /// Reads what is waiting and returns the actions it completes.
    public func readActions() -> [PsplashTranslator.Action] {
        var actions: [PsplashTranslator.Action] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor.raw, $0.baseAddress, $0.count) }
            if n <= 0 { return actions }
            actions += translator.feed(buffer[0..<n])
        }
    }
}
