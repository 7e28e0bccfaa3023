// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import Testing

/// A push button's recorded edges, as libgpiod would report them, with the loop ticking at each
/// deadline the button asks for.
@Suite("A GPIO button's short and long presses")
struct ButtonPressTests {
    /// Feeds `(ms, down)` edges in order, ticking at every deadline that falls before the next
    /// edge and after the last, and returns each action with the time it fired.
    static func run(
        _ edges: [(ms: Int64, down: Bool)], debounce: Int64 = 20_000, longPress: Int64 = 800_000,
        until end: Int64 = 5000
    ) -> [(ms: Int64, action: ButtonPress.Action)] {
        var button = ButtonPress(debounce: debounce, longPress: longPress)
        var fired: [(ms: Int64, action: ButtonPress.Action)] = []
        func tickUntil(_ limit: Int64) {
            while let d = button.nextDeadline, d.milliseconds < limit {
                if let a = button.tick(at: d) { fired.append((d.milliseconds, a)) }
            }
        }
        for e in edges {
            tickUntil(e.ms)
            if let a = button.edge(down: e.down, at: .milliseconds(e.ms)) { fired.append((e.ms, a)) }
        }
        tickUntil(end)
        #expect(button.nextDeadline == nil || button.pressed, "an idle button asks for no timer")
        return fired
    }

    @Test("a clean short press is reported on release, once the release has held")
    func shortPress() {
        let fired = Self.run([(100, true), (300, false)])
        #expect(fired.map(\.action) == [.short])
        #expect(fired.first?.ms == 320, "release at 300 ms plus 20 ms of debounce")
    }

    @Test("a long press fires while still held, and its release adds nothing")
    func longPress() {
        let fired = Self.run([(100, true), (2000, false)])
        #expect(fired.map(\.action) == [.long])
        #expect(fired.first?.ms == 900, "down at 100 ms, long at 800 ms held")
    }

    @Test("a bouncing contact makes one press, on press and on release")
    func bouncing() {
        let edges: [(ms: Int64, down: Bool)] = [
            (100, true), (102, false), (104, true), (105, false), (107, true),
            (400, false), (401, true), (403, false),
        ]
        #expect(Self.run(edges).map(\.action) == [.short])
    }

    @Test("a glitch shorter than the debounce is no press at all")
    func glitch() {
        #expect(Self.run([(100, true), (110, false)]).isEmpty)
    }

    @Test("with no debounce every edge counts at once")
    func noDebounce() {
        let fired = Self.run([(100, true), (150, false), (200, true), (1100, false)], debounce: 0)
        #expect(fired.map(\.action) == [.short, .long])
        #expect(fired.map(\.ms) == [150, 1000])
    }

    @Test("a long press whose tick was missed is still long, timed to the release")
    func missedTick() {
        var b = ButtonPress()
        _ = b.edge(down: true, at: .milliseconds(0))
        #expect(b.edge(down: false, at: .milliseconds(3000)) == .long)
        #expect(b.tick(at: .milliseconds(3100)) == nil)
        #expect(b.nextDeadline == nil)
    }

    @Test("absurd timestamps and settings never trap and leave the button usable")
    func hostile() {
        var b = ButtonPress(debounce: .max, longPress: .min)
        #expect(b.debounce == ButtonPress.longestSetting && b.longPress == 1)
        for t: Int64 in [.max, .min, 0, .max, -5, .min] {
            _ = b.edge(down: t & 1 == 0, at: Instant(microseconds: t))
            _ = b.tick(at: Instant(microseconds: t))
            _ = b.nextDeadline
        }
        var c = ButtonPress()
        _ = c.edge(down: true, at: Instant(microseconds: .max - 1))
        #expect(c.nextDeadline == Instant(microseconds: .max), "a deadline past the clock's end saturates")
        var d = ButtonPress()
        _ = d.edge(down: true, at: .milliseconds(1000))
        _ = d.edge(down: false, at: .milliseconds(500))
        _ = d.edge(down: true, at: .milliseconds(600))
        #expect(d.tick(at: .milliseconds(2000)) == .long, "time running backwards does not jam it")
    }
}
