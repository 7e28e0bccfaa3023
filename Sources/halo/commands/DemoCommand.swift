import HaloEngine
import HaloMock
import HaloRender

/// `halo demo`: a gallery of every indicator kind and state, as PNG files, plus an animated
/// preview of the spinners.
enum DemoCommand {
    static let usage = "halo demo [--board NAME|PATH] [--out DIR]"

    /// One picture: commands at times, then a snapshot.
    struct Scene {
        var name: String
        var steps: [(Int64, String)]
        var at: Int64
    }

    static let gallery: [Scene] = [
        Scene(name: "circular-determinate", steps: [(0, "show up circular label=\"Uploading photos\" value=60%")], at: 1000),
        Scene(name: "circular-count", steps: [(0, "show sync circular label=\"Syncing contacts\" value=30/100")], at: 1000),
        Scene(name: "circular-indeterminate", steps: [(0, "show scan circular")], at: 1700),
        Scene(name: "circular-switch-to-determinate", steps: [(0, "show dl circular label=\"Downloading map\""), (1500, "progress dl 25%")], at: 1700),
        Scene(name: "circular-cancellable", steps: [(0, "show up circular label=\"Uploading video\" value=35% cancellable=yes")], at: 1000),
        Scene(name: "circular-success", steps: [(0, "show up circular value=80%"), (800, "succeed up \"Photos uploaded\"")], at: 1200),
        Scene(name: "circular-error", steps: [(0, "show up circular value=40%"), (800, "fail up \"Upload failed. Check the network and try again.\"")], at: 1200),
        Scene(name: "linear-determinate", steps: [(0, "show copy linear label=\"Copying files\" value=60%")], at: 1000),
        Scene(name: "linear-indeterminate", steps: [(0, "show fetch linear label=\"Checking for updates\"")], at: 1400),
        Scene(name: "linear-toolbar", steps: [(0, "show page linear value=45% track=hidden")], at: 1000),
        Scene(name: "linear-success", steps: [(0, "show copy linear value=90%"), (800, "succeed copy \"Files copied\"")], at: 1200),
        Scene(name: "spinner", steps: [(0, "show find spinner label=\"Finding nearby printers\"")], at: 1300),
        Scene(name: "toast", steps: [(0, "toast \"Settings saved\"")], at: 600),
        Scene(name: "toast-two-lines", steps: [(0, "toast \"Receipt sent to the email address on your account\" long")], at: 600),
        Scene(name: "checkout", steps: [(0, "show pay checkout label=\"Processing payment\"")], at: 1300),
        Scene(name: "partial", steps: [(0, "show card partial region=40,120,400,240")], at: 1300),
        Scene(name: "network", steps: [(0, "show net network")], at: 1300),
    ]

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board", "out"], switches: []) } catch { throw CLIError("\(error.description); usage: \(usage)", status: 2) }
        if !args.positional.isEmpty { throw CLIError("demo takes no file names; usage: \(usage)", status: 2) }
        let board = try MockSession.loadBoard(args.options["board"])
        let out = args.options["out"] ?? "out/demo"
        do { try Files.makeDirectory(out) } catch { throw CLIError(error.description) }
        var written: [String] = []
        for scene in gallery {
            let session = try makeSession(board)
            for (t, line) in scene.steps {
                try apply(line, at: t, session)
            }
            let path = "\(out)/\(scene.name).png"
            try session.snapshot(at: .milliseconds(scene.at), to: path)
            written.append(path)
        }
        written.append(try animation(board, out: out))
        print("halo demo: \(written.count) files for board \(board.name) (\(board.width)×\(board.height) \(board.format.rawValue)) in \(out)/:")
        for path in written { print("  \(path)") }
    }

    static func makeSession(_ board: Board) throws(CLIError) -> MockSession {
        do { return try MockSession(board: board) } catch { throw CLIError(error.description) }
    }

    static func apply(_ line: String, at ms: Int64, _ session: MockSession) throws(CLIError) {
        switch CommandParser.parse(line) {
        case .failure(let e): throw CLIError("demo script line `\(line)`: \(e.message)")
        case .success(let command):
            do { try session.engine.apply(command, at: .milliseconds(ms)) } catch { throw CLIError("demo script line `\(line)`: \(error.message)") }
        }
    }

    /// Two seconds of the three spinning indicators at 20 frames a second, as an APNG.
    static func animation(_ board: Board, out: String) throws(CLIError) -> String {
        let session = try makeSession(board)
        try apply("show ring circular region=0,0,\(board.logicalWidth / 2),\(board.logicalHeight)", at: 0, session)
        try apply("show spin spinner label=\"Finding printers\" region=\(board.logicalWidth / 2),0,\(board.logicalWidth / 2),\(board.logicalHeight)", at: 0, session)
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
