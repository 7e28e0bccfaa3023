// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// What a person at the screen does, written as a line for the demo gallery and tests
/// (`PersonAction.parse`: `person tap ID`, `person tap-icon ID`, `person key next`, …). An app
/// listens for every activity, so a request stays heard, as it does while a real app decides.
public enum PersonAtScreen {
    public static func act(_ line: String, at now: Instant, on engine: Engine) throws(ControlError) {
        do {
            engine.perform(try PersonAction.parse(line, on: engine, at: now), at: now, watched: { _ in true })
        } catch {
            throw ControlError("`\(line)`: \(error.message)", code: error.kind)
        }
    }
}
