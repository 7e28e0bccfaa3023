// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Each kind's picture: circular, linear, spinner, checkout, partial, network, toasts, and
/// the rings, bars and fades they are made of.
extension SceneBuilder {
    /// The centre of an activity's area: its region, or the screen.
    func centre(_ a: Activity) -> (x: Int32, y: Int32) {
        if let r = a.region { return (r.x * 2 + r.width, r.y * 2 + r.height) }  // in half pixels
        return (width, height)
    }

    /// The colour of `a`'s arc, fill and icon: half faded while a person's request waits for
    /// the app's answer, so the person sees at once that the tap or key was heard; with
    /// reduced motion, work of unknown length pulses slowly instead of turning.
    func indicatorColor(_ a: Activity) -> Color {
        var opacity: Int32 = a.request == nil ? 255 : 128
        if a.motion == .reduced, a.outcome == nil, a.pausedAt == nil, case .indeterminate(let since) = a.progress {
            opacity = opacity * MotionLevel.pulseLevel(elapsed: now - max(since, a.visibleFrom)) >> 8
        }
        return opacity == 255 ? theme.indicator : theme.indicator.withOpacity(UInt8(opacity))
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
        addLabel(a, text: labelText(a), top: (cy >> 8) + diameter / 2 + theme.labelGap, centreX: cx, color: theme.text, base + .label)
    }

    mutating func addLinear(_ a: Activity, _ base: UInt32) {
        guard let c = placeInCentre(a, base) else { return }
        let h = theme.linearHeight
        // The stop or play icon hangs after the bar's end: a bar as wide as the screen allows
        // leaves it room.
        let iconRoom = a.showsActionIcon ? max(8, h * 2) + 12 : 0
        let barWidth = max(1, min(theme.linearWidth, width - 32 - iconRoom))
        let cx = c.x << 7, cy = c.y << 7
        let x = cx - (barWidth << 7), y = cy - (h << 7)
        let outcome = outcomeColor(a)
        let full = barWidth << 8
        let (from, to) = barFill(a, full: full, outcome: outcome)
        let bar = BarShape(
            x: x, y: y, width: full, height: h << 8, radius: theme.linearRadius << 8,
            track: outcome ?? (a.trackHidden ? .clear : trackColor(a)), indicator: outcome ?? indicatorColor(a),
            fillFrom: from, fillTo: to)
        layers.append(Layer(key: base, .bar(bar)))
        if a.showsActionIcon {
            let size: Int32 = max(8, h * 2)
            addActionIcon(a, in: IntRect(x: (x >> 8) + barWidth + 12, y: (cy >> 8) - size / 2, width: size, height: size), base)
        }
        addLabel(a, text: labelText(a), top: (y >> 8) + h + theme.labelGap / 2, centreX: cx, color: theme.text, base + .label)
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
        addLines(lines, top: top, centreX: c.x << 7, size: size, color: theme.text, base + .label)
    }

    mutating func addCheckout(_ a: Activity, _ base: UInt32) {
        layers.append(Layer(key: base, .fill(IntRect(x: 0, y: 0, width: width, height: height), overlayColor(a))))
        let bw = TextRoom.checkoutBoxWidth(theme, screenWidth: width), bh = min(theme.boxHeight, height - 16)
        let box = IntRect(x: (width - bw) / 2, y: (height - bh) / 2, width: bw, height: bh)
        layers.append(Layer(key: base + .second, .roundedRect(RoundedRectShape(pixels: box, radius: theme.boxRadius, color: theme.box))))
        let d = theme.spinnerDiameter
        let size = theme.fontSize
        let lines = a.label.map { layoutLines($0, size: size, maxWidth: TextRoom.width(.checkout, theme, screenWidth: width)) } ?? []
        let lineHeight = engine.labels.lineHeight(size: size)
        let textHeight = lines.isEmpty ? 0 : theme.labelGap + lineHeight * Int32(lines.count)
        let top = box.y + (bh - d - textHeight) / 2
        let cx = width << 7
        addSpinnerRing(a, cx: cx, cy: (top << 8) + (d << 7), diameter: d, thickness: theme.spinnerThickness, base + .third)
        addLines(lines, top: top + d + theme.labelGap, centreX: cx, size: size, color: theme.boxText, base + .label)
    }

    /// The dimming of `a`'s overlay at this frame: fading in for its first 200 ms.
    func overlayColor(_ a: Activity) -> Color {
        if a.motion == .none { return theme.overlay.withOpacity(theme.overlayOpacity) }
        return theme.overlay.withOpacity(OverlayFade.fadingIn(theme.overlayOpacity, since: a.visibleFrom, at: now))
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
        addSpinnerRing(a, cx: c.x << 7, cy: c.y << 7, diameter: theme.spinnerDiameter, thickness: theme.spinnerThickness, base + .second)
    }

