// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloMock
import HaloOutputs
import HaloRender

/// `halo bench`: one standard scene on a mock display (480×480 XRGB8888 unless `--format`
/// says otherwise; `s6` is 1920×1080 XRGB8888 and `s7` 800×480 RGB565), its first full frame,
/// then N further frames, with no file output. Run it under callgrind to count instructions;
/// `--setup-only` builds the scene and draws nothing, so frame costs can be found by difference.
/// `label-latin` and `label-arabic` give a ring a new two-line label every further frame, so
/// that a frame's cost is laying out, shaping and drawing a label never seen before.
enum BenchCommand {
    static let usage =
        "halo bench --scene s1|s2|s3|s4|s5|s6|s7|label-latin|label-arabic|ring-DRIVER-N|input-tap|input-move (DRIVER: ws2812, apa102, gpio, ledclass; N: 12, 24, 60) [--format FORMAT] [--frames N] [--setup-only] [--latency]"
    static let frameMicroseconds: Int64 = 16_667
    static let screenScenes = ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "label-latin", "label-arabic"]
    /// Two lines on the 480 px screen in DejaVu Sans, each frame's made new by its number at
    /// both ends (a line seen before would be drawn from the cache).
    static let labels = [
        "label-latin": "Uploading the holiday photos to the family album on the home server",
        "label-arabic": "جارٍ تحميل صور العطلة إلى ألبوم العائلة على الخادم المنزلي",
    ]

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["scene", "frames", "format"], switches: ["setup-only", "latency"]) } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        guard let scene = args.options["scene"] else { throw CLIError("--scene is required; usage: \(usage)", status: 2) }
        let frames: Int
        do { frames = try args.integer("frames", default: 0, range: 0...1_000_000) } catch { throw CLIError(error.description, status: 2) }
        if InputBench.scenes.contains(scene) {
            try InputBench.run(scene, steps: frames, setupOnly: args.flags.contains("setup-only"), latency: args.flags.contains("latency"))
            return
        }
        if RingBench.scenes.contains(scene) {
            try RingBench.run(scene, frames: frames, setupOnly: args.flags.contains("setup-only"))
            return
        }
        guard screenScenes.contains(scene) else {
            throw CLIError(
                "unknown scene '\(scene)'; use \((screenScenes + RingBench.scenes + InputBench.scenes).joined(separator: ", "))",
                status: 2)
        }

        let board = try screenBoard(scene, format: args.options["format"])
        let session = try DemoCommand.makeSession(board)
        let first = try stage(scene, session)
        if args.flags.contains("setup-only") {
            // The same report as a measured run, so that the difference of the two runs' counts
            // is the frames' cost alone, not the cost of formatting a longer line.
            report(scene, board, drawn: "nothing drawn (--setup-only)", first: 0, frames: 0, session.screen)
            return
        }
        do {
            try session.screen.update(at: Instant(microseconds: first))
            let firstPixels = session.screen.pixelsTouched
            try drawFrames(scene, frames, after: first, session)
            report(scene, board, drawn: "first frame drawn", first: firstPixels, frames: frames, session.screen)
        } catch let e as ControlError {
            throw CLIError(e.message)
        } catch {
            throw CLIError("\(error)")
        }
    }

    /// The bench board of a screen scene: its size, format and background, with no show delay.
    static func screenBoard(_ scene: String, format name: String?) throws(CLIError) -> Board {
        var board = Board(name: "bench")
        switch scene {
        case "s6": (board.width, board.height) = (1920, 1080)
        case "s7": (board.width, board.height, board.format) = (800, 480, .rgb565)
        default: break
        }
        if let name {
            guard let format = PixelFormat(name: name) else {
                throw CLIError(
                    "--format \(name) is not a pixel format; use one of \(PixelFormat.allCases.map(\.rawValue).joined(separator: ", "))",
                    status: 2)
            }
            board.format = format
        }
        board.theme.background = ["s4", "s5", "s6", "s7"].contains(scene) ? Color(rgb: 0x808080) : .black
        board.policy.showDelay = Milliseconds(0)
        board.policy.minimumVisible = Milliseconds(0)
        return board
    }

    static func label(_ scene: String, _ frame: Int) -> String { "\(frame) \(labels[scene] ?? "") \(frame)" }

    /// Gives the scene its command; returns the time of its first frame, in microseconds.
    static func stage(_ scene: String, _ session: MockSession) throws(CLIError) -> Int64 {
        switch scene {
        case "s1": try DemoCommand.apply("show ring circular value=60%", at: 0, session)
        case "s2": try DemoCommand.apply("show ring circular", at: 0, session)
        case "s3": try DemoCommand.apply("show bar linear value=60%", at: 0, session)
        case "label-latin", "label-arabic":
            try DemoCommand.apply("show ring circular value=60% label=\"\(label(scene, 0))\"", at: 0, session)
        case "s4":
            try DemoCommand.apply("toast \"Upload complete\"", at: 0, session)
            return 200_000
        case "s6":
            // The checkout as it appears: the first frame and then the dimming's fade-in.
            try DemoCommand.apply("show pay checkout label=\"Processing payment\"", at: 0, session)
        default:
            // The checkout once its dimming has faded in, then its spinner turning.
            try DemoCommand.apply("show pay checkout label=\"Processing payment\"", at: 0, session)
            return 200_000
        }
        return 0
    }

    /// The N frames after the first: s1 and s3 one percent more each, shown after its glide has
    /// finished (no animation); the others a frame's time apart, animating.
    static func drawFrames(_ scene: String, _ frames: Int, after first: Int64, _ session: MockSession) throws {
        // Decided once, not by comparing the scene's name every frame: the count is the frame's.
        enum Step {
            case newLabel
            case onePercent(id: String)
            case frameTime
        }
        let step: Step =
            labels[scene] != nil ? .newLabel : scene == "s1" || scene == "s3" ? .onePercent(id: scene == "s1" ? "ring" : "bar") : .frameTime
        for i in stride(from: 1, through: frames, by: 1) {
            let t: Int64
            switch step {
            case .newLabel:
                // A new label a second apart, once its cross-fade has long finished.
                t = Int64(i) * 1_000_000
                try session.engine.apply(.label(id: "ring", text: label(scene, i)), at: Instant(microseconds: t - 500_000))
            case .onePercent(let id):
                t = Int64(i) * 1_000_000
                let percent = (60 + i) % 101
                try session.engine.apply(
                    .progress(id: id, value: ProgressValue(fractionQ16: Int32(percent * 65536 / 100), form: .percent)),
                    at: Instant(microseconds: t - 500_000))
            case .frameTime:
                t = first + Int64(i) * frameMicroseconds
            }
            try session.screen.update(at: Instant(microseconds: t))
        }
    }

    static func report(_ scene: String, _ board: Board, drawn: String, first: Int64, frames: Int, _ s: Screen<MemoryDisplay>) {
        let further = s.pixelsTouched - first
        print(
            "halo bench: scene \(scene) on \(board.width)x\(board.height) \(board.format.rawValue), \(drawn): first frame touched \(first) pixels; \(frames) further frames: \(max(0, s.framesDrawn - 1)) drawn, \(s.framesSkipped) skipped as unchanged, \(further) pixels touched (\(frames > 0 ? further / Int64(frames) : 0) per frame)"
        )
    }
}
