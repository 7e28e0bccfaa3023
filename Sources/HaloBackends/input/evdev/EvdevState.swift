// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloPOSIX

/// A touchscreen's state as the kernel holds it now, read after `SYN_DROPPED` as libevdev's
/// resync does: every slot's tracking id and position (`EVIOCGMTSLOTS`), the selected slot and
/// the single-touch position (`EVIOCGABS`), and whether `BTN_TOUCH` is down (`EVIOCGKEY`). A
/// query the device refuses leaves its part empty: no contact, which can only cost a tap.
struct EvdevState {
    var slots: [TouchPackets.Slot]
    /// The selected slot; nil when the device would not say (the decoder keeps its own).
    var currentSlot: Int32?
    var touching = false

    init(_ device: Descriptor, slotCount: Int, multitouch: Bool) {
        slots = Array(repeating: TouchPackets.Slot(), count: max(1, slotCount))
        if let keys = try? EvdevProbe.bits(device, halo_eviocgkey(96), count: 96, "EVIOCGKEY") {
            touching = EvdevProbe.bit(EvdevCode.buttonTouch, in: keys)
        }
        if multitouch {
            let ids = Self.slotValues(device, EvdevCode.mtTrackingId, count: slots.count)
            let xs = Self.slotValues(device, EvdevCode.mtPositionX, count: slots.count)
            let ys = Self.slotValues(device, EvdevCode.mtPositionY, count: slots.count)
            for i in slots.indices {
                slots[i] = TouchPackets.Slot(trackingId: max(-1, ids[i]), x: xs[i], y: ys[i])
            }
            currentSlot = try? EvdevProbe.axis(device, EvdevCode.mtSlot).value
        } else {
            let x = (try? EvdevProbe.axis(device, EvdevCode.absX).value) ?? 0
            let y = (try? EvdevProbe.axis(device, EvdevCode.absY).value) ?? 0
            slots[0] = TouchPackets.Slot(trackingId: touching ? 0 : -1, x: x, y: y)
        }
    }

    /// `EVIOCGMTSLOTS` for one axis: the request's buffer is the axis code followed by one
    /// value a slot. -1 (no contact) for every slot when the device refuses.
    static func slotValues(_ device: Descriptor, _ code: UInt16, count: Int) -> [Int32] {
        var buffer = [Int32](repeating: -1, count: count + 1)
        buffer[0] = Int32(code)
        let length = UInt32(buffer.count * MemoryLayout<Int32>.size)
        var failed = false
        buffer.withUnsafeMutableBytes { raw in
            do throws(SystemError) {
                try device.ioctl(halo_eviocgmtslots(length), buffer: raw.baseAddress!, "EVIOCGMTSLOTS")
            } catch {
                failed = true
            }
        }
        return failed ? Array(repeating: -1, count: count) : Array(buffer.dropFirst())
    }
}