    mutating func addNetwork(_ a: Activity, _ base: UInt32) {
        let d = theme.networkDiameter, m = theme.networkMargin
        addSpinnerRing(a, cx: (width - m) * 256 - (d << 7), cy: m * 256 + (d << 7), diameter: d, thickness: theme.networkThickness, base)
    }

    /// The span of a bar `full` long (Q8) that `a` fills at `now`, from the bar's left end;
    /// mirrored when its text reads right to left, so the bar fills from the right as its
    /// reader expects.
    @inline(__always)
    func barFill(_ a: Activity, full: Int32, outcome: Color?) -> (from: Int32, to: Int32) {
        let (from, to) = barFillFromStart(a, full: full, outcome: outcome)
        return readsRightToLeft(a) ? (full - to, full - from) : (from, to)
    }

    /// The span filled from the bar's start: the whole bar for an outcome (`outcome` is its
    /// colour), else the value shown or the indeterminate motion's segment.
    @inline(__always)
    func barFillFromStart(_ a: Activity, full: Int32, outcome: Color?) -> (from: Int32, to: Int32) {
        if outcome != nil { return (0, full) }
        if let f = a.shownFraction(at: now) { return (0, Int32((Int64(full) * Int64(f)) >> 16)) }
        guard case .indeterminate(let since) = a.progress else { return (0, full) }
        // Still: the middle fifth, which no amount ever fills alone.
        if a.motion != .full { return (Int32(Int64(full) * 2 / 5), Int32(Int64(full) * 3 / 5)) }
        let s = LinearIndeterminateMotion.segment(elapsed: a.motionTime(at: now) - since)
        return (Int32((Int64(full) * Int64(s.from)) >> 16), Int32((Int64(full) * Int64(s.to)) >> 16))
    }

    /// A circular indicator centred at (`cx`, `cy`) in Q8: its ring (a spinner's has no track)
    /// and its check, cross or stop icon, at `key` and its `.second` to `.stop` parts.
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
            indicator: outcome ?? indicatorColor(a),
            arcStart: Angle(units: arc.0), arcSweep: Angle(units: arc.1), roundCaps: theme.roundCaps)
        layers.append(Layer(key: key, .ring(ring)))
        let inner = diameter - 2 * thickness
        switch a.outcome {
        case .succeeded: addCheck(cx: cx, cy: cy, size: inner, stroke: thickness, color: theme.success, key)
        case .failed: addCross(cx: cx, cy: cy, size: inner, stroke: thickness, color: theme.error, key)
        default:
            if a.pausedAt != nil {
                addPlay(cx: cx, cy: cy, size: diameter / 5, color: indicatorColor(a), key)
            } else if a.cancellable {
                addStop(cx: cx, cy: cy, size: diameter / 5, color: indicatorColor(a), key)
            }
        }
    }

    mutating func addSpinnerRing(_ a: Activity, cx: Int32, cy: Int32, diameter: Int32, thickness: Int32, _ key: UInt32) {
        let arc = a.arc(at: now)
        // Paused, a spinner must not look stalled: its arc stands still, half faded on a
        // track it never shows while it turns, round a play icon.
        let paused = a.kind == .spinner && a.showsPaused
        let ring = RingShape(
            cx: cx, cy: cy, diameter: diameter, thickness: thickness, track: paused ? trackColor(a) : .clear,
            indicator: paused ? theme.indicator.withOpacity(128) : indicatorColor(a),
            arcStart: Angle(units: arc.start), arcSweep: Angle(units: arc.sweep),
            roundCaps: theme.roundCaps)
        layers.append(Layer(key: key, .ring(ring)))
        if paused { addPlay(cx: cx, cy: cy, size: max(4, (diameter - 2 * thickness) / 2), color: indicatorColor(a), key) }
    }

    mutating func addToast() {
        guard let t = engine.toasts.current(at: now) else { return }
        // Still frames: a toast is there or not, with no fade.
        let opacity = engine.policy.motion == .none ? (now >= t.start && now < t.end ? 255 : 0) : ToastQueue.opacity(t, at: now)
        if opacity == 0 { return }
        let size = theme.toastFontSize
        let lineHeight = engine.labels.lineHeight(size: size)
        let bw = TextRoom.toastBoxWidth(theme, screenWidth: width)
        let bh = max(theme.toastHeight, lineHeight * Int32(t.lines.count) + 24)
        let box = IntRect(x: (width - bw) / 2, y: (height - bh) / 2, width: bw, height: bh)
        let key = LayerKey.toast(t.serial)
        let background = theme.toastBackground.withOpacity(UInt8(Blend.mul255(UInt32(theme.toastOpacity), UInt32(opacity))))
        layers.append(
            Layer(key: key, .roundedRect(RoundedRectShape(pixels: box, radius: min(theme.toastRadius, bh / 2), color: background))))
        let top = box.y + (bh - lineHeight * Int32(t.lines.count)) / 2
        addLines(t.lines, top: top, centreX: width << 7, size: size, color: theme.toastText.withOpacity(opacity), key + .label)
    }
}
