import HaloDaemon
import Testing

@Suite("psplash compatibility")
struct PsplashTests {
    @Test("MSG, PROGRESS and QUIT become one linear indicator, NUL- or newline-ended, in pieces")
    func translates() {
        var t = PsplashTranslator()
        #expect(t.feed(Array("PROGRESS 20\0".utf8)) == [.command("show psplash linear value=20%")])
        #expect(t.feed(Array("MSG Starting \"net\"".utf8)) == [])
        #expect(t.feed(Array("work\0PROGRESS 150\n".utf8)) == [.command(#"label psplash "Starting \"net\"work""#), .command("progress psplash 100%")])
        #expect(t.feed(Array("QUIT\0".utf8)) == [.command("dismiss psplash"), .quit])
    }

    @Test("a message first shows an indeterminate bar with it as the label")
    func messageFirst() {
        var t = PsplashTranslator()
        #expect(t.feed(Array("MSG Booting\0".utf8)) == [.command(#"show psplash linear label="Booting""#)])
    }

    @Test("unknown or malformed messages are ignored with a reason, and a message is capped at 512 bytes")
    func badMessages() {
        var t = PsplashTranslator()
        let actions = t.feed(Array("PROGRESS lots\0REBOOT\0".utf8))
        #expect(actions.count == 2)
        for a in actions {
            guard case .ignored(let why) = a else { Issue.record("\(a) not ignored"); continue }
            #expect(why.contains("PROGRESS") || why.contains("MSG"))
        }
        let long = t.feed(Array(("MSG " + String(repeating: "a", count: 5000) + "\0").utf8))
        guard case .command(let line) = long.first else { Issue.record("\(long)"); return }
        #expect(line.utf8.count < 600)
    }
}
