// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import HaloTestSupport

func makeEngine(width: Int32 = 480, height: Int32 = 480, policy: Policy = Policy()) -> Engine {
    Engine(screenWidth: width, screenHeight: height, theme: Theme(), policy: policy, text: BlockText())
}

func parse(_ line: String) -> Command {
    switch CommandParser.parse(line) {
    case .success(let c): return c
    case .failure(let e): fatalError("test command `\(line)` does not parse: \(e)")
    }
}

extension Engine {
    /// Applies a command line at a time in milliseconds.
    @discardableResult
    func run(_ line: String, at ms: Int64) throws(ControlError) -> [ControlWarning] {
        try apply(parse(line), at: .milliseconds(ms))
    }

    func layers(atMs ms: Int64) -> [Layer] { layers(at: .milliseconds(ms)) }

    /// The rings drawn at a time.
    func rings(atMs ms: Int64) -> [RingShape] {
        layers(atMs: ms).compactMap { if case .ring(let r) = $0.drawable { return r } else { return nil } }
    }
}

/// Each activity's layers, united, by serial (a layer's key is the serial times 16 plus a part
/// number); the "and N more" row is its own.
func pictureBoxes(_ layers: [Layer]) -> [UInt32: IntRect] {
    var out: [UInt32: IntRect] = [:]
    for l in layers where !l.drawable.bounds.isEmpty { out[l.key >> 4] = (out[l.key >> 4] ?? .empty).union(l.drawable.bounds) }
    return out
}

/// Every pair of pictures in `boxes` that overlap, as "a at … overlaps b at …".
func overlaps(_ boxes: [UInt32: IntRect]) -> [String] {
    let keys = boxes.keys.sorted()
    var found: [String] = []
    for (i, a) in keys.enumerated() {
        for b in keys[(i + 1)...] where boxes[a]!.intersects(boxes[b]!) {
            found.append("\(a) at \(boxes[a]!) overlaps \(b) at \(boxes[b]!)")
        }
    }
    return found
}

/// Block text that remembers every string it drew, and the N of the last "and N more" row.
final class RecordingText: TextRasterizer {
    let block = BlockText()
    var drawn: [String] = []
    var moreCount = 0
    func lineHeight(size: Int32) -> Int32 { block.lineHeight(size: size) }
    func width(of text: String, size: Int32) -> Int32 { block.width(of: text, size: size) }
    func render(_ text: String, size: Int32) -> CoverageMask {
        drawn.append(text)
        let words = text.split(separator: " ")
        if words.count == 3, words[0] == "and", words[2] == "more", let n = Int(words[1]) { moreCount = n }
        return block.render(text, size: size)
    }
    func prepare(sizes: [Int32]) {}
}
