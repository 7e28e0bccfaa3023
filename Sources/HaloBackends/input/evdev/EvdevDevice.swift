// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A touchscreen or a keyboard (a remote, gpio-keys) under `/dev/input`, read through evdev
/// without libinput: the plain kernel flow of open, probe, set the clock, read packets.
///
/// Each `handle` reads at most `readsPerRound` buffers of `eventsPerRead` events, so a device
/// that floods cannot starve the loop; the rest waits in the kernel's buffer (which drops and
/// says `SYN_DROPPED` when full, handled by the decoders). Nothing is read until the device has
/// news: an untouched device costs no wake-ups. The device is never grabbed unless asked, so
/// the app under Halo keeps its input too.
public final class EvdevDevice: InputDevice {
    public enum Kind: Equatable, Sendable {
        case touchscreen, keys
    }

    public let name: String
    public let kind: Kind
    public let touchAxes: TouchAxes?
    public var onEvent: ((InputEvent) -> Void)?
    public private(set) var gone = false
    /// False when the kernel refused `EVIOCSCLOCKID`: event times are then taken from the
    /// monotonic clock as they are read.
    public let kernelTimesAreMonotonic: Bool
    let device: Descriptor
    var touch: TouchPackets
    var keys = KeyPackets()
    var buffer: [input_event]

    public static let eventsPerRead = 64
    public static let readsPerRound = 16

    public var descriptor: Int32 { gone ? -1 : device.raw }

    /// Opens the node at `path` and finds out what it is. Returns nil for a device Halo does
    /// not read (a mouse, a touchpad, a touchscreen off the screen's glass unless `named`).
    public static func open(_ path: String, named: Bool, grab: Bool) throws(SystemError) -> EvdevDevice? {
        let device = try CharacterDevice.open(path, flags: O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let probe = try EvdevProbe(device)
        let kind: Kind
        if probe.isTouchscreen(named: named) {
            kind = .touchscreen
        } else if probe.hasKeys {
            kind = .keys
        } else {
            return nil
        }
        if grab { try device.ioctl(halo_eviocgrab(), value: 1, "EVIOCGRAB") }
        return EvdevDevice(device, path: path, probe: probe, kind: kind)
    }

    init(_ device: Descriptor, path: String, probe: EvdevProbe, kind: Kind) {
        self.device = device
        self.kind = kind
        name = "\(path) (\(probe.name))"
        touchAxes = kind == .touchscreen ? probe.axes : nil
        touch = TouchPackets(slotCount: probe.slotCount)
        var clock = Int32(CLOCK_MONOTONIC)
        kernelTimesAreMonotonic = (try? device.ioctl(halo_eviocsclockid(), &clock, "EVIOCSCLOCKID")) != nil
        buffer = Array(repeating: input_event(), count: Self.eventsPerRead)
    }

    public func handle() {
        for _ in 0..<Self.readsPerRound {
            guard let count = readEvents(), count > 0 else { return }
            for i in 0..<count { decode(buffer[i]) }
            if count < Self.eventsPerRead { return }
        }
    }

    /// Reads what is waiting into `buffer`; the number of whole events, or nil once there is
    /// nothing more (or the device has gone).
    func readEvents() -> Int? {
        let size = MemoryLayout<input_event>.stride
        let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try device.read(into: raw) } }
        switch result {
        case .success(.bytes(let n)): return n / size
        case .success(.wouldBlock): return nil
        case .success(.end), .failure:
            // ENODEV: unplugged. The loop drops the device and logs it once.
            gone = true
            return nil
        }
    }

    func decode(_ e: input_event) {
        var event = e
        let at = kernelTimesAreMonotonic ? halo_input_event_microseconds(&event) : MonotonicMicroseconds.now()
        switch kind {
        case .touchscreen:
            for change in touch.feed(type: e.type, code: e.code, value: e.value) { deliver(change, at: at) }
        case .keys:
            for change in keys.feed(type: e.type, code: e.code, value: e.value, at: at) {
                if case .pressed(let p) = change { onEvent?(.key(code: p.code, heldMicroseconds: p.heldMicroseconds, at: at)) }
            }
        }
    }

    func deliver(_ change: TouchPackets.Change, at: Int64) {
        switch change {
        case .down(let id, let x, let y): onEvent?(.touchDown(id: id, x: x, y: y, at: at))
        case .move(let id, let x, let y): onEvent?(.touchMove(id: id, x: x, y: y, at: at))
        case .up(let id, let x, let y): onEvent?(.touchUp(id: id, x: x, y: y, at: at))
        case .lost: onEvent?(.touchLost)
        case .resynchronise: resynchronise()
        }
    }

    /// After a loss: the device's state now, read from the kernel, so contacts still on the
    /// glass are followed (and never make a tap).
    func resynchronise() {
        let state = EvdevState(device, slotCount: touch.slots.count, multitouch: touch.multitouch)
        touch.resync(slots: state.slots, currentSlot: state.currentSlot ?? Int32(touch.current), touching: state.touching)
    }
}
