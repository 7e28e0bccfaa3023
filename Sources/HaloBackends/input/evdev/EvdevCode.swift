// SPDX-License-Identifier: Apache-2.0
/// The event types and codes the touch and key decoders read, from the kernel's
/// `include/uapi/linux/input-event-codes.h`. They are part of the kernel's ABI and never change;
/// spelling them here keeps the decoders pure Swift that tests can feed without a device.
enum EvdevCode {
    static let sync: UInt16 = 0x00
    static let key: UInt16 = 0x01
    static let absolute: UInt16 = 0x03

    static let report: UInt16 = 0
    static let dropped: UInt16 = 3

    static let absX: UInt16 = 0x00
    static let absY: UInt16 = 0x01
    static let mtSlot: UInt16 = 0x2f
    static let mtPositionX: UInt16 = 0x35
    static let mtPositionY: UInt16 = 0x36
    static let mtTrackingId: UInt16 = 0x39

    static let buttonTouch: UInt16 = 0x14a
    /// The first button code; key codes below it (and from `KEY_OK` on) are keys a person reads.
    static let firstButton: UInt16 = 0x100
    static let firstRemoteKey: UInt16 = 0x160
    static let lastKey: UInt16 = 0x2ff
    static let absoluteCount: UInt16 = 0x40

    /// `INPUT_PROP_DIRECT`: the device's surface is the screen's (a touchscreen, not a touchpad).
    static let propertyDirect: UInt16 = 0x01
}
