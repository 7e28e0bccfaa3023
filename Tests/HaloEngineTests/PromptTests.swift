// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// A boot's password or question over everything: exact geometry with 8 px-wide, 20 px-tall
/// block text, the field's dots or text and caret, and taps shut out while it shows.
@Suite("prompts: a password's dots, a question's text, the box's geometry, nothing tappable under it")
struct PromptTests {
    func layer(_ layers: [Layer], _ part: Int) -> Layer? { layers.first { $0.key == LayerKey.prompt(part) } }

    @Test("a password: the screen dimmed, a 448 px box centred, one 6 px dot per character 9 px apart, the caret after them")
    func password() throws {
        let e = makeEngine()
        try e.run("show boot circular label=\"Starting up\" detached=yes", at: 0)
        e.show(Prompt(question: "Disk root", field: .masked(count: 5)))
        let layers = e.layers(atMs: 1000)
        #expect(layers.last?.key == LayerKey.prompt(3), "over everything, the caret last")
        #expect(layer(layers, 0)?.drawable == .fill(IntRect(x: 0, y: 0, width: 480, height: 480), Theme().overlay.withOpacity(128)))
        // 16 + 20 (one line) + 16 + 36 (field) + 16 = 104 tall; 480 - 32 = 448 wide.
        let box = try #require(layer(layers, 1)?.drawable.bounds)
        #expect(box == IntRect(x: 16, y: 188, width: 448, height: 104))
        let field = try #require(layer(layers, 2)?.drawable.bounds)
        #expect(field == IntRect(x: 32, y: 240, width: 416, height: 36))
        let dots = (16..<48).compactMap { layer(layers, $0)?.drawable.bounds }
        #expect(dots.count == 5)
        #expect(dots.first == IntRect(x: 44, y: 255, width: 6, height: 6) && dots.last?.x == 44 + 4 * 9)
        #expect(layer(layers, 3)?.drawable.bounds == IntRect(x: 44 + 4 * 9 + 6 + 4, y: 248, width: 2, height: 20))
        #expect(layer(layers, 8)?.drawable.bounds == IntRect(x: 240 - 36, y: 204, width: 72, height: 20), "the question, centred")
    }

    @Test("more characters than dots fit: the row stays full at 32; nothing typed: the caret at the field's start")
    func manyAndNone() throws {
        let e = makeEngine()
        e.show(Prompt(question: "PIN", field: .masked(count: 300)))
        #expect((16..<80).compactMap { layer(e.layers(atMs: 0), $0) }.count == 32)
        e.show(Prompt(question: "PIN", field: .masked(count: 0)))
        #expect(layer(e.layers(atMs: 0), 16) == nil && layer(e.layers(atMs: 0), 3)?.drawable.bounds.x == 44)
    }

    @Test("a question's answer is drawn as typed; a long one shows its end, inside the field")
    func visible() throws {
        let e = makeEngine()
        e.show(Prompt(question: "Name?", field: .visible("Ada")))
        #expect(layer(e.layers(atMs: 0), 4)?.drawable.bounds == IntRect(x: 44, y: 248, width: 24, height: 20))
        e.show(Prompt(question: "Name?", field: .visible(String(repeating: "x", count: 200))))
        let text = try #require(layer(e.layers(atMs: 0), 4)?.drawable.bounds)
        #expect(text.x == 44 && text.x + text.width <= 32 + 416 - 12, "the end of the answer, in the field: \(text)")
    }

    @Test("while a prompt shows nothing can be tapped and keys act on nothing else; taken away, the choice works again")
    func modal() throws {
        let e = makeEngine()
        try e.run("show up circular value=40% cancellable=yes", at: 0)
        #expect(!e.tapTargets(at: .milliseconds(1000)).isEmpty)
        e.show(Prompt(question: "Disk", field: .masked(count: 0)))
        #expect(e.tapTargets(at: .milliseconds(1000)).isEmpty)
        #expect(e.perform(.key(.cancel), at: .milliseconds(1000), watched: { _ in false }) == nil)
        #expect(e.perform(.longPress, at: .milliseconds(1000), watched: { _ in false }) == nil)
        e.show(nil)
        #expect(layer(e.layers(atMs: 1000), 1) == nil && !e.tapTargets(at: .milliseconds(1000)).isEmpty)
    }

    @Test("a screen smaller than the box: everything stays on it", arguments: [(Int32(40), Int32(40)), (320, 60), (1, 1)])
    func tiny(size: (Int32, Int32)) throws {
        let e = makeEngine(width: size.0, height: size.1)
        e.show(Prompt(question: "Please enter the passphrase for the disk", field: .masked(count: 40)))
        let screen = IntRect(x: 0, y: 0, width: size.0, height: size.1)
        for l in e.layers(atMs: 0) where !l.drawable.bounds.isEmpty && l.key != LayerKey.prompt(2) && l.key < LayerKey.prompt(16) {
            #expect(screen.union(l.drawable.bounds) == screen || l.key >= LayerKey.prompt(8), "\(l.key): \(l.drawable.bounds)")
        }
    }
}
