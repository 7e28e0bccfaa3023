// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloDaemon
import HaloEngine
import HaloPOSIX
import HaloTestSupport
import Testing

@Suite("psplash compatibility")
struct PsplashTests {
    @Test(
        "MSG, PROGRESS and QUIT become one linear indicator, NUL- or newline-ended, in pieces; the bar shows no percentage beside the message"
    )
    func translates() {
        var t = PsplashTranslator()
        #expect(
            t.feed(Array("PROGRESS 20\0".utf8)) == [
                .command("progress psplash 20%", orStart: "show psplash linear value=20% show-value=no")
            ])
        #expect(t.feed(Array("MSG Starting \"net\"".utf8)) == [])
        #expect(
            t.feed(Array("work\0PROGRESS 150\n".utf8)) == [
                .command(
                    #"label psplash "Starting \"net\"work""#, orStart: #"show psplash linear label="Starting \"net\"work" show-value=no"#),
                .ignored("PROGRESS 150 is outside 0 to 100 and was shown as 100"),
                .command("progress psplash 100%", orStart: "show psplash linear value=100% show-value=no"),
            ])
        #expect(t.feed(Array("QUIT\0".utf8)) == [.quit])
    }

    @Test("a message with a quote inside a grapheme cluster is shown as written, not dropped and not read as more keys")
    func clusteredQuote() {
        var t = PsplashTranslator()
        let text = "X\u{600}\" lease=1s label=\"\u{301}Y"
        guard case .command(let line, _)? = t.feed(Array("MSG \(text)\0".utf8)).first else {
            Issue.record("no command")
            return
        }
        #expect(CommandParser.parse(line) == .success(.label(id: "psplash", text: text)), "\(line)")
    }

    @Test("a message its writer left unfinished is dropped after a second, with a log line, and never glues onto the next")
    func stalledWriter() {
        var t = PsplashTranslator()
        #expect(t.feed(Array("PROGRESS 4".utf8), at: .milliseconds(1000)).isEmpty)
        #expect(t.deadline == .milliseconds(2000), "the loop wakes for it even if nothing more comes")
        #expect(t.expire(at: .milliseconds(1999)).isEmpty)
        let dropped = t.expire(at: .milliseconds(2000))
        guard case .ignored(let why)? = dropped.first else {
            Issue.record("\(dropped)")
            return
        }
        #expect(why.contains("unfinished message of 10 bytes ('PROGRESS 4')") && why.contains("end each message with a NUL byte"))
        #expect(t.deadline == nil)
        #expect(
            t.feed(Array("PROGRESS 50\0".utf8), at: .milliseconds(2500)) == [
                .command("progress psplash 50%", orStart: "show psplash linear value=50% show-value=no")
            ])
        // Fed again after a stall with no time-out in between: dropped first, then the new one.
        _ = t.feed(Array("MSG half".utf8), at: .milliseconds(3000))
        let next = t.feed(Array("PROGRESS 60\0".utf8), at: .milliseconds(4500))
        #expect(next.count == 2 && next.last == .command("progress psplash 60%", orStart: "show psplash linear value=60% show-value=no"))
    }

    @Test("unknown or malformed messages are ignored with a reason; one over 512 bytes is dropped whole, as the README says")
    func badMessages() {
        var t = PsplashTranslator()
        let actions = t.feed(Array("PROGRESS lots\0REBOOT\0PROGRESS 99999999999999999999999\0".utf8))
        #expect(actions.count == 3)
        for a in actions {
            guard case .ignored(let why) = a else {
                Issue.record("\(a) not ignored")
                continue
            }
            #expect(why.contains("PROGRESS") || why.contains("MSG"))
        }
        let long = t.feed(Array(("MSG " + String(repeating: "a", count: 5000) + "\0PROGRESS 5\0").utf8))
        #expect(long.count == 2)
        #expect(long.first == .ignored("a message of 5004 bytes is longer than psplash's 512 and was dropped"))
        #expect(long.last == .command("progress psplash 5%", orStart: "show psplash linear value=5% show-value=no"))
        // Exactly 512 bytes still counts.
        let edge = t.feed(Array(("MSG " + String(repeating: "b", count: 508) + "\0").utf8))
        guard case .command(let line, _)? = edge.first else {
            Issue.record("\(edge)")
            return
        }
        #expect(line.contains(String(repeating: "b", count: 508)))
    }

    @Test("the FIFO is made 0620 whatever the umask, read a budget at a time, and its bar comes back after a client dismissed it")
    func fifo() throws {
        let path = "/tmp/halo-test-\(getpid())-psplash"
        unlink(path)
        defer { unlink(path) }
        let old = umask(0o077)
        let fifo = try PsplashFifo(path: path)
        umask(old)
        var st = stat()
        #expect(lstat(path, &st) == 0 && st.st_mode & 0o777 == 0o620)

        let engine = makeTestEngine()
        var now = Instant.milliseconds(0)
        let writer = open(path, O_WRONLY | O_NONBLOCK)
        defer { close(writer) }
        func write(_ text: String) { _ = Array(text.utf8).withUnsafeBytes { Glibc.write(writer, $0.baseAddress, $0.count) } }
        func serve() -> [String] {
            var reports: [String] = []
            fifo.serve(at: now, run: { engine.reply(to: $0, at: now).text }, report: { reports.append($0) }, quit: {})
            return reports
        }
        write("PROGRESS 30\0")
        #expect(serve().isEmpty)
        #expect(engine.activityIDs(at: now) == ["psplash"])
        try engine.apply(.dismiss(id: "psplash"), at: now)
        now = .milliseconds(5000)
        #expect(engine.activityIDs(at: now).isEmpty)
        write("MSG Starting network\0PROGRESS 40\0")
        #expect(serve().isEmpty)
        #expect(engine.activityIDs(at: now) == ["psplash"], "the bar is back")

        // 40 KiB of unknown messages: one round reads 4 KiB of them, the rest waits its turn.
        write(String(repeating: "X\0", count: 20_000))
        let reports = serve()
        #expect(reports.count == PsplashFifo.readBudget / 2, "\(reports.count)")
        var rounds = 1
        while !serve().isEmpty && rounds < 100 { rounds += 1 }
        #expect(rounds == (40_000 + PsplashFifo.readBudget - 1) / PsplashFifo.readBudget)
    }
}

func makeTestEngine() -> Engine {
    var p = Policy()
    p.showDelay = Milliseconds(0)
    p.minimumVisible = Milliseconds(0)
    return Engine(screenWidth: 200, screenHeight: 120, theme: Theme(), policy: p, text: BlockText())
}
