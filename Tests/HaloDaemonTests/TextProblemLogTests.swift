// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import HaloTestSupport
import Testing

/// Text that reports a problem for each new label holding U+10FFFD, as a font without that
/// character would.
final class ProblemText: TextRasterizer {
    let blocks = BlockText()
    var pending: [String] = []
    var seen: Set<String> = []
    func lineHeight(size: Int32) -> Int32 { blocks.lineHeight(size: size) }
    func width(of text: String, size: Int32) -> Int32 { blocks.width(of: text, size: size) }
    func render(_ text: String, size: Int32) -> CoverageMask {
        if text.unicodeScalars.contains("\u{10FFFD}") && seen.insert(text).inserted {
            pending.append("no font has U+10FFFD in \(text.count)")
        }
        return blocks.render(text, size: size)
    }
    func newProblems() -> [String] {
        defer { pending.removeAll() }
        return pending
    }
}

@Suite("The daemon's log of text it cannot draw (host-kernel sockets)")
struct TextProblemLogTests {
    @Test("a client's label with a character no font has is logged once, when it is drawn")
    func missingCharacterLogged() throws {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let d = try TestDaemon("text-problems", policy: policy, text: ProblemText())
        let app = try TestClient(d.path)
        app.send("show a spinner label=\"Box \u{10FFFD}\"", daemon: d)
        #expect(app.line(daemon: d) == "ok")
        for _ in 0..<5 {
            d.now = d.now + Milliseconds(50)
            d.spin(1)
        }
        let text = d.logged.filter { $0.contains("no font has U+10FFFD") }
        #expect(text.count == 1, "\(d.logged)")
        #expect(text.first == "no font has U+10FFFD in 5", "\(text)")
        app.send("label a \"Box \u{10FFFD}\"", daemon: d)
        #expect(app.line(daemon: d) == "ok")
        d.now = d.now + Milliseconds(50)
        d.spin(2)
        #expect(d.logged.filter { $0.contains("no font has") }.count == 1, "the same label again says nothing new")
    }
}
