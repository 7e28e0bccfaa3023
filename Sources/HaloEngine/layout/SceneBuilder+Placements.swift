// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The placements other than the centre (`Placement`): where each puts an indicator and its
/// label, and their layers.
extension SceneBuilder {
    var lineHeight: Int32 { engine.labels.lineHeight(size: theme.fontSize) }

    /// `a`'s label laid out in `width` and at most `maxLines` lines, for the layouts' `lines`.
    /// Called from a closure written at each call, not returned as one: a returned closure
    /// holds its captures on the heap, every frame.
    func labelLines(_ a: Activity, width: Int32, maxLines: Int) -> [String] {
        engine.labels.layout(labelText(a) ?? "", size: theme.fontSize, maxWidth: width, maxLines: maxLines).lines
    }

    /// Where `a` goes, for every placement but the centre and the toast (whose box the
    /// centre's arrangement gives).
    func place(_ a: Activity) -> PlacedIndicator? {
        switch a.placement {
        case .top?, .bottom?: return edgePlace(a)
        case .inline?:
            guard let region = a.regionRect else { return nil }
            return InlineLayout.place(
                a.kind, actionIcon: a.showsActionIcon, hasLabel: labelText(a) != nil, in: region, theme: theme,
                lineHeight: lineHeight,
                lines: { labelLines(a, width: $0, maxLines: $1) })
        case .dialog?:
            let lines =
                labelText(a).map { layoutLines($0, size: theme.fontSize, maxWidth: TextRoom.width(.checkout, theme, screenWidth: width)) }
                ?? []
            return ProgressDialogLayout.place(
                a.kind, actionIcon: a.showsActionIcon,
                in: ProgressDialogLayout.box(theme, screenWidth: width, screenHeight: height),
                theme: theme, lineHeight: lineHeight, lines: lines)
        default: return nil
        }
    }

    func edgePlace(_ a: Activity) -> PlacedIndicator {
        let area = a.regionRect ?? IntRect(x: 0, y: 0, width: width, height: height)
        return EdgeLayout.place(
            atTop: a.placement == .top, hasLabel: labelText(a) != nil && (edgeLabels || a.region != nil), in: area,
            onScreen: a.region == nil, theme: theme, lineHeight: lineHeight,
            lines: { labelLines(a, width: $0, maxLines: $1) })
    }

    /// Why `a`'s label is not drawn, for the engine's warning: nil when it is, or has none.
    func labelLeftOut(_ a: Activity) -> String? {
        guard let placed = place(a), placed.labelLeftOut, let region = a.region else { return nil }
        let gap = theme.labelGap / 2, pad = InlineLayout.padding
        let smallest =
            a.kind == .linear
            ? theme.linearHeight : min(InlineLayout.minimumCircle, a.kind == .circular ? theme.circularDiameter : theme.spinnerDiameter)
        let needed =
            a.placement == .inline ? 2 * pad + smallest + gap + lineHeight : theme.labelGap + theme.spinnerDiameter + gap + lineHeight + pad
        return
            "the label of \(a.id) is left out: its \(region.width)×\(region.height) px region has no room for a line of text with the indicator; give a region at least \(needed) px high and \(2 * theme.fontSize + 2 * pad) px wide, or drop the label"
    }

    mutating func addEdge(_ a: Activity, _ base: UInt32) {
        if a.region == nil && a.serial != (a.placement == .top ? edgeSerials.top : edgeSerials.bottom) { return }
        addPlaced(a, edgePlace(a), textColor: theme.text, base)
    }

    mutating func addInline(_ a: Activity, _ base: UInt32) {
        guard let placed = place(a) else { return }
        addPlaced(a, placed, textColor: theme.text, base)
    }

    mutating func addDialog(_ a: Activity, _ base: UInt32) {
        guard let placed = place(a) else { return }
        layers.append(Layer(key: base, .fill(IntRect(x: 0, y: 0, width: width, height: height), overlayColor(a))))
        let box = ProgressDialogLayout.box(theme, screenWidth: width, screenHeight: height)
        layers.append(Layer(key: base + .second, .roundedRect(RoundedRectShape(pixels: box, radius: theme.boxRadius, color: theme.box))))
        addPlaced(a, placed, textColor: theme.boxText, base + .inner)
    }

