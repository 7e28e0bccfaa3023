// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloEngine
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The FIFO psplash reads (`/run/psplash_fifo` on Yocto images), made if missing. It is opened
/// for reading and writing, so it always has a writer and never reports end-of-file between
/// the boot scripts' `psplash-write` calls.
public final class PsplashFifo {
    public let path: String
    public let descriptor: Descriptor
    public var translator = PsplashTranslator()
    /// Bytes read from the FIFO in one round of the daemon's loop, as for a socket client: a
    /// writer that keeps it full cannot starve the clients or queue work without bound.
    public static let readBudget = 4096
    /// The mode a FIFO the daemon makes gets: the boot scripts' group may write to it.
    public static let mode: mode_t = 0o620

    public init(path: String) throws(SystemError) {
        self.path = path
        var info = stat()
        var created = false
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFIFO else {
                throw SystemError(
                    "mkfifo", subject: path, message: "\(path) exists and is not a FIFO; remove it or name another path with --psplash-fifo"
                )
            }
        } else if mkfifo(path, PsplashFifo.mode) != 0 {
            throw SystemError("mkfifo", subject: path)
        } else {
            created = true
        }
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { throw SystemError("open", subject: path) }
        descriptor = Descriptor(owning: fd)
        // mkfifo's mode passes through the umask (0620 became 0600); set it on the descriptor.
        if created && fchmod(fd, PsplashFifo.mode) != 0 { throw SystemError("fchmod", subject: path) }
    }

    /// Reads at most `readBudget` bytes and carries out the messages they complete in order,
    /// each before the next read: `run` executes a control line and returns its reply. Returns
    /// the bytes read; fewer than the budget means the FIFO was emptied.
    /// `now` is the loop's clock: a message a writer left unfinished for a second is dropped
    /// (`PsplashTranslator.expire`), also when nothing more arrives (the loop calls this at
    /// `translator.deadline`).
    @discardableResult
    public func serve(at now: Instant, run: (String) -> String, report: (String) -> Void, quit: () -> Void) -> Int {
        var buffer = [UInt8](repeating: 0, count: 1024)
        var budget = PsplashFifo.readBudget
        if perform(translator.expire(at: now), run: run, report: report, quit: quit) { return 0 }
        while budget > 0 {
            let n = buffer.withUnsafeMutableBytes { read(descriptor.raw, $0.baseAddress, min($0.count, budget)) }
            if n <= 0 { return PsplashFifo.readBudget - budget }
            budget -= n
            if perform(translator.feed(buffer[0..<n], at: now), run: run, report: report, quit: quit) {
                return PsplashFifo.readBudget - budget
            }
        }
        return PsplashFifo.readBudget
    }

    /// Carries out `actions` in order; true when one was QUIT.
    func perform(_ actions: [PsplashTranslator.Action], run: (String) -> String, report: (String) -> Void, quit: () -> Void) -> Bool {
        for action in actions {
            switch action {
            case .command(let line, let orStart):
                var reply = run(line)
                if let orStart, reply.hasPrefix("error unknown-id") || reply.hasPrefix("error ended") { reply = run(orStart) }
                if reply.hasPrefix("error") { report("psplash: \(line): \(reply)") }
            case .quit:
                _ = run("dismiss \(PsplashTranslator.id)")
                quit()
                return true
            case .ignored(let why): report("psplash: \(why)")
            }
        }
        return false
    }
}
