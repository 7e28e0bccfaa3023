// SPDX-License-Identifier: Apache-2.0
import HaloDaemon
import Testing

/// Plymouth's framing and requests, as the real `plymouth` command sends them (the bytes are
/// those Debian's plymouth 22.02.122 writes, recorded against a listener).
@Suite("Plymouth's protocol: framing, replies and requests in Halo's terms")
struct PlymouthProtocolTests {
    func feed(_ bytes: [UInt8], in chunks: Int = 1) -> [PlymouthFramer.Piece] {
        var framer = PlymouthFramer()
        var out: [PlymouthFramer.Piece] = []
        var at = 0
        while at < bytes.count {
            let end = min(bytes.count, at + chunks)
            out += bytes[at..<end].withUnsafeBytes { framer.feed($0) }
            at = end
        }
        return out
    }

    @Test("the real CLI's requests, whole or a byte at a time")
    func framing() {
        let ping: [UInt8] = [0x50, 0x00]
        let message: [UInt8] = [0x4d, 0x02, 0x06] + Array("hello".utf8) + [0]
        let quitRetain: [UInt8] = [0x51, 0x02, 0x02, 0x01, 0x00]
        for chunk in [1, 3, 100] {
            #expect(
                feed(ping + message + quitRetain, in: chunk) == [
                    .request(.init(command: 0x50, argument: nil)), .request(.init(command: 0x4d, argument: Array("hello".utf8))),
                    .request(.init(command: 0x51, argument: [1])),
                ])
        }
    }

    @Test("what plymouthd drops a connection for is malformed here too, and nothing after it is read")
    func malformed() {
        for bad: [UInt8] in [[0x50, 0x07], [0x4d, 0x02, 0x00], [0x4d, 0x02, 0x02, 0x41, 0x42]] {
            let pieces = feed(bad + [0x50, 0x00])
            #expect(pieces.count == 1)
            if case .malformed? = pieces.first {} else { Issue.record("\(bad): \(pieces)") }
        }
    }

    @Test("replies: ACK, NAK, no answer, and answers with a little-endian length")
    func replies() {
        #expect(PlymouthReply.ack.bytes == [0x06] && PlymouthReply.nak.bytes == [0x15] && PlymouthReply.noAnswer.bytes == [0x05])
        #expect(PlymouthReply.answer(Array("abc".utf8)).bytes == [0x02, 3, 0, 0, 0, 0x61, 0x62, 0x63])
    }

    func request(_ letter: Character, _ argument: String? = nil) -> PlymouthFramer.Request {
        .init(command: letter.asciiValue!, argument: argument.map { Array($0.utf8) })
    }

    @Test("requests become the boot splash's commands: status, progress, messages, modes, hiding")
    func translation() {
        var t = PlymouthTranslator()
        #expect(t.showLine() == #"show boot circular label="Starting up" detached=yes"#)
        #expect(t.translate(request("U", "fsck")).effects == [.run([#"label boot "fsck""#])])
        #expect(t.translate(request("u", "42")).effects == [.run(["progress boot 42%"]), .run([#"label boot "fsck""#])])
        #expect(t.translate(request("u", "142")).effects.first == .run(["progress boot 0%"]), "as plymouthd: out of range is 0")
        #expect(t.translate(request("M", "Press \"C\"\n")).effects == [.run([#"label boot "Press \"C\" ""#])])
        #expect(t.translate(request("m", "other")).effects == [.run([#"label boot "Press \"C\" ""#])], "another message stays")
        #expect(t.translate(request("m", "Press \"C\"\n")).effects == [.run([#"label boot "fsck""#])])
        let mode = t.translate(request("C", "shutdown"))
        #expect(
            mode.reply == .ack
                && mode.effects == [.run(["dismiss boot", #"show boot circular label="Shutting down" detached=yes"#]), .mode("shutdown")])
        #expect(t.translate(request("H")).effects == [.run(["dismiss boot"])])
        #expect(t.translate(request("U", "later")).effects.isEmpty, "nothing shows while hidden")
        #expect(t.translate(request("$")).effects == [.run([#"show boot circular label="later" detached=yes"#])])
    }

    @Test("what needs the daemon waits for it, questions and watches are answered later, unknown letters are refused")
    func effects() {
        var t = PlymouthTranslator()
        #expect(t.translate(request("Q", "\u{1}")).reply == nil)
        #expect(t.translate(request("Q", "\u{1}")).effects == [.quit(retainSplash: true)])
        #expect(t.translate(request("Q", "")).effects == [.quit(retainSplash: false)])
        #expect(t.translate(request("D")).reply == nil && t.translate(request("D")).effects == [.release])
        #expect(t.translate(request("*", "Passphrase")).reply == nil)
        #expect(t.translate(request("*", "Passphrase\n")).effects == [.ask(.password, question: "Passphrase ")])
        #expect(t.translate(request("*")).effects == [.ask(.password, question: "Password")], "plymouth ask-for-password without --prompt")
        #expect(t.translate(request("W", "Name?")).effects == [.ask(.question, question: "Name?")])
        #expect(t.translate(request("c")).reply == nil && t.translate(request("c")).effects == [.answerCached])
        #expect(
            t.translate(request("K", "\u{3}")).effects == [.watch(keys: "\u{3}")]
                && t.translate(request("K")).effects == [.watch(keys: nil)])
        #expect(t.translate(request("L", "yn")).reply == .ack && t.translate(request("L", "yn")).effects == [.ignore(keys: "yn")])
        #expect(t.translate(request("P")).reply == .ack && t.translate(request("Z")).reply == .nak)
        #expect(
            t.translate(request("R", "/sysroot")).reply == nil && t.translate(request("R", "/sysroot")).effects == [.newRoot("/sysroot")])
        #expect(t.translate(request("R")).reply == .ack && t.translate(request("S")).reply == .ack, "update-root-fs --read-write")
    }

    @Test("a board's words and kind for a mode replace the defaults; unknown modes are ignored and count as boot-up")
    func boardModes() {
        var t = PlymouthTranslator(modes: ["shutdown": .init(label: "Powering off", kind: .linear), "party": .init(label: "No")])
        let shutdown = t.translate(request("C", "shutdown"))
        #expect(shutdown.effects == [.run(["dismiss boot", #"show boot linear label="Powering off" detached=yes"#]), .mode("shutdown")])
        let unknown = t.translate(request("C", "party"))
        #expect(unknown.effects == [.run(["dismiss boot", #"show boot circular label="Starting up" detached=yes"#]), .mode("boot-up")])
    }

    @Test("systemd's boot progress fills the splash while booting up: only growing, never over a client's value, not in other modes")
    func bootProgress() {
        var t = PlymouthTranslator()
        #expect(t.bootProgress(30) == [.run(["progress boot 30%"])])
        #expect(t.bootProgress(20).isEmpty && t.bootProgress(30).isEmpty, "systemd's progress steps back as jobs are queued")
        #expect(t.bootProgress(250) == [.run(["progress boot 100%"])])
        #expect(t.translate(request("$")).effects == [.run([#"show boot circular label="Starting up" detached=yes value=100%"#])])
        var client = PlymouthTranslator()
        _ = client.translate(request("u", "10"))
        #expect(client.bootProgress(50).isEmpty, "a client's system-update value stands")
        var shutdown = PlymouthTranslator(mode: "shutdown")
        #expect(shutdown.bootProgress(50).isEmpty)
        var hidden = PlymouthTranslator()
        _ = hidden.translate(request("H"))
        #expect(hidden.bootProgress(40).isEmpty, "hidden: nothing drawn")
        #expect(hidden.translate(request("$")).effects == [.run([#"show boot circular label="Starting up" detached=yes value=40%"#])])
    }
}
