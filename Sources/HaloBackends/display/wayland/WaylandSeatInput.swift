// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloPOSIX

/// The touches and clicks a compositor gives the overlay: only those inside its input region
/// (Halo's targets), all others having gone to the app. They come as a touchscreen whose axes
/// are the overlay's pixels, so the input router treats them as it treats a panel's: a
/// finger is a finger, and the pointer's left button is one more.
///
/// Its events arrive on the overlay's connection, which the overlay reads; it has no
/// descriptor of its own.
public final class WaylandSeatInput: InputDevice {
    public var name: String { "the Wayland seat's pointer and touch" }
    public let touchAxes: TouchAxes?
    public var onEvent: ((InputEvent) -> Void)?
    public private(set) var gone = false
    public var descriptor: Int32 { -1 }
    public func handle() {}

    /// Where the pointer is over the overlay, and whether its left button is down.
    var pointer: (x: Int32, y: Int32)?
    var pressed = false
    /// Fingers down, by the compositor's ids: at most `mostFingers`, more are ignored.
    var fingers: [Int32: (x: Int32, y: Int32)] = [:]
    static let mostFingers = 10
    /// The pointer's finger id: the compositor's touch ids are its own, any Int32, so the
    /// pointer's is kept apart by the router's key, not by value (see `pointerFinger`).
    static let pointerFinger = Int32.min
    /// The left button's code (linux/input-event-codes.h).
    static let leftButton: UInt32 = 0x110

    /// The output's scale: positions come in the surface's logical units, the overlay is
    /// drawn in the output's pixels.
    let scale: Int32

    init(width: Int32, height: Int32, scale: Int32 = 1) {
        touchAxes = TouchAxes(minimumX: 0, maximumX: max(0, width - 1), minimumY: 0, maximumY: max(0, height - 1))
        self.scale = min(max(scale, 1), 8)
    }

    /// A `wl_fixed_t` position in the overlay's pixels (24.8 bits times a scale of 8 at most
    /// fits in 32).
    func pixels(_ fixed: Int32) -> Int32 { (fixed >> 8) &* scale &+ ((fixed & 0xFF) &* scale) >> 8 }

    func pointerEntered(_ fx: Int32, _ fy: Int32) { pointer = (pixels(fx), pixels(fy)) }

    func pointerMoved(_ fx: Int32, _ fy: Int32) {
        let at = (x: pixels(fx), y: pixels(fy))
        pointer = at
        if pressed { onEvent?(.touchMove(id: Self.pointerFinger, x: at.x, y: at.y, at: MonotonicMicroseconds.now())) }
    }

    /// The pointer went to the app: a press in progress is not a tap on Halo.
    func pointerLeft() {
        if pressed, let at = pointer { slideOff(Self.pointerFinger, from: at) }
        pressed = false
        pointer = nil
    }

    /// A finger that leaves the overlay, or that the compositor takes back, slides to the far
    /// corner (half the screen away, beyond any slop) before it lifts: the router sees a drag,
    /// never a tap. (Its "lost" event would be logged as the kernel dropping events, which
    /// this is not.)
    func slideOff(_ id: Int32, from at: (x: Int32, y: Int32)) {
        guard let axes = touchAxes else { return }
        let x = at.x < axes.maximumX / 2 ? axes.maximumX : 0, y = at.y < axes.maximumY / 2 ? axes.maximumY : 0
        let now = MonotonicMicroseconds.now()
        onEvent?(.touchMove(id: id, x: x, y: y, at: now))
        onEvent?(.touchUp(id: id, x: x, y: y, at: now))
    }

    func pointerButton(_ button: UInt32, down: Bool) {
        guard button == Self.leftButton, let at = pointer, down != pressed else { return }
        pressed = down
        let now = MonotonicMicroseconds.now()
        onEvent?(
            down
                ? .touchDown(id: Self.pointerFinger, x: at.x, y: at.y, at: now)
                : .touchUp(id: Self.pointerFinger, x: at.x, y: at.y, at: now))
    }

    func touchDown(id: Int32, _ fx: Int32, _ fy: Int32) {
        guard id != Self.pointerFinger, fingers[id] != nil || fingers.count < Self.mostFingers else { return }
        let at = (x: pixels(fx), y: pixels(fy))
        fingers[id] = at
        onEvent?(.touchDown(id: id, x: at.x, y: at.y, at: MonotonicMicroseconds.now()))
    }

    func touchMoved(id: Int32, _ fx: Int32, _ fy: Int32) {
        guard fingers[id] != nil else { return }
        let at = (x: pixels(fx), y: pixels(fy))
        fingers[id] = at
        onEvent?(.touchMove(id: id, x: at.x, y: at.y, at: MonotonicMicroseconds.now()))
    }

    func touchUp(id: Int32) {
        guard let at = fingers.removeValue(forKey: id) else { return }
        onEvent?(.touchUp(id: id, x: at.x, y: at.y, at: MonotonicMicroseconds.now()))
    }

    /// The compositor took the touches back (a gesture of its own): none of them is a tap.
    func touchCancelled() {
        for (id, at) in fingers.sorted(by: { $0.key < $1.key }) { slideOff(id, from: at) }
        fingers.removeAll()
    }
}
