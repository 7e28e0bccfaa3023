// SPDX-License-Identifier: Apache-2.0
/// When to take `replay`'s frames when none are asked for: one for each moment the script does
/// something, taken once what it did there shows. A frame at the very moment of a command would
/// show the screen before it: a new indicator waits for its show delay, a value glides, a
/// toast fades in.
extension Script {
    /// For each moment with commands, the moment they have taken their whole effect
    /// (`Engine.settlesAt`), or the millisecond before the next moment with commands if that
    /// comes first, in milliseconds. `engine` is a fresh one for the board, used up here.
    public func settledFrameTimes(on engine: Engine) -> [Int64] {
        let moments = Array(Set(steps.map(\.time))).sorted()
        guard !moments.isEmpty else { return [0] }
        var next = 0
        var times: [Int64] = []
        for (k, moment) in moments.enumerated() {
            while next < steps.count && steps[next].time <= moment {
                _ = try? engine.apply(steps[next].command, at: steps[next].time)
                next += 1
            }
            var frame = engine.settlesAt(after: moment).milliseconds
            // Rounded up to a whole millisecond, so the frame is not a hair before the end.
            if engine.settlesAt(after: moment).microseconds % 1000 != 0 { frame += 1 }
            if k + 1 < moments.count { frame = min(frame, moments[k + 1].milliseconds - 1) }
            times.append(max(moment.milliseconds, frame))
        }
        return times
    }
}
