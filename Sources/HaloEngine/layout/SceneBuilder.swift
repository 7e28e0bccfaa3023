// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Lays out every visible indicator from the theme and turns it into layers, bottom first.
struct SceneBuilder {
    let engine: Engine
    let now: Instant
    var layers: [Layer] = []
    /// Where the centre's activities go when they share it (`CentreArrangement`); nil in the
    /// usual frame, with one indicator that fits, which then touches no table at all.
    var arrangement: CentreArrangement? = nil
    /// The activities drawn at the screen's top and bottom edge, by serial: one each, the
    /// leading one by the LED ring's rule; the others wait for it to leave.
    var edgeSerials: (top: UInt32?, bottom: UInt32?) = (nil, nil)
    /// False when the edge indicators' labels gave way to the centre.
    var edgeLabels = true

    init(engine: Engine, now: Instant) {
        self.engine = engine
        self.now = now
    }

    var theme: Theme { engine.theme }
    var width: Int32 { engine.screenWidth }
    var height: Int32 { engine.screenHeight }

    mutating func build() -> [Layer] {
        // A few layers per activity (shape, icon, label lines) and a toast: one allocation.
        layers.reserveCapacity(engine.activities.count * 6 + 4)
        // Most frames show every activity: the engine's own array then serves, uncopied.
        let all = engine.activities
        var visible = all.allSatisfy { $0.isVisible(at: now) } ? all : all.filter { $0.isVisible(at: now) }
        if visible.count > 1 { visible.sort { ($0.layer, $0.serial) < ($1.layer, $1.serial) } }
        arrange(visible)
        // One modal at a time: the newest, which the sort put last; the others wait under it.
        let last = visible.count - 1
        let modal = last >= 0 && visible[last].layer > 2 ? visible[last].serial : nil
        let gliding = engine.centreGlide.isMoving(at: now)
        // With more than one activity: each picture's layers, to keep them apart (`giveWay`).
        let apart = visible.count > 1
        var movers: [Mover] = []
        var toastDone = false, moreDone = false
        if !engine.overlayFades.isEmpty { addOverlayFades(onTop: false) }
        for a in visible {
            if a.layer > 0 && !moreDone {
                let first = layers.count
                addMore()
                if apart { movers.append(Mover(serial: 0xE000_0000 >> 4, layers: first..<layers.count, rank: Mover.lastRank)) }
                moreDone = true
            }
            if a.layer > 2 && !toastDone {
                addToast()
                toastDone = true
            }
            if a.layer > 2 && a.serial != modal { continue }
            let base = a.serial << 4
            let first = layers.count
            switch (a.placement, a.kind) {
            case (.center?, .circular): addCircular(a, base)
            case (.center?, .linear): addLinear(a, base)
            case (.center?, _): addSpinner(a, base)
            case (.top?, _), (.bottom?, _): addEdge(a, base)
            case (.inline?, _): addInline(a, base)
            case (.toast?, _): addProgressToast(a, base)
            case (.dialog?, _): addDialog(a, base)
            case (nil, .checkout): addCheckout(a, base)
            case (nil, .partial): addPartial(a, base)
            case (nil, _): addNetwork(a, base)
            }
            // On its way to a new place: the whole picture is drawn where the glide has it now.
            if gliding, let target = centreLine(a), let place = engine.centreGlide.place(a.serial, at: now), place != target {
                let dy = (place - target) / 2
                for i in first..<layers.count { layers[i].drawable = layers[i].drawable.moved(down: dy) }
            }
            if apart, let rank = glideRank(a) { movers.append(Mover(serial: a.serial, layers: first..<layers.count, rank: rank)) }
        }
        if !moreDone {
            let first = layers.count
            addMore()
            if apart { movers.append(Mover(serial: 0xE000_0000 >> 4, layers: first..<layers.count, rank: Mover.lastRank)) }
        }
        if !toastDone { addToast() }
        if !engine.overlayFades.isEmpty { addOverlayFades(onTop: true) }
        if movers.count > 1 { giveWay(movers) }
        return layers
    }

    // MARK: - Keeping pictures apart

