// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// systemd's boot progress: the manager's `Progress` property, 0 to 1 from the jobs it has run
/// and queued, read over its private socket as psplash's systemd helper reads it. The loop
/// never waits for it: one question at a time, asked every half second, its answer read when
/// the socket says so. systemd's progress can step back as jobs are queued; what is reported
/// only ever grows. It ends once the boot is done (1).
///
/// Bounds: a question unanswered for 1 s is dropped (sd-bus answers it with a time-out); no
/// socket (not yet, or the switch to the real root re-executing systemd) is tried again every
/// second for at most 10 minutes, then the source gives up, once, with the reason.
public final class SystemdProgress: EventSource {
    public static let privateSocket = "/run/systemd/private"
    static let askEveryMicroseconds: Int64 = 500_000
    static let retryEveryMicroseconds: Int64 = 1_000_000
    static let giveUpAfterMicroseconds: Int64 = 600_000_000
    static let answerTimeoutMicroseconds: UInt64 = 1_000_000

    let library: SdBusLibrary
    let address: String
    var bus: OpaquePointer?
    var asking = false
    var nextStep: Int64
    let startedAt: Int64
    var done = false
    /// The highest progress heard, in percent.
    public private(set) var percent: Int?
    /// Each new highest percentage.
    public var onProgress: ((Int) -> Void)?
    /// Said once, when the source stops without the boot's end: why.
    public var onGiveUp: ((String) -> Void)?

    /// A source reading systemd at `socket`, or why it cannot (no libsystemd).
    public static func open(socket: String = privateSocket) -> Result<SystemdProgress, SystemError> {
        switch SdBusLibrary.load() {
        case .success(let library): return .success(SystemdProgress(library, socket: socket))
        case .failure(let f): return .failure(SystemError("dlopen", errno: ENOENT, message: f.reason))
        }
    }

    init(_ library: SdBusLibrary, socket: String) {
        self.library = library
        address = "unix:path=" + socket
        startedAt = MonotonicMicroseconds.now()
        nextStep = startedAt
    }

    deinit { disconnect() }

    public var descriptor: Int32 { bus.map { library.getFd($0) } ?? -1 }
    public var deadlineMicroseconds: Int64? { done ? nil : nextStep }
    public var finished: Bool { done }

    public func handle() {
        let now = MonotonicMicroseconds.now()
        if bus == nil {
            guard now >= nextStep else { return }
            if now - startedAt > Self.giveUpAfterMicroseconds {
                stop("systemd's \(Self.privateSocket) did not answer for 10 minutes")
                return
            }
            connect(now)
            return
        }
        guard pump() else {
            disconnect()  // systemd went away (re-executing at the switch to the real root): ask the next one.
            nextStep = now + Self.retryEveryMicroseconds
            return
        }
        if done {
            disconnect()  // Not inside sd-bus's own call, which the answer came through.
            return
        }
        if !asking && now >= nextStep && !done { ask(now) }
        // While a question or the handshake is under way, sd-bus is given a turn every 50 ms.
        nextStep = asking ? now + 50_000 : max(nextStep, now + 50_000)
    }

    func connect(_ now: Int64) {
        var made: OpaquePointer?
        guard library.new(&made) >= 0, let made else { return }
        guard access(String(address.dropFirst("unix:path=".count)), F_OK) == 0,
            address.withCString({ library.setAddress(made, $0) }) >= 0, library.start(made) >= 0
        else {
            _ = library.busClose(made)
            nextStep = now + Self.retryEveryMicroseconds
            return
        }
        bus = made
        nextStep = now
    }

    /// Lets sd-bus read, write and answer what it can now; false when the connection is gone.
    func pump() -> Bool {
        guard let bus else { return false }
        for _ in 0..<16 {
            let r = library.process(bus, nil)
            if r < 0 { return false }
            if r == 0 { break }
        }
        return true
    }

    func ask(_ now: Int64) {
        guard let bus else { return }
        var message: OpaquePointer?
        let made = library.newMethodCall(
            bus, &message, "org.freedesktop.systemd1", "/org/freedesktop/systemd1", "org.freedesktop.DBus.Properties", "Get")
        guard made >= 0, let message else { return }
        defer { _ = library.messageUnref(message) }
        // A string is appended from its own pointer (sd_bus_message_append_basic's rule for 's').
        let s = CChar(UInt8(ascii: "s"))
        let appended = "org.freedesktop.systemd1.Manager".withCString { interface in
            "Progress".withCString { property in (library.appendBasic(message, s, interface), library.appendBasic(message, s, property)) }
        }
        guard appended.0 >= 0, appended.1 >= 0 else { return }
        let me = Unmanaged.passUnretained(self).toOpaque()
        if library.callAsync(bus, nil, message, SystemdProgress.answered, me, Self.answerTimeoutMicroseconds) >= 0 {
            asking = true
            nextStep = now + Self.askEveryMicroseconds
        }
    }

    /// sd-bus's call with the reply (or its error, or a time-out): the progress read from it.
    static let answered: SdBusLibrary.Handler = { reply, me, _ in
        guard let me else { return 0 }
        let source = Unmanaged<SystemdProgress>.fromOpaque(me).takeUnretainedValue()
        source.asking = false
        guard let reply, source.library.isMethodError(reply, nil) == 0,
            "d".withCString({ source.library.enterContainer(reply, CChar(UInt8(ascii: "v")), $0) }) > 0
        else { return 0 }
        var value: Double = 0
        guard source.library.readBasic(reply, CChar(UInt8(ascii: "d")), &value) > 0 else { return 0 }
        source.heard(value)
        return 0
    }

    /// A progress of `fraction`: reported when it is a new highest percentage.
    func heard(_ fraction: Double) {
        guard fraction.isFinite else { return }
        let p = Int((min(1, max(0, fraction)) * 100).rounded(.down))
        if p > (percent ?? -1) {
            percent = p
            onProgress?(p)
        }
        // The connection is closed by `handle`, once sd-bus's call that brought this returned.
        if p >= 100 { done = true }
    }

    func stop(_ why: String) {
        done = true
        disconnect()
        onGiveUp?(why)
    }

    func disconnect() {
        if let bus { _ = library.busClose(bus) }
        bus = nil
        asking = false
    }
}
