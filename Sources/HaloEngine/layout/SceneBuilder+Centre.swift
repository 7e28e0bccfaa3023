// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The centre of the screen, shared by its activities: the arrangement, the full-size
/// leading indicator, the compact rows and the "and N more" row.
extension SceneBuilder {
    /// Activities the centre's arrangement places: the centred ones and the progress toasts.
    static func sharesCentre(_ a: Activity) -> Bool { a.placement == .center || a.placement == .toast }

    /// Activities whose coming and going moves the centre's: those it places, and indicators at
    /// the screen's top or bottom edge, which it keeps clear of.
    static func shapesCentre(_ a: Activity) -> Bool {
        sharesCentre(a) || (a.region == nil && (a.placement == .top || a.placement == .bottom))
    }

    /// Works out `arrangement`, `edgeSerials` and `edgeLabels`, or takes them from the last
    /// frame when nothing they follow from changed.
    mutating func arrange(_ visible: [Activity]) {
        if engine.arrangementMemo.holds(visible, revision: engine.layoutRevision) {
            let kept = engine.arrangementMemo.kept
            (arrangement, edgeSerials, edgeLabels) = (kept.arrangement, kept.edges, kept.edgeLabels)
            return
        }
        arrangeAnew(visible)
        let kept = ArrangementMemo.Kept(arrangement: arrangement, edges: edgeSerials, edgeLabels: edgeLabels)
        engine.arrangementMemo.keep(visible, revision: engine.layoutRevision, kept)
    }

    /// `arrange` worked out. The usual frame, with one centred indicator that fits, costs a count.
    mutating func arrangeAnew(_ visible: [Activity]) {
        // Fields read in place, not activities copied: a copy retains and releases every string
        // in it, and this runs every frame.
        var count = 0, single = 0, others = false
        for i in visible.indices {
            switch visible[i].placement {
            case .center?:
                count += 1
                single = i
            case .toast?: others = true
            case .top?, .bottom?: if visible[i].region == nil { others = true }
            default: continue
            }
            if count > 1 || others { break }
        }
        if count == 0 && !others { return }
        // Under a logo the centre is the part of the screen below it: always arranged.
        let logo = engine.pictures.logoReach
        if count == 1 && !others && logo == nil {
            // Without text (the benchmarks' rings and bars) only the indicator has to fit.
            let bare = visible[single].label == nil && visible[single].showValue != true
            if bare && fitsBare(visible[single].kind) || !bare && fitsAlone(visible[single]) { return }
        }
        let centred = visible.contains { SceneBuilder.sharesCentre($0) }
        let leads = [Placement.top, .bottom].map { p in Lead.of(visible.filter { $0.placement == p && $0.region == nil }) }
        let lineHeight = engine.labels.lineHeight(size: theme.fontSize)
        // Edge indicators give way when the centre would get less than one row: first their
        // labels go, then the bottom one waits, then the top one.
        var edges: (top: Int32, bottom: Int32)? = nil
        for level in 0..<4 {
            edgeLabels = level == 0
            let top = level < 3 ? leads[0] : nil, bottom = level < 2 ? leads[1] : nil
            edges =
                top == nil && bottom == nil && logo == nil
                ? nil
                : (
                    max(top.map { EdgeLayout.reach(edgePlace($0), atTop: true) } ?? 0, logo ?? 0),
                    bottom.map { EdgeLayout.reach(edgePlace($0), atTop: false) } ?? height
                )
            edgeSerials = EdgeSerials(top: top?.serial, bottom: bottom?.serial)
            let band = CentreArrangement.band(height: height, edges: edges, theme: theme)
            if !centred || edges == nil || band.bottom - band.top >= CentreArrangement.rowHeight(lineHeight: lineHeight) { break }
        }
        arrangement = CentreArrangement.arrange(
            visible.filter { $0.placement == .center }, toasts: visible.filter { $0.placement == .toast }, width: width, height: height,
            edges: edges, theme: theme, lineHeight: lineHeight, fullHeight: { fullHeight($0) })
    }

    /// The height of `a` drawn at full size at the centre, its label included.
    func fullHeight(_ a: Activity) -> Int32 {
        // A ring wider than the screen cannot be drawn at full size: as if it were too tall.
        if a.kind != .linear && indicatorSize(a.kind) > width { return Int32.max / 4 }
        let lines =
            labelText(a).map {
                Int32(layoutLines($0, size: theme.fontSize, maxWidth: TextRoom.width(.label, theme, screenWidth: width)).count)
            } ?? 0
        let text = lines == 0 ? 0 : engine.labels.lineHeight(size: theme.fontSize) * lines
        if lines == 0 { return indicatorSize(a.kind) }
        return indicatorSize(a.kind) + (a.kind == .linear ? theme.labelGap / 2 : theme.labelGap) + text
    }

    /// Where `a`'s place at the centre is, as the centre line of its picture in half pixels;
    /// nil when it is not drawn (counted in "and N more") or not at the centre.
    func centreLine(_ a: Activity) -> Int32? {
        guard SceneBuilder.sharesCentre(a) else { return nil }
        switch arrangement?.slots[a.serial] {
        case nil: return a.placement == .center ? height : nil
        case .full(let top)?: return fullCentre(a, top: top).y
        case .row(let r)?: return r.y * 2 + r.height
        case .hidden?: return nil
        }
    }

