// SPDX-License-Identifier: Apache-2.0
/// An error's label says what failed and what to do about it, and the second half is the one a
/// layout cuts. `fail` with a label its placement cannot show whole is carried out, with a
/// warning that says where it would show whole; `lint` reports the same warning.
extension Engine {
    /// The warning for `command` when it is a `fail` whose label is cut where its indicator is.
    func errorLabelCut(after command: Command, at now: Instant) -> String? {
        guard case .fail(let id, _) = command, let a = find(id), let text = a.label else { return nil }
        let builder = SceneBuilder(engine: self, now: now)
        guard let room = builder.labelRoom(a) else { return nil }
        let size = theme.fontSize
        let laid = labels.layout(text, size: size, maxWidth: room.width, maxLines: room.lines)
        guard laid.truncated, let lastLine = laid.lines.last else { return nil }
        let shown = laid.lines.dropLast().map { $0 + " " }.joined() + lastLine
        let place = a.placement.map { "place=\($0.rawValue)" } ?? "its place"
        let wider: [(Placement, Int32)] = [
            (.center, TextRoom.width(.label, theme, screenWidth: screenWidth)),
            (.dialog, TextRoom.width(.checkout, theme, screenWidth: screenWidth)),
        ]
        let whole = wider.first { p, w in
            p != a.placement && !labels.layout(text, size: size, maxWidth: w, maxLines: LabelLayout.maximumLines).truncated
        }
        let fix =
            whole.map { "shorten it, or show the indicator with place=\($0.0.rawValue), where it shows whole" }
            ?? "shorten it to what fits in \(LabelLayout.maximumLines) lines"
        return "the error label of \(id) is cut to \"\(shown)\" in \(place), so what it says to do is lost; \(fix)"
    }
}
