import HaloEngine
import HaloRender

/// A text rasteriser with fixed metrics (8 px per character, 20 px lines), so layout and state
/// tests do not depend on a font. Each character draws as a solid block.
final class BlockText: TextRasterizer {
    func lineHeight(size: Int32) -> Int32 { 20 }
    func width(of text: String, size: Int32) -> Int32 { Int32(text.count) * 8 }
    func render(_ text: String, size: Int32) -> CoverageMask {
        let w = max(1, width(of: text, size: size))
        return CoverageMask(width: w, height: 20, coverage: [UInt8](repeating: 255, count: Int(w) * 20))
    }
}

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
