// SPDX-License-Identifier: Apache-2.0
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloSetup

/// An engine on the mock display of a board: what demo, replay and bench run on.
final class MockSession {
    let board: Board
    let engine: Engine
    let display: MemoryDisplay
    let screen: Screen<MemoryDisplay>
    /// The board's LED ring as drawn, at full brightness, recorded in memory; nil when the
    /// board has none.
    let lights: RingLights<LedRecorder>?
    /// For a board whose ring is on SPI or GPIO lines: the ring as its driver builds it, on a
    /// bus that records each message, or on lines that record each bulk set, instead of
    /// sending them.
    let spiRing: (lights: any RingUpdating, bus: RecordingSPIBus)?
    let gpioRing: (lights: any RingUpdating, lines: RecordingGpioLines)?

    init(board: Board) throws(FreeTypeText.FontError) {
        self.board = board
        let text = try FreeTypeText(
            fontPath: board.theme.fontPath, fallbacks: board.theme.fallbackFontPaths, language: board.language)
        engine = Engine(
            screenWidth: board.logicalWidth, screenHeight: board.logicalHeight, theme: board.theme, policy: board.policy, text: text)
        display = MemoryDisplay(width: board.width, height: board.height, format: board.format, rotation: board.rotation)
        display.backdrop = board.display.backdrop
        screen = Screen(engine: engine, display: display)
        // The picture as drawn: `replay` records it, and what the board's colour pipeline
        // (brightness after gamma, as the drivers dim) makes of it.
        lights = board.leds.count > 0 ? RingLights(engine: engine, output: LedRecorder(count: board.leds.count), look: board.leds) : nil
        let bus = RecordingSPIBus()
        let lines = RecordingGpioLines(count: board.ledDriver.lines.count)
        let d = board.ledDriver
        let ring = d.isSPI || d.driver == .gpio ? try? RingChoice.bare(board, bus: { _ in bus }, lines: { _, _ in lines }) : nil
        let engine = self.engine
        let recorded = ring.map { RingChoice.lights($0, engine, board) }
        spiRing = d.isSPI ? recorded.map { ($0, bus) } : nil
        gpioRing = d.driver == .gpio ? recorded.map { ($0, lines) } : nil
    }

    /// Loads a board by name or path, turning any error into one sentence.
    static func loadBoard(_ name: String?) throws(CLIError) -> Board {
        do {
            return try BoardLoader.load(name ?? "mock-480x480")
        } catch {
            throw CLIError(error.description)
        }
    }

    /// Draws the screen as it is at `time` and writes it as a PNG.
    func snapshot(at time: Instant, to path: String) throws(CLIError) {
        do {
            try screen.update(at: time)
            try Files.write(path, try display.png())
        } catch let e as FileError {
            throw CLIError(e.description)
        } catch {
            throw CLIError("\(error)")
        }
    }
}

/// A failure of the command, already worded as the one sentence to print.
struct CLIError: Error, CustomStringConvertible {
    var description: String
    var status: Int32 = 1
    /// Printed as it is, without `halo VERB:` (an empty one prints nothing): for `halo
    /// plymouth`, whose messages and silences are the real `plymouth`'s, which scripts expect.
    var bare = false
    init(_ description: String, status: Int32 = 1, bare: Bool = false) {
        self.description = description
        self.status = status
        self.bare = bare
    }
}
