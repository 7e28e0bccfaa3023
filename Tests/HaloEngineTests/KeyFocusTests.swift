// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

/// A keypad or remote driving the focus ring: the key logic alone, with targets in reading order.
@Suite("Keys moving a focus ring among the screen's targets")
struct KeyFocusTests {
    @Test("next starts at the first target and wraps; previous starts at the last and wraps")
    func cycling() {
        var f = KeyFocus()
        let targets: [UInt32] = [10, 20, 30]
        #expect(f.press(.next, targets: targets) == .focus(10))
        #expect(f.press(.next, targets: targets) == .focus(20))
        #expect(f.press(.next, targets: targets) == .focus(30))
        #expect(f.press(.next, targets: targets) == .focus(10), "wraps forward")
        #expect(f.press(.previous, targets: targets) == .focus(30), "wraps backward")

        var g = KeyFocus()
        #expect(g.press(.previous, targets: targets) == .focus(30))
        #expect(g.press(.previous, targets: targets) == .focus(20))
    }

    @Test("activate acts on the focused target only; with no focus it does nothing")
    func activation() {
        var f = KeyFocus()
        #expect(f.press(.activate, targets: [7]) == nil)
        _ = f.press(.next, targets: [7, 8])
        #expect(f.press(.activate, targets: [7, 8]) == .activate(7))
        #expect(f.focused == 7, "activating keeps the ring where it was")
    }

    @Test("cancel asks for the front-most activity wherever the focus is, even with no targets")
    func cancelling() {
        var f = KeyFocus()
        #expect(f.press(.cancel, targets: []) == .cancelFrontMost)
        _ = f.press(.next, targets: [1, 2])
        _ = f.press(.next, targets: [1, 2])
        #expect(f.press(.cancel, targets: [1, 2]) == .cancelFrontMost)
        #expect(f.focused == 2)
    }

    @Test("a focused target that leaves takes the ring with it; the next key starts afresh")
    func targetLeaves() {
        var f = KeyFocus()
        _ = f.press(.next, targets: [1, 2, 3])
        _ = f.press(.next, targets: [1, 2, 3])
        #expect(f.targetsChanged([1, 2, 3]) == nil, "still there: nothing to redraw")
        #expect(f.targetsChanged([1, 3]) == .focus(nil))
        #expect(f.focused == nil)
        #expect(f.press(.activate, targets: [1, 3]) == nil, "no stale activation of the gone target")
        #expect(f.press(.next, targets: [1, 3]) == .focus(1))

        _ = f.press(.next, targets: [1, 3])
        #expect(f.press(.activate, targets: [1]) == nil, "target 3 left between keys")
        #expect(f.press(.next, targets: []) == nil)
        #expect(f.focused == nil)
    }

    @Test("duplicate keys in the target list do not trap or stall the ring")
    func hostileTargets() {
        var f = KeyFocus()
        let targets: [UInt32] = [5, 5, 9]
        var seen: [UInt32?] = []
        for _ in 0..<4 {
            if case .focus(let k) = f.press(.next, targets: targets) { seen.append(k) }
        }
        #expect(seen.count == 4)
        #expect(seen.contains(9), "the ring reaches every distinct target")
    }
}
