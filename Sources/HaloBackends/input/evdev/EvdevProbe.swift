// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloHAL
import HaloPOSIX

/// What an evdev node says about itself, asked one ioctl at a time as libevdev does at open:
/// its name, its properties, which event types, keys and axes it has, and its axes' ranges.
/// From that, what Halo makes of it: a touchscreen, keys, or nothing Halo reads.
struct EvdevProbe {
    var name: String
    /// `INPUT_PROP_DIRECT`: the glass is on the screen.
    var direct: Bool
    var keyBits: [UInt8]
    var absoluteBits: [UInt8]
    /// `ABS_MT_SLOT`'s maximum + 1, or 0 for a single-touch device.
    var slotCount: Int32
    /// The position axes' ranges, and their resolution (units per millimetre) when known.
    var axes: TouchAxes?

    /// A probe's findings as given (for decoders fed without a device node).
    init(name: String, direct: Bool, keyBits: [UInt8], absoluteBits: [UInt8], slotCount: Int32, axes: TouchAxes?) {
        self.name = name
        self.direct = direct
        self.keyBits = keyBits
        self.absoluteBits = absoluteBits
        self.slotCount = slotCount
        self.axes = axes
    }

    /// Asks `device` everything `EvdevProbe` holds.
    init(_ device: Descriptor) throws(SystemError) {
        name = Self.name(device)
        direct = Self.bit(EvdevCode.propertyDirect, in: try Self.bits(device, halo_eviocgprop(4), count: 4, "EVIOCGPROP"))
        let types = try Self.bits(device, halo_eviocgbit(0, 4), count: 4, "EVIOCGBIT")
        keyBits =
            Self.bit(EvdevCode.key, in: types) ? try Self.bits(device, halo_eviocgbit(1, 96), count: 96, "EVIOCGBIT(EV_KEY)") : []
        absoluteBits =
            Self.bit(EvdevCode.absolute, in: types) ? try Self.bits(device, halo_eviocgbit(3, 8), count: 8, "EVIOCGBIT(EV_ABS)") : []
        let multitouch = Self.bit(EvdevCode.mtPositionX, in: absoluteBits) && Self.bit(EvdevCode.mtPositionY, in: absoluteBits)
        slotCount = 0
        if multitouch && Self.bit(EvdevCode.mtSlot, in: absoluteBits) {
            let slot = try Self.axis(device, EvdevCode.mtSlot)
            slotCount = max(1, min(slot.maximum, Int32(TouchPackets.maximumSlots) - 1) + 1)
        }
        let (xCode, yCode) = multitouch ? (EvdevCode.mtPositionX, EvdevCode.mtPositionY) : (EvdevCode.absX, EvdevCode.absY)
        axes = nil
        if Self.bit(xCode, in: absoluteBits) && Self.bit(yCode, in: absoluteBits) {
            let x = try Self.axis(device, xCode), y = try Self.axis(device, yCode)
            axes = TouchAxes(
                minimumX: x.minimum, maximumX: x.maximum, minimumY: y.minimum, maximumY: y.maximum, unitsPerMillimetre: x.resolution)
        }
    }

    /// A touchscreen: positions and a way to tell touching, on the screen's glass unless the
    /// board names the device itself.
    func isTouchscreen(named: Bool) -> Bool {
        guard axes != nil else { return false }
        let touches = slotCount > 0 || Self.bit(EvdevCode.buttonTouch, in: keyBits)
        return touches && (direct || named)
    }

    /// Keys a person presses: a keyboard, a remote, gpio-keys. Mice and touchscreens have only
    /// buttons.
    var hasKeys: Bool {
        for code in UInt16(1)..<EvdevCode.firstButton where Self.bit(code, in: keyBits) { return true }
        for code in EvdevCode.firstRemoteKey...EvdevCode.lastKey where Self.bit(code, in: keyBits) { return true }
        return false
    }

    static func bit(_ code: UInt16, in bits: [UInt8]) -> Bool {
        let byte = Int(code / 8)
        return byte < bits.count && bits[byte] & (1 << (code % 8)) != 0
    }

    static func bits(_ device: Descriptor, _ request: UInt, count: Int, _ name: String) throws(SystemError) -> [UInt8] {
        var bits = [UInt8](repeating: 0, count: count)
        var failure: SystemError?
        bits.withUnsafeMutableBytes { raw in
            do throws(SystemError) { try device.ioctl(request, buffer: raw.baseAddress!, name) } catch { failure = error }
        }
        if let failure { throw failure }
        return bits
    }

    static func axis(_ device: Descriptor, _ code: UInt16) throws(SystemError) -> input_absinfo {
        var info = input_absinfo()
        try device.ioctl(halo_eviocgabs(UInt32(code)), &info, "EVIOCGABS")
        return info
    }

    static func name(_ device: Descriptor) -> String {
        guard let bytes = try? bits(device, halo_eviocgname(127), count: 128, "EVIOCGNAME") else { return "unnamed device" }
        let text = bytes.prefix { $0 != 0 }.map { $0 >= 32 && $0 < 127 ? $0 : UInt8(ascii: "?") }
        return String(decoding: text, as: UTF8.self)
    }
}
