// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import Testing

@testable import HaloBackends

/// What the compositor's seat gives the overlay, as the input router sees it: a touchscreen in
/// the overlay's pixels. Positions come as `wl_fixed_t` (24.8) in the surface's logical units.
@Suite("The Wayland seat's pointer and touch as a touchscreen")
struct WaylandSeatInputTests {
    final class Heard {
        var events: [InputEvent] = []
    }

    func device(width: Int32 = 800, height: Int32 = 480, scale: Int32 = 1) -> (WaylandSeatInput, Heard) {
        let input = WaylandSeatInput(width: width, height: height, scale: scale)
        let heard = Heard()
        input.onEvent = { heard.events.append($0) }
        return (input, heard)
    }

    /// Positions without their times, which are the clock's.
    func positions(_ events: [InputEvent]) -> [String] {
        events.map {
            switch $0 {
            case .touchDown(let id, let x, let y, _): return "down \(id == WaylandSeatInput.pointerFinger ? "p" : "\(id)") \(x),\(y)"
            case .touchMove(let id, let x, let y, _): return "move \(id == WaylandSeatInput.pointerFinger ? "p" : "\(id)") \(x),\(y)"
            case .touchUp(let id, let x, let y, _): return "up \(id == WaylandSeatInput.pointerFinger ? "p" : "\(id)") \(x),\(y)"
            default: return "\($0)"
            }
        }
    }

    @Test("a left click is a finger down and up where the pointer is; other buttons and clicks outside are not")
    func click() {
        let (input, heard) = device()
        input.pointerButton(WaylandSeatInput.leftButton, down: true)  // no pointer over the overlay yet
        input.pointerEntered(100 << 8, 50 << 8 | 128)
        input.pointerButton(0x111, down: true)  // the right button
        input.pointerButton(WaylandSeatInput.leftButton, down: true)
        input.pointerButton(WaylandSeatInput.leftButton, down: true)  // a repeat changes nothing
        input.pointerMoved(110 << 8, 52 << 8)
        input.pointerButton(WaylandSeatInput.leftButton, down: false)
        #expect(positions(heard.events) == ["down p 100,50", "move p 110,52", "up p 110,52"])
        #expect(input.touchAxes == TouchAxes(minimumX: 0, maximumX: 799, minimumY: 0, maximumY: 479))
    }

    @Test("a press whose pointer leaves the overlay slides to the far corner before it lifts: a drag, never a tap")
    func leaveWhilePressed() {
        let (input, heard) = device()
        input.pointerEntered(700 << 8, 400 << 8)
        input.pointerButton(WaylandSeatInput.leftButton, down: true)
        input.pointerLeft()
        input.pointerButton(WaylandSeatInput.leftButton, down: false)  // over the app: not ours
        #expect(positions(heard.events) == ["down p 700,400", "move p 0,0", "up p 0,0"])
    }

    @Test("at scale 2 positions are the output's pixels; fingers are followed by id, ten at most, and a cancel slides them off")
    func touchesAndScale() {
        let (input, heard) = device(width: 1600, height: 960, scale: 2)
        input.touchDown(id: 7, 10 << 8 | 128, 20 << 8)
        input.touchMoved(id: 7, 11 << 8, 20 << 8)
        input.touchUp(id: 7)
        input.touchUp(id: 7)  // twice: the second is nobody's
        #expect(positions(heard.events) == ["down 7 21,40", "move 7 22,40", "up 7 22,40"])
        heard.events = []
        for id in Int32(0)..<12 { input.touchDown(id: id, 0, 0) }
        #expect(heard.events.count == 10)
        heard.events = []
        input.touchCancelled()
        #expect(heard.events.count == 20, "each finger moved off and lifted")
        #expect(positions(Array(heard.events.prefix(2))) == ["move 0 1599,959", "up 0 1599,959"])
    }

    @Test("a hostile compositor's positions and ids cannot trap: the extremes of 24.8 fixed point, the pointer's own id")
    func extremes() {
        let (input, heard) = device(scale: 8)
        input.pointerEntered(Int32.max, Int32.min)
        input.pointerButton(WaylandSeatInput.leftButton, down: true)
        input.pointerMoved(Int32.min, Int32.max)
        input.touchDown(id: WaylandSeatInput.pointerFinger, 0, 0)  // cannot pose as the pointer
        input.touchDown(id: Int32.max, Int32.max, Int32.max)
        #expect(heard.events.count == 3)
    }
}
