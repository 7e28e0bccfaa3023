// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloMock
import HaloRender

/// `halo demo`: a gallery of every indicator kind and state on the board's screen, over a
/// plain app screen (`DemoBackdrop`), as PNG files, plus an animated preview of the spinners; and the same states on the board's LEDs
/// (`ring/`), with a turning indicator animated. A board without a screen gets only its LEDs; a
/// board without LEDs gets a 12-LED ring as a preview of what one would show.
enum DemoCommand {
    static let usage = "halo demo [--board NAME|PATH] [--out DIR]"

    /// The LEDs the pictures show: the board's, or a 12-LED ring when it has none.
    struct Lights {
        var look = LedRingLook()
        var inRow = false
        var described: String

        init(_ board: Board) {
            look.count = board.leds.count > 0 ? board.leds.count : 12
            look.track = board.leds.track
            inRow = board.leds.count > 0 && board.ledDriver.layout == .row
            let shape = inRow ? "in a row" : "on a ring"
            described = board.leds.count > 0 ? "\(look.count) LEDs \(shape)" : "no LEDs (a 12-LED ring as a preview)"
        }
    }

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board", "out"], switches: []) } catch {
            throw CLIError("\(error.description); usage: \(usage)", status: 2)
        }
        if !args.positional.isEmpty { throw CLIError("demo takes no file names; usage: \(usage)", status: 2) }
        let board = try MockSession.loadBoard(args.options["board"])
        let out = args.options["out"] ?? "out/demo"
        do {
            try Files.makeDirectory(out)
            try Files.makeDirectory(out + "/ring")
        } catch { throw CLIError(error.description) }
        let screen = !board.display.isHeadless
        let lights = Lights(board)
        var written: [String] = []
        for scene in DemoGallery.scenes {
            let session = try makeSession(board)
            // The boot splash has the screen to itself, with the board's pictures for its mode.
            if let mode = scene.bootMode { session.engine.theme = board.theme(forBootMode: mode) }
            do { try DemoGallery.play(scene, on: session.engine) } catch { throw CLIError("demo scene \(scene.name): \(error.message)") }
            if screen {
                if scene.bootMode == nil {
                    session.screen.backdrop = DemoBackdrop.layers(width: board.logicalWidth, height: board.logicalHeight)
                }
                let path = "\(out)/\(scene.name).png"
                try session.snapshot(at: .milliseconds(scene.at), to: path)
                written.append(path)
            }
            let ring = "\(out)/ring/\(scene.name).png"
            let colors = session.engine.ledColors(lights.look, at: .milliseconds(scene.at))
            try write(ring, try png { () throws(PNGError) in try LedRingPicture.png(colors, inRow: lights.inRow) })
            written.append(ring)
        }
        if screen { written.append(try animation(board, out: out)) }
        written.append(try ringAnimation(board, lights, out: out))
        written += try ringMotions(board, lights, out: out)
        let shown = screen ? "\(board.width)×\(board.height) \(board.format.rawValue)" : "no screen"
        print("halo demo: \(written.count) files for board \(board.name) (\(shown), \(lights.described)) in \(out)/:")
        for path in written { print("  \(path)") }
    }

    static func makeSession(_ board: Board) throws(CLIError) -> MockSession {
        do { return try MockSession(board: board) } catch { throw CLIError(error.description) }
    }

    static func apply(_ line: String, at ms: Int64, _ session: MockSession) throws(CLIError) {
        do { try DemoGallery.run(line, at: ms, on: session.engine) } catch { throw CLIError("demo script line \(error.message)") }
    }

    static func png(_ make: () throws(PNGError) -> [UInt8]) throws(CLIError) -> [UInt8] {
        do { return try make() } catch { throw CLIError(error.description) }
    }

    static func write(_ path: String, _ bytes: [UInt8]) throws(CLIError) {
        do { try Files.write(path, bytes) } catch { throw CLIError(error.description) }
    }

    /// Two seconds of a turning indicator on the LEDs at 20 frames a second, as an APNG.
    static func ringAnimation(_ board: Board, _ lights: Lights, out: String) throws(CLIError) -> String {
        let session = try makeSession(board)
        try apply("show ring circular", at: 0, session)
        let frames = (0..<40).map { i in
            LedRingPicture.rgb(session.engine.ledColors(lights.look, at: .milliseconds(600 + Int64(i) * 50)), inRow: lights.inRow)
        }
        let path = "\(out)/ring/turning.apng"
        let size = LedRingPicture.size
        try write(
            path, try png { () throws(PNGError) in try PNGEncoder.encodeAnimation(width: size, height: size, frames: frames, delayMs: 50) })
        return path
    }

    /// The ring's vocabulary: for each state, 3 s of it animated (`motion-NAME.apng`) and a
    /// strip of moments 200 ms apart, in colour above and on single-colour on/off LEDs below
    /// (`motion-NAME.png`).
    static func ringMotions(_ board: Board, _ lights: Lights, out: String) throws(CLIError) -> [String] {
        var written: [String] = []
        let look = lights.look
        for scene in DemoGallery.ringMotions {
            let moments = try moments(scene, board, look: look, frames: 60, everyMs: 50)
            let size = LedRingPicture.size
            let animation = "\(out)/ring/motion-\(scene.name).apng"
            try write(
                animation,
                try png { () throws(PNGError) in
                    try PNGEncoder.encodeAnimation(
                        width: size, height: size, frames: moments.map { LedRingPicture.rgb($0, inRow: lights.inRow) }, delayMs: 50)
                })
            let session = try makeSession(board)
            session.engine.policy.showDelay = Milliseconds(0)
            let rows: [[[Color]]]
            do { rows = try DemoGallery.ringStrip(scene, on: session.engine, look: look) } catch {
                throw CLIError("demo ring motion \(scene.name): \(error.message)")
            }
            let strip = LedRingPicture.strip(rows, inRow: lights.inRow)
            let still = "\(out)/ring/motion-\(scene.name).png"
            try write(
                still, try png { () throws(PNGError) in try PNGEncoder.encode(width: strip.width, height: strip.height, rgb: strip.rgb) })
            written += [animation, still]
        }
        return written
    }

    static func moments(_ scene: DemoGallery.Scene, _ board: Board, look: LedRingLook, frames: Int, everyMs: Int64) throws(CLIError)
        -> [[Color]]
    {
        let session = try makeSession(board)
        session.engine.policy.showDelay = Milliseconds(0)
        do { return try DemoGallery.ringMoments(scene, on: session.engine, look: look, frames: frames, everyMs: everyMs) } catch {
            throw CLIError("demo ring motion \(scene.name): \(error.message)")
        }
    }

    /// Two seconds of the three spinning indicators at 20 frames a second, as an APNG.
    static func animation(_ board: Board, out: String) throws(CLIError) -> String {
        let session = try makeSession(board)
        session.screen.backdrop = DemoBackdrop.layers(width: board.logicalWidth, height: board.logicalHeight)
        try apply("show ring circular region=0,0,\(board.logicalWidth / 2),\(board.logicalHeight)", at: 0, session)
        try apply(
            "show spin spinner label=\"Finding printers\" region=\(board.logicalWidth / 2),0,\(board.logicalWidth / 2),\(board.logicalHeight)",
            at: 0, session)
        try apply("show net network", at: 0, session)
        var frames: [[UInt8]] = []
        for i in 0..<40 {
            do { try session.screen.update(at: .milliseconds(600 + Int64(i) * 50)) } catch { throw CLIError(error.description) }
            frames.append(session.display.rgb())
        }
        let path = "\(out)/spinners.apng"
        do {
            try Files.write(path, try PNGEncoder.encodeAnimation(width: board.width, height: board.height, frames: frames, delayMs: 50))
        } catch let e as FileError {
            throw CLIError(e.description)
        } catch {
            throw CLIError("\(error)")
        }
        return path
    }
}
