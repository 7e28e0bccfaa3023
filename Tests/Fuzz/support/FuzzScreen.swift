// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// A display in plain memory for the fuzz targets: the whole path from a command to pixels
/// runs, with nothing written anywhere.
final class FuzzDisplay: Display {
    let width: Int32
    let height: Int32
    let format: PixelFormat
    let rotation: Rotation
    let memory: UnsafeMutableRawPointer

    init(width: Int32, height: Int32, format: PixelFormat, rotation: Rotation) {
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        memory = UnsafeMutableRawPointer.allocate(byteCount: Int(width * height * 4), alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: Int(width * height * 4))
    }

    deinit { memory.deallocate() }

    func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        body(
            RenderTarget(
                memory: memory, width: width, height: height, stride: Int(width * format.bytesPerPixel), format: format, rotation: rotation)
        )
    }

    func present(damage: [IntRect]) throws(DisplayError) {
        for r in damage where r.x < 0 || r.y < 0 || r.maxX > width || r.maxY > height {
            fatalError("damage \(r) reaches past the \(width)x\(height) display")
        }
    }
}

/// Runs a parsed script on an engine drawing to a fuzz display: every step at its time, a frame
/// after each and a few while things animate and leave, and the LED ring's colours too. Any
/// trap, hang or damage off the display is a finding.
func playThroughRenderer(
    _ script: Script, width: Int32, height: Int32, rotation: Rotation, format: PixelFormat, theme: Theme, policy: Policy
) {
    let logical = rotation.logicalSize(width: width, height: height)
    let engine = Engine(screenWidth: logical.width, screenHeight: logical.height, theme: theme, policy: policy, text: BlockText())
    let screen = Screen(engine: engine, display: FuzzDisplay(width: width, height: height, format: format, rotation: rotation))
    var look = LedRingLook()
    // Rings of 1 to 61 LEDs, as the screen's size picks.
    look.count = Int(width % 61) + 1
    /// The ring at `t`, and the daemon's next wakeup for it, which may never lie in the past.
    func ring(at t: Instant) {
        let colors = engine.ledColors(look, at: t)
        if colors.count != look.count { fatalError("\(colors.count) colours for a ring of \(look.count)") }
        if let next = engine.ledNextChange(after: t), next < t { fatalError("the ring's next change \(next) is before \(t)") }
    }
    var last = Instant.zero
    for (n, step) in script.steps.enumerated() {
        _ = try? engine.apply(step.command, at: step.time, owner: n % 3 == 0 ? .host : Owner(connection: n % 3, user: UInt32(n % 2)))
        if step.time != last || n % 4 == 0 {
            _ = try? screen.update(at: step.time)
            ring(at: step.time)
        }
        last = step.time
    }
    for extra: Int64 in [16, 300, 600, 1000, 3000, 10_000] {
        let t = Instant(microseconds: last.microseconds + extra * 1000)
        _ = try? screen.update(at: t)
        ring(at: t)
    }
    _ = ScriptLint.findings(script) { text, toast in engine.lineCount(of: text, toast: toast) }
}