    /// One activity's picture in a frame of the centre's glide.
    struct Mover {
        var serial: UInt32
        var layers: Range<Int>
        /// Lower goes first: pictures that stay put, then those that move least, then newcomers.
        var rank: Int64
        static let newcomerRank = Int64.max / 2
        static let lastRank = Int64.max / 2 + 1
    }

    /// How readily `a` keeps its picture where pictures would overlap; nil for those that may
    /// (inline ones, in the app's own regions, and overlays, which cover everything on purpose).
    func glideRank(_ a: Activity) -> Int64? {
        let glide = engine.centreGlide
        if SceneBuilder.sharesCentre(a) {
            if glide.arrived.contains(a.serial) { return Mover.newcomerRank }
            guard let from = glide.from[a.serial], let to = glide.to[a.serial] else { return Mover.newcomerRank }
            return Int64(abs(Int64(to) - Int64(from)))
        }
        if SceneBuilder.shapesCentre(a) { return a.visibleFrom < glide.start ? 0 : Mover.newcomerRank }
        return a.kind == .network ? 0 : nil
    }

    /// The arrangement keeps pictures apart where they rest, not on the way: one passing another,
    /// a newcomer already at its place while the others still leave it, the leading activity
    /// growing to full size. In such a frame, a picture that would overlap one that ranks before
    /// it is left out until the way is clear, so that no two ever overlap. At rest this only
    /// happens with a theme too big for its screen (a network corner reaching the middle).
    mutating func giveWay(_ movers: [Mover]) {
        var kept: [IntRect] = []
        var dropped: [Range<Int>] = []
        for m in movers.sorted(by: { ($0.rank, $0.serial) < ($1.rank, $1.serial) }) {
            var box = IntRect.empty
            for i in m.layers { box = box.union(layers[i].drawable.bounds) }
            if box.isEmpty { continue }
            if kept.contains(where: { $0.intersects(box) }) {
                dropped.append(m.layers)
            } else {
                kept.append(box)
            }
        }
        if dropped.isEmpty { return }
        var drop = [Bool](repeating: false, count: layers.count)
        for r in dropped { for i in r { drop[i] = true } }
        var remaining: [Layer] = []
        remaining.reserveCapacity(layers.count)
        for (i, layer) in layers.enumerated() where !drop[i] { remaining.append(layer) }
        layers = remaining
    }

    // MARK: - The centre

    /// Activities the centre's arrangement places: the centred ones and the progress toasts.
    static func sharesCentre(_ a: Activity) -> Bool { a.placement == .center || a.placement == .toast }

    /// Activities whose coming and going moves the centre's: those it places, and indicators at
    /// the screen's top or bottom edge, which it keeps clear of.
    static func shapesCentre(_ a: Activity) -> Bool {
        sharesCentre(a) || (a.region == nil && (a.placement == .top || a.placement == .bottom))
    }

