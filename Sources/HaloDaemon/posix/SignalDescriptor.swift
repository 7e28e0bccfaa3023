import CLinux
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Signals delivered as readable events on a descriptor (signalfd), so the daemon handles
/// them in its poll loop instead of in an async handler.
public final class SignalDescriptor {
    public let descriptor: Descriptor

    /// Blocks `signals` for normal delivery and receives them here instead.
    public init(_ signals: [Int32]) throws(SystemError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in signals { sigaddset(&mask, s) }
        if sigprocmask(SIG_BLOCK, &mask, nil) != 0 { throw SystemError("sigprocmask") }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        if fd < 0 { throw SystemError("signalfd") }
        descriptor = Descriptor(owning: fd)
    }

    /// The signals that arrived since the last call.
    public func pending() -> [Int32] {
        var out: [Int32] = []
        var info = signalfd_siginfo()
        while true {
            let n = withUnsafeMutableBytes(of: &info) { Glibc.read(descriptor.raw, $0.baseAddress, $0.count) }
            if n != MemoryLayout<signalfd_siginfo>.size { break }
            out.append(Int32(info.ssi_signo))
        }
        return out
    }
}
