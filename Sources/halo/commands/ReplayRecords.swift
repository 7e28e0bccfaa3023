// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
import HaloEngine
import HaloMock
import HaloRender

/// What `halo replay` records of a board's LED ring at each frame time, one text file each:
///
/// - `leds.txt`: what each LED is driven to, after the board's colour pipeline (gamma, colour
///   correction, `leds.brightness` and the current budget), as `#RRGGBB`;
/// - `leds-picture.txt`: the colours the engine drew, at full brightness, before the pipeline;
/// - `spi.txt` (SPI rings): the message that set the ring, as the driver builds it;
/// - `gpio.txt` (GPIO rings): each line's level, as the driver's bulk call leaves it;
/// - `ledclass.txt` (LED-class rings): each LED's `brightness` value as the driver writes it
///   for a single-colour LED of 255 steps (a real LED's own `max_brightness` scales it).
struct ReplayRecords {
    let session: MockSession
    var files: [(name: String, header: String, lines: [String])] = []

    init(_ session: MockSession) {
        self.session = session
        let d = session.board.ledDriver
        guard session.lights != nil else { return }
        files.append(("leds.txt", "# time-ms, then LED 0 (12 o'clock) onwards clockwise, as driven after the board's colour pipeline", []))
        files.append(("leds-picture.txt", "# time-ms, then LED 0 onwards clockwise, as drawn before the colour pipeline", []))
        if session.spiRing != nil { files.append(("spi.txt", "# time-ms, then the SPI message that set the ring by then, in hex", [])) }
        if session.gpioRing != nil {
            files.append(
                (
                    "gpio.txt",
                    "# time-ms, then each GPIO line's level (1: lit) in leds.lines order, as the ring's bulk call left them by then", []
                ))
        }
        if d.driver == .ledClass {
            files.append(
                (
                    "ledclass.txt",
                    "# time-ms, then each LED's brightness in leds.names order, as written for a single-colour LED of 255 steps", []
                ))
        }
    }

    /// Records the ring as it is at `t` milliseconds.
    mutating func record(at t: Int64) throws(CLIError) {
        guard let lights = session.lights else { return }
        do { try lights.update(at: .milliseconds(t)) } catch { throw CLIError(error.description) }
        for driven in [session.spiRing?.lights, session.gpioRing?.lights].compactMap({ $0 }) {
            do { try driven.update(at: .milliseconds(t)) } catch { throw CLIError(error.description) }
        }
        let picture = lights.output.current
        let pipeline = session.board.ringPipeline
        for k in files.indices {
            let words: String
            switch files[k].name {
            case "leds.txt": words = LedRecorder.text(pipeline.colors(picture))
            case "leds-picture.txt": words = LedRecorder.text(picture)
            case "spi.txt": words = (session.spiRing?.bus.messages.last?.bytes ?? []).map(Self.hex).joined()
            case "gpio.txt": words = (session.gpioRing?.lines.current ?? []).map { String($0) }.joined()
            default: words = LedClassRing.singleColourLevels(picture, pipeline: pipeline).map { String($0) }.joined(separator: " ")
            }
            files[k].lines.append("\(t) \(words)")
        }
    }

    static func hex(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16) }

    /// Writes the records into `folder`; returns the names written.
    func write(into folder: String) throws(CLIError) -> [String] {
        for f in files {
            do {
                try Files.write("\(folder)/\(f.name)", Array((f.header + "\n" + f.lines.joined(separator: "\n") + "\n").utf8))
            } catch { throw CLIError(error.description) }
        }
        return files.map(\.name)
    }
}
