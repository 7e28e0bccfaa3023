// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloHAL
import HaloRender
import HaloSetup

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// `halo leds test`: a wiring check for a board's LED ring. It lights one LED at a time in red,
/// then green, then blue, going clockwise from 12 o'clock as the picture does, and says what
/// the person should see, because a wrong colour order, a wrong first LED and a wrong
/// direction are the commonest first-day problems. At the end the ring goes dark.
enum LedsCommand {
    static let usage = "halo leds test [--board NAME|PATH] [--step-ms MS]"

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        let step: Int
        do {
            args = try Arguments(words, valued: ["board", "step-ms"], switches: [])
            step = try args.integer("step-ms", default: 700, range: 0...10_000)
        } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard args.positional == ["test"] else { throw CLIError("usage: \(usage)", status: 2) }
        let chosen: String
        do { chosen = try BoardLoader.deviceBoard(args.options["board"]) } catch { throw CLIError(error.description) }
        let board = try MockSession.loadBoard(chosen)
        let ring: any RingOutput
        do {
            guard let opened = try RingChoice.open(board) else {
                throw CLIError("\(board.name) has no LED ring (leds.count is 0); set leds.count and leds.driver in the board")
            }
            ring = opened
        } catch let e as CLIError {
            throw e
        } catch {
            throw CLIError("\(error)")
        }
        let n = ring.count
        print(
            "halo leds test: \(board.name), \(n) LEDs (\(RingChoice.describe(board))); one LED at a time, red, green, blue, clockwise from 12 o'clock."
        )
        print("If the wrong LED lights, fix leds.first (and leds.direction if the next one goes the wrong way);")
        print("if the wrong colour shows, fix leds.order (WS2812 takes GRB, APA102 BGR).")
        let names = ["red", "green", "blue"]
        let colors = [Color(r: 255, g: 0, b: 0), Color(r: 0, g: 255, b: 0), Color(r: 0, g: 0, b: 255)]
        do {
            for i in 0..<n {
                for (k, color) in colors.enumerated() {
                    var frame = [Color](repeating: .black, count: n)
                    frame[i] = color
                    try ring.show(frame)
                    print("LED \(i): \(position(i, of: n)) shows \(names[k])")
                    if step > 0 { usleep(UInt32(step) * 1000) }
                }
            }
            try ring.show([Color](repeating: .black, count: n))
        } catch {
            throw CLIError(error.description)
        }
        print("halo leds test: done; the ring is dark again.")
    }

    /// Where LED `i` of `n` sits, in words.
    static func position(_ i: Int, of n: Int) -> String {
        if i == 0 { return "the LED at 12 o'clock" }
        return "\(i) step\(i == 1 ? "" : "s") clockwise from 12 o'clock"
    }
}
