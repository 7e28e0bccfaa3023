#if canImport(Glibc)
    import Glibc
#endif
import HaloDaemon
import HaloEngine
import HaloMock

/// `halo run`: the daemon. It listens on a Unix socket for lines of the control language and
/// keeps the board's screen up to date.
///
/// The DRM/KMS and fbdev backends are not written yet, so for now the screen is the board's
/// mock display in memory; `snapshot "FILE.png"` writes what it shows.
enum RunCommand {
    static let usage = "halo run [--board NAME|PATH] [--socket PATH]"
    static let defaultSocket = "/run/halo/halo.sock"

    static func run(_ words: [String]) throws(CLIError) {
        let args: Arguments
        do { args = try Arguments(words, valued: ["board", "socket"], switches: []) } catch { throw CLIError("\(error.description); usage: \(usage)", status: 2) }
        guard args.positional.isEmpty else { throw CLIError("halo run takes no words besides its options; usage: \(usage)", status: 2) }
        let board = try MockSession.loadBoard(args.options["board"])
        let session = try DemoCommand.makeSession(board)
        let path = args.options["socket"] ?? defaultSocket
        let server: ControlServer<MemoryDisplay>
        do {
            let signals = try SignalDescriptor([SIGTERM, SIGINT, SIGHUP])
            let listener = try UnixListener(path: path)
            server = ControlServer(screen: session.screen, listener: listener, signals: signals, frameRate: board.framesPerSecond)
        } catch {
            throw CLIError("\(error.description)")
        }
        server.log = { Console.error("halo run: \($0)") }
        server.extraCommand = { line, drawNow in snapshot(line, session, drawNow) }
        Console.error("halo run: serving \(board.name) on \(path) (mock display: the DRM and fbdev backends come later)")
        server.run()
    }

    /// `snapshot "FILE"`: writes the screen as a PNG.
    static func snapshot(_ line: String, _ session: MockSession, _ drawNow: () -> Void) -> String? {
        guard line.hasPrefix("snapshot ") || line == "snapshot" else { return nil }
        // The picture as it is now, not as of the last frame.
        drawNow()
        let rest = line.dropFirst("snapshot".count).trimmingSpaces
        guard rest.count >= 2, rest.first == "\"", rest.last == "\"" else {
            return "error invalid: snapshot takes a quoted file name, e.g. snapshot \"/tmp/screen.png\""
        }
        let path = String(rest.dropFirst().dropLast())
        do {
            try Files.write(path, try session.display.png())
            return "ok"
        } catch let e as FileError {
            return "error file: \(e.description)"
        } catch {
            return "error file: \(error)"
        }
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return s
    }
}
