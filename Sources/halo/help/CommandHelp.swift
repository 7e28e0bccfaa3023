// SPDX-License-Identifier: Apache-2.0
/// What `halo help COMMAND` says of each command: its usage, what it does, every option with
/// its default, and an example. The same text makes the man page (`halo help --man`), so the
/// device's help, the man page and the commands themselves cannot drift apart.
struct CommandHelp {
    struct Option {
        var name: String
        var byDefault: String
        var meaning: String
    }

    var name: String
    var usage: String
    /// One line, for `halo help`'s list.
    var brief: String
    var summary: String
    var options: [Option]
    var example: String

    static let all: [CommandHelp] = [
        CommandHelp(
            name: "demo", usage: DemoCommand.usage,
            brief: "draw every indicator state as pictures",
            summary:
                "Draws every indicator kind and state on the board's screen, over a plain app screen, as PNG files, with an animated preview of the spinners, and the same states on the board's LEDs (ring/). A board without a screen gets only its LED pictures.",
            options: [
                Option(name: "--board NAME|PATH", byDefault: "mock-480x480", meaning: "the board profile (see halo boards)"),
                Option(name: "--out DIR", byDefault: "out/demo", meaning: "the folder to write into, made if missing"),
            ],
            example: "halo demo --board mock-800x480 --out /tmp/gallery"),
        CommandHelp(
            name: "replay", usage: ReplayCommand.usage,
            brief: "run a timed script on the mock display and write its frames",
            summary:
                "Runs a timed script (lines of the control language, each after @MILLISECONDS) on the board's mock display with a virtual clock and writes DIR/T.png for each frame time. Without --at, a frame for each moment the script does something, once it shows. On a board with LEDs it also writes leds.txt (after the colour pipeline), leds-picture.txt, and spi.txt, gpio.txt or ledclass.txt for its driver. The same script always gives the same bytes.",
            options: [
                Option(name: "--board NAME|PATH", byDefault: "mock-480x480", meaning: "the board profile"),
                Option(
                    name: "--at T1,T2,...", byDefault: "each moment's settled frame", meaning: "frame times in milliseconds, 0 to 86400000"),
                Option(name: "--out DIR", byDefault: "out/replay", meaning: "the folder to write into"),
            ],
            example: "halo replay upload.halo --at 1000,2200,14200 --out out/upload"),
        CommandHelp(
            name: "lint", usage: LintCommand.usage,
            brief: "check a script against the guidelines and the engine",
            summary:
                "Reports, by line, what in a script goes against the indicator guidelines (vague or title-case labels, labels on short tasks, progress going back, a spinner for measurable work, long toasts) and every line the engine would refuse or warn about. Exit status 1 when it finds something.",
            options: [Option(name: "--board NAME|PATH", byDefault: "mock-480x480", meaning: "the board whose screen sizes the labels")],
            example: "halo lint upload.halo --board raspberrypi-touch-display"),
        CommandHelp(
            name: "run", usage: RunCommand.usage,
            brief: "the daemon: draw on the screen and LEDs, take commands on a socket",
            summary:
                "The daemon: draws the indicators on the board's screen and LEDs and takes commands on a Unix socket (halo help control). SIGHUP reloads the board, SIGTERM stops it. With no --board it uses /etc/halo/board.yaml. HALO_MOTION=reduced (no turning or gliding) or none (still frames) overrides the board's motion.",
            options: [
                Option(
                    name: "--board NAME|PATH", byDefault: "/etc/halo/board.yaml",
                    meaning: "the board profile; mock-480x480 and the other mock boards draw in memory"),
                Option(
                    name: "--socket PATH", byDefault: RunCommand.defaultSocket, meaning: "where to listen; its folder is made if missing"),
                Option(
                    name: "--display KIND", byDefault: "the board's display key",
                    meaning: "mock, drm, fbdev, auto (DRM, else fbdev) or none"),
                Option(
                    name: "--wait-master SECONDS", byDefault: "0",
                    meaning: "keep trying to become DRM master this long while another program holds it"),
                Option(
                    name: "--psplash-fifo PATH", byDefault: "none",
                    meaning: "also read psplash's FIFO (MSG, PROGRESS, QUIT), made if missing"),
                Option(
                    name: "--plymouth", byDefault: "the board's plymouth key",
                    meaning: "also serve plymouthd's socket, so systemd and the plymouth command drive the boot splash"),
                Option(
                    name: "--show LINE", byDefault: "none",
                    meaning:
                        "a control line to run at start, its indicator in the first frame (a boot script's progress without a second process)"
                ),
                Option(
                    name: "--mode MODE", byDefault: "boot",
                    meaning:
                        "the Plymouth mode the splash starts in, as plymouthd's --mode: boot, shutdown, reboot, updates, system-upgrade, firmware-upgrade"
                ),
                Option(
                    name: "--detach", byDefault: "stay in the foreground",
                    meaning:
                        "go into the background once plymouthd's socket is bound, as plymouthd does: a boot script's next plymouth call finds the splash, with no polling"
                ),
                Option(
                    name: "--save-first-frame PATH", byDefault: "serve",
                    meaning:
                        "do not serve: draw the first frame these options show (on a DRM board) and save it; saved as BOARD.frame beside the board file, halo run shows it before it reads the board (the initramfs hooks do this)"
                ),
            ],
            example: "halo run --board raspberrypi-touch-display"),
        CommandHelp(
            name: "ctl", usage: CtlCommand.usage,
            brief: "send commands to the daemon",
            summary:
                "Sends one command to the daemon and prints its reply, or with - each line of standard input. Exit status 1 when a reply is an error. With watch, it prints the daemon's events (shown, cancelled, dismissed) one a line as they come, until interrupted. It sends nothing to a daemon that runs as neither root, the caller nor the halo user.",
            options: [
                Option(name: "--socket PATH", byDefault: RunCommand.defaultSocket, meaning: "the daemon's socket"),
                Option(name: "--trust-uid UID", byDefault: "none", meaning: "also talk to a daemon that user runs"),
            ],
            example: "halo ctl show up circular label=\"Uploading photos\" value=10%"),
        CommandHelp(
            name: "wrap", usage: WrapCommand.usage,
            brief: "show an indicator while a command runs",
            summary:
                "Runs the command with an indicator on the daemon's screen, filled from the percentages the command prints (pv -f, rsync --info=progress2, curl, wget; dd status=progress with --total), and ends it in success or failure with the command's exit status, which is also wrap's. The command's output reaches the terminal as it would without wrap. Its standard error is always read; its standard output only when it goes to a terminal or the journal, since output sent to a file, a device or a pipe is data (--read stdout reads it anyway, as rsync --info=progress2 into a log file needs). wrap follows the command itself, not what it leaves running: once the command has exited, its pipes are read until they stay quiet for a quarter of a second (ten seconds at most) and wrap ends with the command's status, whatever its descendants still do; one still writing to the pipes after that gets SIGPIPE, as under any reader that has gone. Without a daemon the command still runs.",
            options: [
                Option(name: "--socket PATH", byDefault: RunCommand.defaultSocket, meaning: "the daemon's socket"),
                Option(name: "--id ID", byDefault: "wrap-PID", meaning: "the activity's id"),
                Option(name: "--label TEXT", byDefault: "the command's name", meaning: "the indicator's label"),
                Option(name: "--total BYTES", byDefault: "none", meaning: "what dd copies, to read its byte counts as progress"),
                Option(name: "--read WHICH", byDefault: "stderr, and stdout on a terminal", meaning: "stdout, stderr or both"),
            ],
            example: "halo wrap --label \"Writing the image\" --total 2147483648 -- dd if=os.img of=/dev/mmcblk0 bs=4M status=progress"),
        CommandHelp(
            name: "plymouth", usage: PlymouthCommand.usage,
            brief: "Plymouth's plymouth command, for systems without Plymouth",
            summary:
                "Speaks to the boot splash as Debian's plymouth command does, with its words, output and exit statuses (0 done, 1 refused or no splash, 2 the splash hung up; --wait returns 0 when none runs). halo installed under the name plymouth is this command, so initramfs scripts and cryptsetup's password prompt find the splash. ask-for-password prints the typed answer; --command is not supported.",
            options: [],
            example: "halo plymouth ask-for-password --prompt=\"Passphrase for disk root\""),
        CommandHelp(
            name: "leds", usage: LedsCommand.usage,
            brief: "check the LED wiring, one LED at a time",
            summary:
                "Checks a board's LED wiring: lights one LED at a time in red, green and blue, clockwise from 12 o'clock, and says which should be lit. The wrong LED means leds.first or leds.direction is wrong; the wrong colour, leds.order.",
            options: [
                Option(name: "--board NAME|PATH", byDefault: "/etc/halo/board.yaml", meaning: "the board whose LEDs to light"),
                Option(name: "--step-ms MS", byDefault: "700", meaning: "how long each LED stays lit"),
            ],
            example: "halo leds test --board raspberrypi-ws2812-ring16"),
        CommandHelp(
            name: "bench", usage: BenchCommand.usage,
            brief: "draw a standard scene, for instruction counts",
            summary:
                "Draws a standard scene's first frame and N more on a mock display, writing nothing, for instruction counts under callgrind (.ci/bench-callgrind).",
            options: [
                Option(name: "--scene NAME", byDefault: "none (required)", meaning: "s1 to s7, or ring-DRIVER-N"),
                Option(name: "--format FORMAT", byDefault: "XRGB8888", meaning: "the mock display's pixel format"),
                Option(name: "--frames N", byDefault: "60", meaning: "frames after the first"),
                Option(name: "--setup-only", byDefault: "off", meaning: "stop after setting the scene up"),
            ],
            example: "halo bench --scene s2 --frames 60"),
        CommandHelp(
            name: "boards", usage: BoardsCommand.usage,
            brief: "list the board profiles",
            summary:
                "Lists the board profiles Halo finds, with their screens and LEDs, and where it looked. With --files, prints the files a board needs, its own, its font's and its pictures', one a line (the device's board without a name): what an initramfs hook copies.",
            options: [], example: "halo boards"),
        CommandHelp(
            name: "help", usage: "halo help [COMMAND|control] | halo help --man",
            brief: "this help",
            summary: "This help: the commands, one command in full, or the control language; --man prints it all as a man page.",
            options: [], example: "halo help control"),
    ]

    static func named(_ name: String) -> CommandHelp? { all.first { $0.name == name } }

    /// The command's help as a terminal shows it.
    var text: String {
        var out = "usage: \(usage)\n\n" + Self.wrap(summary, indent: "") + "\n"
        if !options.isEmpty {
            out += "\noptions:\n"
            for o in options {
                out += "  \(o.name)\n" + Self.wrap("\(o.meaning) (default: \(o.byDefault))", indent: "      ") + "\n"
            }
        }
        return out + "\nexample:\n  \(example)\n"
    }

    /// `text` broken into lines of at most 80 characters, each starting with `indent`.
    static func wrap(_ text: String, indent: String) -> String {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count + word.count + 1 > 80 && line.count > indent.count {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
