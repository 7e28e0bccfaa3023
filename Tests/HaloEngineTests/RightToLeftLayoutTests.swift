// SPDX-License-Identifier: Apache-2.0
import HaloRender
import HaloTestSupport
import Testing

@testable import HaloEngine

/// Labels that read right to left (Hebrew, Arabic) laid out from the right: their rows
/// mirrored, their bars filled from the right, each of their lines ordered right to left.
@Suite("Right-to-left labels in the layout")
struct RightToLeftLayoutTests {
    func engine() -> Engine {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        policy.minimumVisible = Milliseconds(0)
        return Engine(screenWidth: 480, screenHeight: 480, theme: Theme(), policy: policy, text: BlockText())
    }

    func bars(_ engine: Engine, atMs ms: Int64) -> [BarShape] {
        engine.layers(atMs: ms).compactMap { if case .bar(let b) = $0.drawable { return b } else { return nil } }
    }

    @Test("a Hebrew label's bar fills from the right by the same amount a Latin one's fills from the left")
    func barFillsFromTheRight() throws {
        let hebrew = engine(), latin = engine()
        try hebrew.run("show a linear label=\"מעלה תמונות\" value=25%", at: 0)
        try latin.run("show a linear label=\"Uploading photos\" value=25%", at: 0)
        let right = try #require(bars(hebrew, atMs: 3000).first)
        let left = try #require(bars(latin, atMs: 3000).first)
        #expect(left.fillFrom == 0 && left.fillTo == left.width / 4, "\(left)")
        #expect(right.fillFrom == right.width - left.fillTo && right.fillTo == right.width, "\(right)")
    }

    @Test("with no label, an Arabic count (\"٣ من ١٢\") reads right to left: its bar fills from the right")
    func arabicCountWithoutLabel() throws {
        var theme = Theme()
        theme.valueWriting = try #require(ValueWriting.named("ar"))
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        let e = Engine(screenWidth: 480, screenHeight: 480, theme: theme, policy: policy, text: BlockText())
        try e.run("show a linear value=3/12 show-value=yes", at: 0)
        let bar = try #require(bars(e, atMs: 3000).first)
        #expect(bar.fillTo == bar.width && bar.fillFrom == bar.width - bar.width / 4, "\(bar)")
    }

    @Test("a compact row with a Hebrew label has its indicator at the right and its text ending at the indicator")
    func rowsMirror() throws {
        let e = engine()
        for i in 0..<12 {
            let label = i % 2 == 0 ? "סנכרון \(i)" : "Syncing \(i)"
            try e.run("show s\(i) spinner label=\"\(label)\"", at: 0)
        }
        var parts: [UInt32: (ring: RingShape?, text: MaskShape?)] = [:]
        for layer in e.layers(atMs: 2000) {
            switch layer.drawable {
            case .ring(let r) where layer.key & 15 == 0: parts[layer.key >> 4, default: (nil, nil)].ring = r
            case .mask(let m) where layer.key & 15 == LayerKey.Part.label.rawValue: parts[layer.key >> 4, default: (nil, nil)].text = m
            default: break
            }
        }
        var mirrored = 0, plain = 0
        for (serial, part) in parts {
            guard let ring = part.ring?.bounds, let text = part.text, ring.width < Theme().spinnerDiameter / 2 else { continue }
            let ringLeft = ring.x, ringRight = ring.maxX
            // Serials count from 1 in the order shown: odd serials carry the Hebrew labels.
            if serial % 2 == 1 {
                #expect(text.x + text.mask.width <= ringLeft, "row \(serial): text then ring, from the right")
                mirrored += 1
            } else {
                #expect(ringRight <= text.x, "row \(serial): ring then text")
                plain += 1
            }
        }
        #expect(mirrored > 0 && plain > 0, "rows seen: \(mirrored) mirrored, \(plain) plain")
    }

    @Test("each line of a right-to-left label reads right to left, a line starting with a Latin word told so by a mark")
    func linesKeepTheirDirection() {
        let labels = LabelCache(BlockText())
        let r = labels.layout("שלום Windows", size: 20, maxWidth: 80)
        #expect(r.rightToLeft && r.lines == ["שלום", "\u{200F}Windows"], "\(r)")
        let latin = labels.layout("Hello שלום Windows", size: 20, maxWidth: 80)
        #expect(!latin.rightToLeft && latin.lines == ["Hello שלום", "Windows"], "\(latin)")
    }
}
