// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport

/// A real headless sway (Debian's, from the machine's packages) with one fullscreen app of a
/// known colour, for the overlay tests. sway refuses to run as root, so it runs as `nobody`
/// with its own runtime folder; the pixman renderer keeps its pictures exact. The app is foot,
/// every colour of it the same, running a shell that turns on the terminal's mouse reports and
/// keeps what arrives: the clicks that reached the app.
final class SwaySession {
    let dir: URL
    let runtime: String
    let socketName: String
    let sway: ChildProcess
    static let width = 800, height = 480

    /// What the tests need, each named for the skip message.
    static let missing: [String] = ["sway", "foot", "grim", "wayland-scanner", "gcc", "setpriv"].filter { tool in
        !["/usr/bin", "/bin", "/usr/local/bin"].contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
    }
    static var available: Bool { missing.isEmpty && getuid() == 0 }

    /// The compositors the tests start: sway has wlr-layer-shell, cage (a kiosk) has none.
    enum Compositor: String {
        case sway, cage
    }

    init(app colour: String, in dir: URL, compositor: Compositor = .sway) throws {
        self.dir = dir
        let xdg = dir.appendingPathComponent("xdg"), home = dir.appendingPathComponent("home")
        for folder in [xdg, home] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = chown(folder.path, 65534, 65534)
        }
        chmod(xdg.path, 0o700)
        runtime = xdg.path
        let shell = #"printf '\033[?1000h'; stty raw -echo; exec cat > "# + home.appendingPathComponent("clicks").path
        let config = """
            output HEADLESS-1 resolution \(Self.width)x\(Self.height) position 0 0
            xwayland disable
            default_border none
            for_window [app_id="foot"] fullscreen enable
            exec foot -o colors.background=\(colour) -o colors.foreground=\(colour) -o "cursor.color=\(colour) \(colour)" sh -c "\(shell.replacingOccurrences(of: "\"", with: "\\\""))"

            """
        let configPath = dir.appendingPathComponent("sway.conf").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let app = ["foot", "-o", "colors.background=\(colour)", "-o", "colors.foreground=\(colour)", "sh", "-c", shell]
        let command = compositor == .sway ? ["sway", "-c", configPath] : ["cage", "--"] + app
        sway = try ChildProcess(
            [
                "setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups", "env", "-i", "HOME=\(home.path)",
                "XDG_RUNTIME_DIR=\(xdg.path)", "WLR_BACKENDS=headless", "WLR_RENDERER=pixman", "LC_ALL=C.UTF-8", "PATH=/usr/bin:/bin",
            ] + command, stdout: .file(dir.appendingPathComponent("sway.log").path),
            stderr: .file(dir.appendingPathComponent("sway.err").path))
        var found: String?
        for _ in 0..<250 where found == nil {
            usleep(20_000)
            found = (try? FileManager.default.contentsOfDirectory(atPath: xdg.path))?.first {
                $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
            }
        }
        guard let found else {
            _ = sway.stop(grace: 1)
            throw Failure(
                "\(compositor) made no socket in 5 s: \((try? String(contentsOf: dir.appendingPathComponent("sway.err"), encoding: .utf8)) ?? "")"
            )
        }
        socketName = found
        if compositor == .sway { try waitForApp(colour) }
    }

    deinit { _ = sway.stop(grace: 2) }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// What a client of this sway needs in its environment.
    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime, "WAYLAND_DISPLAY": socketName] }

    /// Until the app fills the output with its colour (5 s at most).
    func waitForApp(_ colour: String) throws {
        let want = [UInt8](stride(from: 0, to: 6, by: 2).map { UInt8(colour.dropFirst($0).prefix(2), radix: 16)! })
        for _ in 0..<100 {
            if let shot = try? screenshot(), shot.count == Self.width * Self.height * 3,
                Array(shot[0..<3]) == want, Array(shot[(shot.count / 2 / 3) * 3..<(shot.count / 2 / 3) * 3 + 3]) == want
            {
                return
            }
            usleep(50_000)
        }
        throw Failure("the app never filled the screen with #\(colour)")
    }

    /// The output as grim captures it (wlr-screencopy): 8-bit RGB, row after row.
    func screenshot(width: Int = SwaySession.width, height: Int = SwaySession.height) throws -> [UInt8] {
        let file = dir.appendingPathComponent("shot.ppm").path
        let grim = try ChildProcess.run(
            ["env", "XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(socketName)", "grim", "-t", "ppm", file], timeout: 20)
        guard grim.status == 0 else { throw Failure("grim: \(grim)") }
        return try Self.ppm([UInt8](Data(contentsOf: URL(fileURLWithPath: file))), width: width, height: height)
    }

    /// A binary PPM's pixels (grim writes `P6\nW H\n255\n`).
    static func ppm(_ bytes: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var fields: [String] = []
        var i = 0, field = ""
        while fields.count < 4 && i < bytes.count {
            let c = bytes[i]
            i += 1
            if c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(Character(UnicodeScalar(c)))
            }
        }
        guard fields == ["P6", "\(width)", "\(height)", "255"] else { throw Failure("not an \(width)x\(height) PPM: \(fields)") }
        return Array(bytes[i...])
    }

    /// The virtual pointer tool, built once from wlr-virtual-pointer's XML with wayland-scanner.
    static let clicker: Result<String, Error> = Result {
        let out = CommandTests.packageRoot.appendingPathComponent(".build/virtual-click")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let name = "wlr-virtual-pointer-unstable-v1"
        let registry = "/usr/share/cargo/registry"
        let crates = ((try? FileManager.default.contentsOfDirectory(atPath: registry)) ?? []).filter { $0.hasPrefix("wayland-protocols") }
        let dirs =
            ["/usr/share/wlr-protocols/unstable", "/usr/local/share/wlr-protocols/unstable"]
            + crates.map { "\(registry)/\($0)/wlr-protocols/unstable" }
        guard let xml = dirs.map({ "\($0)/\(name).xml" }).first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            throw Failure("\(name).xml is in none of \(dirs); run contrib/wayland/layer-shell-xml")
        }
        let source = CommandTests.packageRoot.appendingPathComponent("Tests/HaloCommandTests/wayland/virtual-click.c").path
        let binary = out.appendingPathComponent("virtual-click").path
        for step in [
            ["wayland-scanner", "client-header", xml, out.appendingPathComponent("\(name)-client-protocol.h").path],
            ["wayland-scanner", "private-code", xml, out.appendingPathComponent("\(name).c").path],
            [
                "gcc", "-Wall", "-Wextra", "-Werror", "-I", out.path, "-o", binary, source, out.appendingPathComponent("\(name).c").path,
                "-lwayland-client",
            ],
        ] {
            let r = try ChildProcess.run(step, timeout: 60)
            guard r.status == 0 else { throw Failure("\(step.joined(separator: " ")): \(r)") }
        }
        return binary
    }

    /// Asks sway, through its IPC socket, to set its output up otherwise (`resolution 640x400`,
    /// `scale 2`, `transform 90`).
    func output(_ words: String...) throws {
        let ipc = (try FileManager.default.contentsOfDirectory(atPath: runtime)).first { $0.hasPrefix("sway-ipc.") } ?? ""
        let r = try ChildProcess.run(["swaymsg", "-s", "\(runtime)/\(ipc)", "output", "HEADLESS-1"] + words, timeout: 20)
        guard r.status == 0 else { throw Failure("swaymsg: \(r)") }
    }

    /// A left click at `x`, `y` through a virtual pointer, as sway routes a real one.
    func click(x: Int, y: Int) throws {
        let r = try ChildProcess.run(
            [
                "env", "XDG_RUNTIME_DIR=\(runtime)", "WAYLAND_DISPLAY=\(socketName)", try Self.clicker.get(), "\(x)", "\(y)",
                "\(Self.width)", "\(Self.height)",
            ],
            timeout: 20)
        guard r.status == 0 else { throw Failure("virtual-click: \(r)") }
    }

    /// The mouse reports the app has received: six bytes a press or release (`ESC [ M b x y`).
    var appClicks: Int {
        let bytes = (try? Data(contentsOf: dir.appendingPathComponent("home/clicks"))) ?? Data()
        return bytes.count / 6
    }
}
