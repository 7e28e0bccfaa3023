// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloEngine
import HaloPOSIX
import Testing

@testable import HaloDaemon

/// Plymouth's questions and keystroke watches, as plymouthd's interaction code keeps them.
@Suite("Plymouth's prompts: queued questions, typing, watches, the password cache and their bounds")
struct PlymouthPromptsTests {
    @Test("a password is typed, erased, answered with Enter, cached; the prompt shows a count, never the characters")
    func password() {
        var p = PlymouthPrompts()
        let asked = p.ask(.password, question: "Disk root", connection: 7)
        #expect(asked)
        #expect(p.type(.text("hunter")).isEmpty && p.type(.text("2x")).isEmpty)
        #expect(p.prompt == Prompt(question: "Disk root", field: .masked(count: 8)))
        _ = p.type(.erase)
        #expect(p.prompt?.field == .masked(count: 7))
        #expect(p.type(.enter) == [.init(connection: 7, text: "hunter2")])
        #expect(p.prompt == nil && p.cached == ["hunter2"])
    }

    @Test("questions wait in order, one shown; a question's answer is visible and not cached; cancel answers Ctrl+C")
    func queue() {
        var p = PlymouthPrompts()
        #expect(p.ask(.question, question: "Name?", connection: 1) && p.ask(.password, question: "PIN", connection: 2))
        let again = p.ask(.question, question: "again", connection: 1)
        #expect(!again, "one question per connection")
        _ = p.type(.text("Ada"))
        #expect(p.prompt == Prompt(question: "Name?", field: .visible("Ada")))
        #expect(p.type(.enter) == [.init(connection: 1, text: "Ada")] && p.cached.isEmpty)
        #expect(p.prompt == Prompt(question: "PIN", field: .masked(count: 0)), "what was typed belonged to the first")
        _ = p.type(.text("12"))
        _ = p.type(.eraseAll)
        #expect(p.prompt?.field == .masked(count: 0))
        #expect(p.type(.cancel) == [.init(connection: 2, text: "\u{3}")] && p.cached.isEmpty)
    }

    @Test("with no question waiting, a typed key answers the first watch that asked for it; ignore ends a watch unanswered")
    func watches() {
        var p = PlymouthPrompts()
        #expect(p.watch(keys: "\u{3}", connection: 3) && p.watch(keys: "yn", connection: 4) && p.watch(keys: nil, connection: 5))
        #expect(p.type(.text("n")) == [.init(connection: 4, text: "n")])
        #expect(p.type(.cancel) == [.init(connection: 3, text: "\u{3}")])
        #expect(p.ignore(keys: "yn").isEmpty, "that watch was answered already")
        #expect(p.ignore(keys: nil) == [.init(connection: 5, text: nil)])
        #expect(p.watches.isEmpty)
        #expect(p.watch(keys: "y", connection: 6) && p.ask(.question, question: "Q", connection: 8))
        #expect(p.type(.text("y")).isEmpty, "a question waiting takes the keys")
    }

    @Test("a connection that closes takes its question, what was typed for it and its watch; quit answers the rest and empties the cache")
    func closing() {
        var p = PlymouthPrompts()
        _ = p.ask(.password, question: "A", connection: 1)
        _ = p.type(.text("secret"))
        _ = p.type(.enter)
        _ = p.ask(.password, question: "B", connection: 2)
        _ = p.type(.text("half"))
        p.forget(connection: 2)
        #expect(p.prompt == nil)
        _ = p.ask(.password, question: "C", connection: 3)
        #expect(p.prompt?.field == .masked(count: 0), "nothing typed for B carries over")
        _ = p.watch(keys: nil, connection: 4)
        #expect(p.end() == [.init(connection: 3, text: nil), .init(connection: 4, text: nil)])
        #expect(p.cached.isEmpty && p.prompt == nil)
    }

    @Test("bounds: 512 bytes typed (whole characters), 16 passwords kept, the oldest forgotten first")
    func bounds() {
        var p = PlymouthPrompts()
        _ = p.ask(.password, question: "A", connection: 1)
        _ = p.type(.text(String(repeating: "é", count: 400)))  // 800 bytes offered
        #expect(p.prompt?.field == .masked(count: 256), "256 two-byte characters fill 512 bytes")
        _ = p.type(.enter)
        for i in 0..<20 {
            _ = p.ask(.password, question: "A", connection: 1)
            _ = p.type(.text("p\(i)"))
            _ = p.type(.enter)
        }
        #expect(p.cached.count == 16 && p.cached.first == "p4" && p.cached.last == "p19")
    }
}

/// The Plymouth server's own bookkeeping, on a listener of the test's own (not plymouthd's
/// name, which another suite serves).
@Suite("the Plymouth server's bounds (host kernel abstract sockets)")
struct PlymouthServerBoundsTests {
    @Test("clients that connect and hang up without a word (a scanner, a killed plymouth --wait) leave nothing waiting for quit")
    func silentClientsLeaveNothing() throws {
        let d = try TestDaemon("plymouth-bounds")
        let name = "/halo-test/plymouth-\(getpid())"
        try d.server.servePlymouth(listener: try AbstractSocketListener(name: name), group: nil)
        let server = try #require(d.server.sources.compactMap { $0 as? PlymouthServer }.first)
        for _ in 0..<100 {
            let client = try AbstractSocketListener.connect(name: name)
            d.spin(1)
            _ = client  // closed here, unheard from
        }
        d.spin(3)
        #expect(server.waitingForQuit.count <= 1, "only a connection still open may wait: \(server.waitingForQuit.count)")
        #expect(server.connections.filter { !$0.closed }.count <= 1)
    }

    @Test("the control language's quoting is read back as exactly the text, quotes and backslashes included")
    func quoting() throws {
        for text in [#"Press "C" to cancel"#, #"C:\boot\"#, "", "plain"] {
            guard case .success(.label(_, let back)) = CommandParser.parse("label boot \(ControlText.quoted(text))") else {
                Issue.record("\(text) did not parse back")
                continue
            }
            #expect(back == text)
        }
    }
}
