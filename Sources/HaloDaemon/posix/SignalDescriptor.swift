// SPDX-License-Identifier: Apache-2.0
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

    /// A signal as it arrived, with who sent it.
    public struct Received: Equatable, Sendable {
        public var signal: Int32
        /// "uid 0 pid 812 (systemctl)", or "the kernel" for one no process sent.
        public var sender: String

        public init(signal: Int32, sender: String) {
            self.signal = signal
            self.sender = sender
        }
    }

    /// The signals that arrived since the last call, at most `limit` of them: a storm of them
    /// is read a round at a time, like a client.
    public func pending(limit: Int = 64) -> [Received] {
        var out: [Received] = []
        var info = signalfd_siginfo()
        while out.count < limit {
            let n = withUnsafeMutableBytes(of: &info) { systemRead(descriptor.raw, $0.baseAddress, $0.count) }
            if n != MemoryLayout<signalfd_siginfo>.size { break }
            let pid = Int32(bitPattern: info.ssi_pid)
            let sender =
                pid > 0
                ? PeerCredentials(pid: pid, uid: info.ssi_uid, gid: 0, program: PeerCredentials.programName(pid)).description : "the kernel"
            out.append(Received(signal: Int32(info.ssi_signo), sender: sender))
        }
        return out
    }
}