    /// A progress toast in the box the centre's arrangement gave it.
    mutating func addProgressToast(_ a: Activity, _ base: UInt32) {
        guard case .row(let box)? = arrangement?.slots[a.serial] else { return }
        let background = theme.toastBackground.withOpacity(theme.toastOpacity)
        layers.append(
            Layer(key: base, .roundedRect(RoundedRectShape(pixels: box, radius: min(theme.toastRadius, box.height / 2), color: background)))
        )
        let placed = ProgressToastLayout.place(
            actionIcon: a.showsActionIcon, hasLabel: labelText(a) != nil, maxLines: ProgressToastLayout.labelLines(a),
            in: box,
            theme: theme, lineHeight: lineHeight, lines: { labelLines(a, width: $0, maxLines: $1) })
        addPlaced(a, placed, textColor: theme.toastText, base + .inner)
    }

    /// The indicator and label of `placed`: the indicator at `key` and its parts up to `.stop`, the label's
    /// lines at the activity's usual label keys.
    mutating func addPlaced(_ a: Activity, _ placed: PlacedIndicator, textColor: Color, _ key: UInt32) {
        let r = placed.indicator
        if r.isEmpty {
            // A region too small for any indicator.
        } else if a.kind == .linear {
            addBar(a, in: r, stop: placed.stop, key)
        } else {
            let d = r.width
            addCircle(a, cx: (r.x * 2 + d) << 7, cy: (r.y * 2 + d) << 7, diameter: d, thickness: circleThickness(a.kind, diameter: d), key)
        }
        addLines(
            placed.lines, top: placed.text.y, centreX: (placed.text.x * 2 + placed.text.width) << 7, size: theme.fontSize, color: textColor,
            LayerKey.activity(a.serial, .label))
    }

    /// The unfilled part of `a`'s ring or bar: the theme's track, or in a dialog's box a track
    /// as light as the box (the box's colour an eighth of the way to its text), since the dark
    /// track made for a dark screen weighs too much on a white box.
    func trackColor(_ a: Activity) -> Color {
        a.placement == .dialog ? theme.box.mixed(toward: theme.boxText, eighths: 1) : theme.track
    }

    /// A ring's thickness at a diameter other than the theme's: scaled with it, no thinner
    /// than a spinner's (a spinner's own: scaled, at least 1 px), and leaving a hole.
    func circleThickness(_ kind: IndicatorKind, diameter d: Int32) -> Int32 {
        let full = kind == .spinner ? theme.spinnerDiameter : theme.circularDiameter
        let thick = kind == .spinner ? theme.spinnerThickness : theme.circularThickness
        let scaled = Int32((Int64(d) * Int64(thick)) / Int64(max(1, full)))
        let t = kind == .spinner ? max(1, scaled) : max(min(theme.spinnerThickness, thick), scaled)
        return max(1, min(t, thick, d / 4))
    }

    /// A bar for `a` filling `r` (its fill, or its outcome's colour) and its stop or play
    /// icon, if it has one and runs; at `key` and its parts up to `key + .stop`.
    mutating func addBar(_ a: Activity, in r: IntRect, stop: IntRect?, _ key: UInt32) {
        let outcome = outcomeColor(a)
        let full = r.width << 8
        let (from, to) = barFill(a, full: full, outcome: outcome)
        let bar = BarShape(
            x: r.x << 8, y: r.y << 8, width: full, height: r.height << 8, radius: min(theme.linearRadius, r.height / 2) << 8,
            track: outcome ?? (a.trackHidden ? .clear : trackColor(a)), indicator: outcome ?? indicatorColor(a), fillFrom: from, fillTo: to)
        layers.append(Layer(key: key, .bar(bar)))
        if let stop, outcome == nil { addActionIcon(a, in: stop, key) }
    }
}