    /// Whether `a`, alone at the centre, fits on the screen drawn as it always was: centred on
    /// its indicator, the label hanging below it (above a spinner).
    func fitsAlone(_ a: Activity) -> Bool {
        let indicator = indicatorSize(a.kind)
        let whole = fullHeight(a)
        // The longer side from the indicator's centre line, doubled, must fit.
        let label = whole - indicator
        return indicator + 2 * label <= height
    }

    /// Whether an indicator of `kind` without text fits on the screen at full size.
    func fitsBare(_ kind: IndicatorKind) -> Bool {
        let size = indicatorSize(kind)
        return size <= height && (kind == .linear || size <= width)
    }

    /// The height of a centre indicator of `kind` without its label.
    func indicatorSize(_ kind: IndicatorKind) -> Int32 {
        kind == .circular ? theme.circularDiameter : kind == .linear ? theme.linearHeight : theme.spinnerDiameter
    }

    /// The activity's centre in half pixels when it is the full-size one of several, from the
    /// top of its picture.
    func fullCentre(_ a: Activity, top: Int32) -> (x: Int32, y: Int32) {
        switch a.kind {
        case .circular: return (width, top * 2 + theme.circularDiameter)
        case .linear: return (width, top * 2 + theme.linearHeight)
        default:
            let above =
                a.label.map {
                    Int32(layoutLines($0, size: theme.fontSize, maxWidth: TextRoom.width(.label, theme, screenWidth: width)).count)
                } ?? 0
            let labelHeight = above == 0 ? 0 : engine.labels.lineHeight(size: theme.fontSize) * above + theme.labelGap
            return (width, (top + labelHeight) * 2 + theme.spinnerDiameter)
        }
    }

    /// Draws `a` as a compact row: a small indicator at the start of `row`, its label on one line
    /// beside it. A right-to-left label starts at the right, so its row is mirrored.
    mutating func addRow(_ a: Activity, _ row: IntRect, _ base: UInt32) {
        let icon = max(4, row.height - 8)
        let top = row.y + (row.height - icon) / 2
        let outcome = outcomeColor(a)
        // One column for the small indicators, as wide as a bar's, so every row's text lines up.
        let column = icon * 2 + 8
        let text = labelText(a)
        let line = text.map { engine.labels.layout($0, size: theme.fontSize, maxWidth: row.width - column, maxLines: 1) }
        let mirrored = readsRightToLeft(a)
        if a.kind == .linear {
            let barWidth = icon * 2, barHeight = max(2, min(theme.linearHeight, icon / 3))
            let (from, to) = barFill(a, full: barWidth << 8, outcome: outcome)
            let bar = BarShape(
                x: (mirrored ? row.maxX - barWidth : row.x) << 8, y: (row.y * 2 + row.height - barHeight) << 7, width: barWidth << 8,
                height: barHeight << 8, radius: barHeight << 7, track: outcome ?? (a.trackHidden ? .clear : trackColor(a)),
                indicator: outcome ?? indicatorColor(a), fillFrom: from, fillTo: to)
            layers.append(Layer(key: base, .bar(bar)))
        } else {
            let arc = outcome == nil ? a.arc(at: now) : (start: Int32(0), sweep: Angle.unitsPerTurn)
            let thickness = max(2, icon / 6)
            let x = mirrored ? row.maxX - icon : row.x
            let ring = RingShape(
                cx: (x * 2 + icon) << 7, cy: (top * 2 + icon) << 7, diameter: icon, thickness: thickness,
                track: outcome ?? (a.kind == .spinner ? .clear : trackColor(a)), indicator: outcome ?? indicatorColor(a),
                arcStart: Angle(units: arc.start), arcSweep: Angle(units: arc.sweep), roundCaps: theme.roundCaps)
            layers.append(Layer(key: base, .ring(ring)))
        }
        guard let shown = line?.lines.first else { return }
        let room = IntRect(x: mirrored ? row.x : row.x + column, y: row.y, width: row.width - column, height: row.height)
        addRowLine(shown, in: room, alignRight: mirrored, key: base + .label)
    }

    /// One line of text in `row`, cut with an ellipsis to the row's end.
    mutating func addRowText(_ text: String, x: Int32, row: IntRect, key: UInt32) {
        let size = theme.fontSize
        let laid = engine.labels.layout(text, size: size, maxWidth: row.maxX - x, maxLines: 1)
        guard let line = laid.lines.first else { return }
        addRowLine(line, in: IntRect(x: x, y: row.y, width: row.maxX - x, height: row.height), alignRight: laid.rightToLeft, key: key)
    }

    /// A line already fitted to `room`, at its left, or at its right for a right-to-left line.
    mutating func addRowLine(_ line: String, in room: IntRect, alignRight: Bool, key: UInt32) {
        let size = theme.fontSize
        let mask = engine.labels.mask(line, size: size)
        let x = alignRight ? room.maxX - mask.width : room.x
        let y = room.y + (room.height - engine.labels.lineHeight(size: size)) / 2
        layers.append(Layer(key: key, .mask(MaskShape(mask: mask, x: x, y: y, color: theme.text))))
    }

    /// The row that counts the centre's activities left out, if any.
    mutating func addMore() {
        guard let more = arrangement?.more else { return }
        addRowText("and \(more.count) more", x: more.row.x, row: more.row, key: 0xE000_0000)
    }
}