    /// Works out `arrangement` and `edgeSerials`. The usual frame, with one centred indicator
    /// that fits, costs a count.
    mutating func arrange(_ visible: [Activity]) {
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
        if count == 1 && !others {
            // Without text (the benchmarks' rings and bars) only the indicator has to fit.
            let bare = visible[single].label == nil && visible[single].showValue != true
            if bare && fitsBare(visible[single].kind) || !bare && fitsAlone(visible[single]) { return }
        }
        let centred = visible.contains { SceneBuilder.sharesCentre($0) }
        let leads = [Placement.top, .bottom].map { p in LedRingScene.leading(visible.filter { $0.placement == p && $0.region == nil }) }
        let lineHeight = engine.labels.lineHeight(size: theme.fontSize)
        // Edge indicators give way when the centre would get less than one row: first their
        // labels go, then the bottom one waits, then the top one.
        var edges: (top: Int32, bottom: Int32)? = nil
        for level in 0..<4 {
            edgeLabels = level == 0
            let top = level < 3 ? leads[0] : nil, bottom = level < 2 ? leads[1] : nil
            edges =
                top == nil && bottom == nil
                ? nil
                : (
                    top.map { EdgeLayout.reach(edgePlace($0), atTop: true) } ?? 0,
                    bottom.map { EdgeLayout.reach(edgePlace($0), atTop: false) } ?? height
                )
            edgeSerials = (top?.serial, bottom?.serial)
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

    /// Draws `a` as a compact row: a small indicator at the left of `row`, its label on one line
    /// beside it.
    mutating func addRow(_ a: Activity, _ row: IntRect, _ base: UInt32) {
        let icon = max(4, row.height - 8)
        let top = row.y + (row.height - icon) / 2
        let outcome = outcomeColor(a)
        // One column for the small indicators, as wide as a bar's, so every row's text lines up.
        let textX = row.x + icon * 2 + 8
        if a.kind == .linear {
            let barWidth = icon * 2, barHeight = max(2, min(theme.linearHeight, icon / 3))
            let (from, to) = barFill(a, full: barWidth << 8, outcome: outcome)
            let bar = BarShape(
                x: row.x << 8, y: (row.y * 2 + row.height - barHeight) << 7, width: barWidth << 8, height: barHeight << 8,
                radius: barHeight << 7, track: outcome ?? (a.trackHidden ? .clear : trackColor(a)), indicator: outcome ?? theme.indicator,
                fillFrom: from, fillTo: to)
            layers.append(Layer(key: base, .bar(bar)))
        } else {
            let arc = outcome == nil ? a.arc(at: now) : (start: Int32(0), sweep: Angle.unitsPerTurn)
            let thickness = max(2, icon / 6)
            let ring = RingShape(
                cx: (row.x * 2 + icon) << 7, cy: (top * 2 + icon) << 7, diameter: icon, thickness: thickness,
                track: outcome ?? (a.kind == .spinner ? .clear : trackColor(a)), indicator: outcome ?? theme.indicator,
                arcStart: Angle(units: arc.start), arcSweep: Angle(units: arc.sweep), roundCaps: theme.roundCaps)
            layers.append(Layer(key: base, .ring(ring)))
        }
        guard let text = labelText(a) else { return }
        addRowText(text, x: textX, row: row, key: base + 8)
    }

    /// One line of text at `x` in `row`, cut with an ellipsis to the row's end.
    mutating func addRowText(_ text: String, x: Int32, row: IntRect, key: UInt32) {
        let size = theme.fontSize
        guard let line = engine.labels.layout(text, size: size, maxWidth: row.maxX - x, maxLines: 1).lines.first else { return }
        let mask = engine.labels.mask(line, size: size)
        let y = row.y + (row.height - engine.labels.lineHeight(size: size)) / 2
        layers.append(Layer(key: key, .mask(MaskShape(mask: mask, x: x, y: y, color: theme.text))))
    }

    /// The row that counts the centre's activities left out, if any.
    mutating func addMore() {
        guard let more = arrangement?.more else { return }
        addRowText("and \(more.count) more", x: more.row.x, row: more.row, key: 0xE000_0000)
    }

    // MARK: - Kinds

    /// The centre of an activity's area: its region, or the screen.
    func centre(_ a: Activity) -> (x: Int32, y: Int32) {
        if let r = a.region { return (r.x * 2 + r.width, r.y * 2 + r.height) }  // in half pixels
        return (width, height)
    }

    func outcomeColor(_ a: Activity) -> Color? {
        switch a.outcome {
        case .succeeded: return theme.success
        case .failed: return theme.error
        default: return nil
        }
    }

    /// Where `a` is drawn at full size (its centre in half pixels), or nil when the centre's
    /// arrangement made it a row (drawn here) or left it out.
    mutating func placeInCentre(_ a: Activity, _ base: UInt32) -> (x: Int32, y: Int32)? {
        guard let arrangement else { return centre(a) }
        switch arrangement.slots[a.serial] {
        case nil: return centre(a)
        case .full(let top)?: return fullCentre(a, top: top)
        case .row(let row)?:
            addRow(a, row, base)
            return nil
        case .hidden?: return nil
        }
    }

    mutating func addCircular(_ a: Activity, _ base: UInt32) {
        guard let c = placeInCentre(a, base) else { return }
        let diameter = theme.circularDiameter
        let cx = c.x << 7, cy = c.y << 7  // half pixels to Q8
        addCircle(a, cx: cx, cy: cy, diameter: diameter, thickness: min(theme.circularThickness, diameter / 2), base)
        addLabel(a, text: labelText(a), top: (cy >> 8) + diameter / 2 + theme.labelGap, centreX: cx, color: theme.text, base + 8)
    }

    mutating func addLinear(_ a: Activity, _ base: UInt32) {
        guard let c = placeInCentre(a, base) else { return }
        let barWidth = min(theme.linearWidth, width - 32)
        let h = theme.linearHeight
        let cx = c.x << 7, cy = c.y << 7
        let x = cx - (barWidth << 7), y = cy - (h << 7)
        let outcome = outcomeColor(a)
        let full = barWidth << 8
        let (from, to) = barFill(a, full: full, outcome: outcome)
        let bar = BarShape(
            x: x, y: y, width: full, height: h << 8, radius: theme.linearRadius << 8,
            track: outcome ?? (a.trackHidden ? .clear : trackColor(a)), indicator: outcome ?? theme.indicator,
            fillFrom: from, fillTo: to)
        layers.append(Layer(key: base, .bar(bar)))
        if a.cancellable && outcome == nil {
            let size: Int32 = max(8, h * 2)
            let sx = (x >> 8) + barWidth + 12, sy = (cy >> 8) - size / 2
            layers.append(
                Layer(
                    key: base + 3,
                    .roundedRect(
                        RoundedRectShape(pixels: IntRect(x: sx, y: sy, width: size, height: size), radius: 2, color: theme.indicator))))
        }
        addLabel(a, text: labelText(a), top: (y >> 8) + h + theme.labelGap / 2, centreX: cx, color: theme.text, base + 8)
    }

    mutating func addSpinner(_ a: Activity, _ base: UInt32) {
        guard let c = placeInCentre(a, base) else { return }
        let d = theme.spinnerDiameter
        addSpinnerRing(a, cx: c.x << 7, cy: c.y << 7, diameter: d, thickness: theme.spinnerThickness, base)
        // A spinner's label sits above it.
        guard let label = a.label else { return }
        let size = theme.fontSize
        let lines = layoutLines(label, size: size, maxWidth: TextRoom.width(.label, theme, screenWidth: width))
        let lineHeight = engine.labels.lineHeight(size: size)
        let top = (c.y >> 1) - d / 2 - theme.labelGap - lineHeight * Int32(lines.count)
        addLines(lines, top: top, centreX: c.x << 7, size: size, color: theme.text, base + 8)
    }

    mutating func addCheckout(_ a: Activity, _ base: UInt32) {
        layers.append(Layer(key: base, .fill(IntRect(x: 0, y: 0, width: width, height: height), overlayColor(a))))
        let bw = TextRoom.checkoutBoxWidth(theme, screenWidth: width), bh = min(theme.boxHeight, height - 16)
        let box = IntRect(x: (width - bw) / 2, y: (height - bh) / 2, width: bw, height: bh)
        layers.append(Layer(key: base + 1, .roundedRect(RoundedRectShape(pixels: box, radius: theme.boxRadius, color: theme.box))))
        let d = theme.spinnerDiameter
        let size = theme.fontSize
        let lines = a.label.map { layoutLines($0, size: size, maxWidth: TextRoom.width(.checkout, theme, screenWidth: width)) } ?? []
        let lineHeight = engine.labels.lineHeight(size: size)
        let textHeight = lines.isEmpty ? 0 : theme.labelGap + lineHeight * Int32(lines.count)
        let top = box.y + (bh - d - textHeight) / 2
        let cx = width << 7
        addSpinnerRing(a, cx: cx, cy: (top << 8) + (d << 7), diameter: d, thickness: theme.spinnerThickness, base + 2)
        addLines(lines, top: top + d + theme.labelGap, centreX: cx, size: size, color: theme.boxText, base + 8)
    }

    /// The dimming of `a`'s overlay at this frame: fading in for its first 200 ms.
    func overlayColor(_ a: Activity) -> Color {
        theme.overlay.withOpacity(OverlayFade.fadingIn(theme.overlayOpacity, since: a.visibleFrom, at: now))
    }

    /// Overlays fading out after their activities left: the partial ones at the bottom, the
    /// modal ones above everything.
    mutating func addOverlayFades(onTop: Bool) {
        for f in engine.overlayFades where f.onTop == onTop {
            if let opacity = f.opacity(at: now), opacity > 0 {
                layers.append(Layer(key: f.key, .fill(f.rect, theme.overlay.withOpacity(opacity))))
            }
        }
    }

    mutating func addPartial(_ a: Activity, _ base: UInt32) {
        layers.append(Layer(key: base, .fill(a.overlayRect(width: width, height: height), overlayColor(a))))
        let c = centre(a)
        addSpinnerRing(a, cx: c.x << 7, cy: c.y << 7, diameter: theme.spinnerDiameter, thickness: theme.spinnerThickness, base + 1)
    }

    mutating func addNetwork(_ a: Activity, _ base: UInt32) {
        let d = theme.networkDiameter, m = theme.networkMargin
        addSpinnerRing(a, cx: (width - m) * 256 - (d << 7), cy: m * 256 + (d << 7), diameter: d, thickness: theme.networkThickness, base)
    }

    /// The span of a bar `full` long (Q8) that `a` fills at `now`: the whole bar for an outcome
    /// (`outcome` is its colour), else the value shown or the indeterminate motion's segment.
    @inline(__always)
    func barFill(_ a: Activity, full: Int32, outcome: Color?) -> (from: Int32, to: Int32) {
        if outcome != nil { return (0, full) }
        if let f = a.shownFraction(at: now) { return (0, Int32((Int64(full) * Int64(f)) >> 16)) }
        guard case .indeterminate(let since) = a.progress else { return (0, full) }
        let s = LinearIndeterminateMotion.segment(elapsed: now - since)
        return (Int32((Int64(full) * Int64(s.from)) >> 16), Int32((Int64(full) * Int64(s.to)) >> 16))
    }

    /// A circular indicator centred at (`cx`, `cy`) in Q8: its ring (a spinner's has no track)
    /// and its check, cross or stop icon, at keys `key` to `key + 3`.
    @inline(__always)
    mutating func addCircle(_ a: Activity, cx: Int32, cy: Int32, diameter: Int32, thickness: Int32, _ key: UInt32) {
        if a.kind == .spinner {
            addSpinnerRing(a, cx: cx, cy: cy, diameter: diameter, thickness: thickness, key)
            return
        }
        let outcome = outcomeColor(a)
        let arc = outcome == nil ? a.arc(at: now) : (0, Angle.unitsPerTurn)
        let ring = RingShape(
            cx: cx, cy: cy, diameter: diameter, thickness: thickness, track: outcome ?? trackColor(a),
            indicator: outcome ?? theme.indicator,
            arcStart: Angle(units: arc.0), arcSweep: Angle(units: arc.1), roundCaps: theme.roundCaps)
        layers.append(Layer(key: key, .ring(ring)))
        let inner = diameter - 2 * thickness
        switch a.outcome {
        case .succeeded: addCheck(cx: cx, cy: cy, size: inner, stroke: thickness, color: theme.success, key)
        case .failed: addCross(cx: cx, cy: cy, size: inner, stroke: thickness, color: theme.error, key)
        default: if a.cancellable { addStop(cx: cx, cy: cy, size: diameter / 5, key) }
        }
    }

    mutating func addSpinnerRing(_ a: Activity, cx: Int32, cy: Int32, diameter: Int32, thickness: Int32, _ key: UInt32) {
        let arc = a.arc(at: now)
        let ring = RingShape(
            cx: cx, cy: cy, diameter: diameter, thickness: thickness, track: .clear, indicator: theme.indicator,
            arcStart: Angle(units: arc.start), arcSweep: Angle(units: arc.sweep),
            roundCaps: theme.roundCaps)
        layers.append(Layer(key: key, .ring(ring)))
    }

    mutating func addToast() {
        guard let t = engine.toasts.current(at: now) else { return }
        let opacity = ToastQueue.opacity(t, at: now)
        if opacity == 0 { return }
        let size = theme.toastFontSize
        let lineHeight = engine.labels.lineHeight(size: size)
        let bw = TextRoom.toastBoxWidth(theme, screenWidth: width)
        let bh = max(theme.toastHeight, lineHeight * Int32(t.lines.count) + 24)
        let box = IntRect(x: (width - bw) / 2, y: (height - bh) / 2, width: bw, height: bh)
        let key = 0xF000_0000 | (t.serial << 4)
        let background = theme.toastBackground.withOpacity(UInt8(Blend.mul255(UInt32(theme.toastOpacity), UInt32(opacity))))
        layers.append(
            Layer(key: key, .roundedRect(RoundedRectShape(pixels: box, radius: min(theme.toastRadius, bh / 2), color: background))))
        let top = box.y + (bh - lineHeight * Int32(t.lines.count)) / 2
        addLines(t.lines, top: top, centreX: width << 7, size: size, color: theme.toastText.withOpacity(opacity), key + 8)
    }

    // MARK: - Icons

    mutating func addCheck(cx: Int32, cy: Int32, size: Int32, stroke: Int32, color: Color, _ base: UInt32) {
        // A tick in a box 0.44 of the inner diameter: a short stroke down-right, a long one up-right.
        let s = size * 256 * 44 / 100
        let r = max(256, min(stroke << 7, s / 8))
        let p0 = (cx - s * 35 / 100, cy + s * 2 / 100)
        let p1 = (cx - s * 10 / 100, cy + s * 27 / 100)
        let p2 = (cx + s * 38 / 100, cy - s * 24 / 100)
        layers.append(Layer(key: base + 1, .capsule(CapsuleShape(x0: p0.0, y0: p0.1, x1: p1.0, y1: p1.1, radius: r, color: color))))
        layers.append(Layer(key: base + 2, .capsule(CapsuleShape(x0: p1.0, y0: p1.1, x1: p2.0, y1: p2.1, radius: r, color: color))))
    }

    mutating func addCross(cx: Int32, cy: Int32, size: Int32, stroke: Int32, color: Color, _ base: UInt32) {
        let s = size * 256 * 15 / 100
        let r = max(256, min(stroke << 7, s / 4))
        layers.append(Layer(key: base + 1, .capsule(CapsuleShape(x0: cx - s, y0: cy - s, x1: cx + s, y1: cy + s, radius: r, color: color))))
        layers.append(Layer(key: base + 2, .capsule(CapsuleShape(x0: cx + s, y0: cy - s, x1: cx - s, y1: cy + s, radius: r, color: color))))
    }

    mutating func addStop(cx: Int32, cy: Int32, size: Int32, _ base: UInt32) {
        let half = size << 7
        let shape = RoundedRectShape(
            x: cx - half, y: cy - half, width: size << 8, height: size << 8, radius: max(256, size << 5), color: theme.indicator)
        layers.append(Layer(key: base + 3, .roundedRect(shape)))
    }

    // MARK: - Labels

    /// The label as shown: the app's text, then the value for a running determinate indicator.
    func labelText(_ a: Activity) -> String? {
        var value: String? = nil
        // The value ends a label; with no label it shows only when asked for (show-value=yes).
        if a.outcome == nil, case .determinate(let v, _, _) = a.progress, a.showValue ?? (a.label != nil) { value = v.text }
        switch (a.label, value) {
        case (let l?, let v?): return l + " " + v
        case (let l?, nil): return l
        case (nil, let v?): return v
        case (nil, nil): return nil
        }
    }

    func layoutLines(_ text: String, size: Int32, maxWidth: Int32) -> [String] {
        engine.labels.layout(text, size: size, maxWidth: maxWidth).lines
    }

    mutating func addLabel(_ a: Activity, text: String?, top: Int32, centreX: Int32, color: Color, _ key: UInt32) {
        guard let text else { return }
        let size = theme.fontSize
        addLines(
            layoutLines(text, size: size, maxWidth: TextRoom.width(.label, theme, screenWidth: width)), top: top, centreX: centreX,
            size: size, color: color, key)
    }

    mutating func addLines(_ lines: [String], top: Int32, centreX: Int32, size: Int32, color: Color, _ key: UInt32) {
        let lineHeight = engine.labels.lineHeight(size: size)
        for (i, line) in lines.enumerated() {
            let mask = engine.labels.mask(line, size: size)
            let x = ((centreX >> 7) - mask.width) / 2  // centreX is Q8: half pixels → pixels
            layers.append(Layer(key: key + UInt32(i), .mask(MaskShape(mask: mask, x: x, y: top + lineHeight * Int32(i), color: color))))
        }
    }
}
