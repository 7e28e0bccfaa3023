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
