// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloPOSIX
import HaloRender

/// `halo bench --scene input-tap|input-move`: a person at the mock display, through the same
/// input router the daemon uses. `input-tap`: each step is a tap that opens the choice on a
/// circular indicator, or one elsewhere that closes it, and the frame that shows the answer.
/// `input-move`: each step is one touch moving on the glass, with no frame (nothing changes):
/// the cost of an input event. Under callgrind, steps' costs are found by difference as for the
/// screen scenes; with `--latency`, the wall time from each tap's release to the end of its
/// frame is measured on this machine and its percentiles printed.
enum InputBench {
    static let scenes = ["input-tap", "input-move"]

    static func run(_ scene: String, steps: Int, setupOnly: Bool, latency: Bool) throws(CLIError) {
        var board = Board(name: "bench")
        board.policy.showDelay = Milliseconds(0)
        board.policy.minimumVisible = Milliseconds(0)
        let session = try DemoCommand.makeSession(board)
        let engine = session.engine
        try DemoCommand.apply("show up circular value=40% cancellable=yes pausable=yes", at: 0, session)
        var now = Instant.milliseconds(1000)
        let router = InputRouter(engine: engine, settings: .init(panelWidth: 480, panelHeight: 480, rotation: .none)) { now }
        let device = PlayedInput(name: "bench touchscreen", touchAxes: TouchAxes(minimumX: 0, maximumX: 4095, minimumY: 0, maximumY: 4095))
        router.attach(device)
        var answered = 0
        router.onAction = { action, _ in
            engine.perform(action, at: now, watched: { _ in true })
            answered += 1
        }
        do { try session.screen.update(at: now) } catch { throw CLIError("\(error)") }
        if setupOnly {
            print("halo bench: scene \(scene), set up (--setup-only)")
            return
        }
        // The ring's top (opens the choice) and the bottom left corner (closes it), in glass units.
        let ring = (x: Int32(240 * 4096 / 480), y: Int32(130 * 4096 / 480)), corner = (x: Int32(100), y: Int32(4000))
        var samples: [Int64] = []
        if scene == "input-move" { device.play(.touchDown(id: 9, x: corner.x, y: corner.y, at: now.microseconds)) }
        for i in 0..<steps {
            now = now.advanced(saturatingBy: 200_000)
            if scene == "input-move" {
                device.play(.touchMove(id: 9, x: corner.x + Int32(i % 64), y: corner.y, at: now.microseconds))
                continue
            }
            let p = i % 2 == 0 ? ring : corner
            let begun = MonotonicMicroseconds.now()
            device.play(.touchDown(id: Int32(i), x: p.x, y: p.y, at: now.microseconds - 60_000))
            device.play(.touchUp(id: Int32(i), x: p.x, y: p.y, at: now.microseconds))
            do { try session.screen.update(at: now) } catch { throw CLIError("\(error)") }
            samples.append(MonotonicMicroseconds.now() - begun)
        }
        print("halo bench: scene \(scene), \(steps) steps, \(answered) answered, \(session.screen.framesDrawn) frames drawn")
        if latency && !samples.isEmpty {
            let sorted = samples.sorted()
            func p(_ q: Int) -> Int64 { sorted[min(sorted.count, max(1, (q * sorted.count + 99) / 100)) - 1] }
            print("halo bench: from a tap's release to the end of the frame that answers it: p50 \(p(50)) us, p99 \(p(99)) us")
        }
    }
}
