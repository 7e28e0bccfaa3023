// SPDX-License-Identifier: Apache-2.0
import HaloEngine

/// What a person at the screen does, written as a line for the demo gallery and tests:
/// `person tap ID` (the indicator), `person tap-icon ID` (its stop or play icon) and
/// `person key next|previous|activate|cancel`. An app listens for every activity, so a
/// request stays heard, as it does while a real app decides.
public enum PersonAtScreen {
    public static func act(_ line: String, at now: Instant, on engine: Engine) throws(ControlError) {
        let words = line.split(separator: " ").map(String.init)
        let usage = "write person tap ID, person tap-icon ID or person key next|previous|activate|cancel"
        guard words.count == 3 else { throw ControlError("`\(line)`: \(usage)") }
        let listening: (Owner) -> Bool = { _ in true }
        switch words[1] {
        case "tap", "tap-icon":
            // The picture's first part, or the icon's part in its group (after the picture's
            // own parts, or after those of the indicator inside its box).
            let parts: [UInt32] = words[1] == "tap" ? [0] : [3, 7]
            let targets = engine.tapTargets(at: now).map(\.key)
            guard let key = targets.first(where: { engine.activityID(ofLayer: $0) == words[2] && parts.contains($0 % 16) }) else {
                throw ControlError("`\(line)`: \(words[2]) has no such target on screen now")
            }
            engine.tapped(key, source: .touch, at: now, watched: listening)
        case "key":
            let keys: [String: KeyFocus.Key] = ["next": .next, "previous": .previous, "activate": .activate, "cancel": .cancel]
            guard let key = keys[words[2]] else { throw ControlError("`\(line)`: \(usage)") }
            engine.press(key, at: now, watched: listening)
        default:
            throw ControlError("`\(line)`: \(usage)")
        }
    }
}
