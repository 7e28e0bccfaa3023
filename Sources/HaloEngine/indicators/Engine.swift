// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The indicator engine: takes commands, keeps every activity's state machine, and describes
/// the screen at any moment as a display list. It owns no clock and no display; callers pass
/// the time and draw the layers, so the same engine runs a daemon, a replay or a test.
public final class Engine {
    // Read many times a frame, from the one thread that owns the engine: unchecked at run time.
    @exclusivity(unchecked) public internal(set) var screenWidth: Int32 {
        didSet { layoutRevision &+= 1 }
    }
    @exclusivity(unchecked) public internal(set) var screenHeight: Int32 {
        didSet { layoutRevision &+= 1 }
    }
    @exclusivity(unchecked) public var theme: Theme {
        didSet {
            layoutRevision &+= 1
            placePictures()
        }
    }
    /// The theme's pictures scaled and placed for this screen (`ThemePictures`).
    @exclusivity(unchecked) var pictures = ThemePictures()
    /// False when an app's picture is the background (a Wayland overlay, libhalo): the theme's
    /// logo and background picture would hide the app, and are not drawn.
    @exclusivity(unchecked) public var drawsPictures = true {
        didSet { placePictures() }
    }
    @exclusivity(unchecked) public var policy: Policy {
        didSet { for i in activities.indices { activities[i].motion = policy.motion } }
    }
    private(set) var text: TextRasterizer
    private(set) var labels: LabelCache {
        didSet { layoutRevision &+= 1 }
    }

    // The engine belongs to one thread and none of its methods calls back into another's
    // access of these: the run-time exclusivity checks, several on every frame, buy nothing.
    @exclusivity(unchecked) var activities: [Activity] = [] {
        didSet { layoutRevision &+= 1 }
    }
    /// Counts the changes to what the centre's arrangement follows from: the activities, the
    /// screen, the theme and the font (`ArrangementMemo`).
    @exclusivity(unchecked) var layoutRevision: UInt64 = 0
    @exclusivity(unchecked) var arrangementMemo = ArrangementMemo()
    @exclusivity(unchecked) var sceneScratch = SceneScratch()
    @exclusivity(unchecked) var toasts = ToastQueue()
    /// Kinds of every id seen, so an activity cannot change kind even after it ended.
    var kinds: [String: IndicatorKind] = [:]
    var kindOrder: [String] = []
    static let rememberedKinds = 4096
    var nextSerial: UInt32 = 1

    /// The centre's activities on their way to new places (`CentreGlide`), and the moment up to
    /// which it has followed the changes.
    @exclusivity(unchecked) var centreGlide = CentreGlide()
    @exclusivity(unchecked) var centreFollowedUntil = Instant(microseconds: Int64.min / 2)
    /// The LED ring's last cancel: the amount its fill unwinds from, and when (`RingSignal.cancelled`).
    /// Read on every ring frame, from the one thread that owns the engine: unchecked at run time.
    @exclusivity(unchecked) var ringCancel: (from: Int32, at: Instant)?
    /// Overlays fading out after their activities left (`OverlayFade`), oldest first. Read on
    /// every frame, from the one thread that owns the engine: unchecked at run time.
    @exclusivity(unchecked) var overlayFades: [OverlayFade] = []
    /// Activities ended by their leases, not yet logged (`takeLapsedLeases`).
    var lapsedLeases = RecentList<String>()
    /// What people asked for and the engine carried out itself, not yet announced (`takeCarriedOut`).
    var carriedOut = RecentList<InputRequest>()
    /// The choice a tap on an indicator opened (Pause or Resume, Cancel), while it is open.
    @exclusivity(unchecked) var choice: Choice?
    /// The keys' focus ring among the targets (`KeyFocus`).
    @exclusivity(unchecked) var keyFocus = KeyFocus()
    /// The question waiting for a typed answer, drawn over everything (`Prompt`).
    @exclusivity(unchecked) var prompt: Prompt?

    /// Activities at once, shown or waiting for their show delay, from all clients together. Far
    /// more than a screen can show legibly; a bound that keeps every frame's cost bounded too.
    public static let maximumActivities = 256
    /// Activities one owner (one daemon connection) may hold at once, so one client cannot take
    /// every place.
    public static let maximumActivitiesPerOwner = 64
    /// Activities one user's connections may hold together: three quarters of the places, so a
    /// user who leaves one-shot activities behind cannot lock other users out.
    public static let maximumActivitiesPerUser = 192
    /// Places clients together never take, kept for the host (the psplash bar, a script).
    public static let placesKeptForHost = 8

    /// `prepareText: false` leaves the glyph cache empty for now, for a caller that would rather
    /// show its first frame sooner (the boot splash) and calls `prepareText` after it.
    public init(screenWidth: Int32, screenHeight: Int32, theme: Theme, policy: Policy, text: TextRasterizer, prepareText: Bool = true) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.theme = theme
        self.policy = policy
        self.text = text
        self.labels = LabelCache(text)
        if prepareText { self.prepareText() }
        placePictures()
    }

    /// Rasterises the theme's text sizes' common glyphs ahead of need, so a label that comes
    /// later draws from the cache in its first frame.
    public func prepareText() {
        text.prepare(sizes: [theme.fontSize, theme.toastFontSize])
    }

    /// The rings of a lone circular indicator and a lone spinner, drawn at the screen's centre:
    /// the commonest pictures, whose radial shapes a screen works out when it is made
    /// (`RingProfileCache.prepare`) rather than inside the first frame that shows one. Their
    /// sizes and centres are the ones `SceneBuilder` gives; arcs and colours do not matter. A
    /// ring larger than the screen is never drawn at the centre, and is left out.
    public var centreRings: [RingShape] {
        // A lone indicator sits at (width, height) in half pixels: Q8 is half pixels << 7.
        let cx = screenWidth << 7, cy = screenHeight << 7
        let room = min(screenWidth, screenHeight)
        let d = theme.circularDiameter, t = min(theme.circularThickness, d / 2), s = theme.spinnerDiameter
        var rings: [RingShape] = []
        if d <= room { rings.append(RingShape(cx: cx, cy: cy, diameter: d, thickness: t, track: theme.track, indicator: theme.indicator)) }
        if s <= room {
            rings.append(
                RingShape(cx: cx, cy: cy, diameter: s, thickness: theme.spinnerThickness, track: .clear, indicator: theme.indicator))
        }
        return rings
    }

    /// Draws text with `text` from now on (a board's new font after a reload). Labels are laid
    /// out again; toasts already queued keep their lines.
    public func replaceText(_ text: TextRasterizer) {
        self.text = text
        labels = LabelCache(text)
        text.prepare(sizes: [theme.fontSize, theme.toastFontSize])
    }

    /// Carries out one command at `now`. Errors leave every activity as it was. `owner` names
    /// who sent it, for the limits per connection and per user; the host is limited only by
    /// `maximumActivities`.
    @discardableResult
    public func apply(_ command: Command, at now: Instant, owner: Owner = .host) throws(ControlError) -> [ControlWarning] {
        expire(at: now)
        var warnings = try perform(command, at: now, owner: owner)
        if let id = command.id { renewLease(of: id, at: now) }
        noteAnswer(command)
        followCentre(at: now)
        if let left = labelLeftOut(after: command) { warnings.append(ControlWarning(left)) }
        if let cut = errorLabelCut(after: command, at: now) { warnings.append(ControlWarning(cut)) }
        return warnings
    }

    /// Why the label a command gave is not drawn: an indicator in a region too small for text.
    func labelLeftOut(after command: Command) -> String? {
        switch command {
        case .show, .label, .succeed, .fail: break
        default: return nil
        }
        guard let id = command.id, let a = find(id), a.region != nil, a.placement != nil else { return nil }
        return SceneBuilder(engine: self, now: Instant(microseconds: 0)).labelLeftOut(a)
    }

    func perform(_ command: Command, at now: Instant, owner: Owner) throws(ControlError) -> [ControlWarning] {
        switch command {
        case .show(let id, let kind, let options):
            return try show(id, kind, options, now, owner: owner)
        case .progress(let id, let value):
            // Changed in place: progress arrives many times a second, and a copy of the
            // activity would retain and release every string it holds.
            let i = try activeIndex(id, "progress")
            let kind = activities[i].kind
            guard kind.canBeDeterminate else {
                throw ControlError(
                    "\(id) is a \(kind.rawValue), which shows no amount; use a circular or linear indicator for work whose progress is known",
                    code: .refused)
            }
            setValue(&activities[i], value, now)
        case .label(let id, let label):
            var a = try active(id, "label")
            guard a.kind.takesLabel else {
                throw ControlError("a \(a.kind.rawValue) indicator shows no label; drop the label command", code: .refused)
            }
            a.label = label.isEmpty ? nil : label
            store(a)
        case .succeed(let id, let label, let persist): try conclude(id, .succeeded(persist: persist), label: label, now)
        case .fail(let id, let label): try conclude(id, .failed, label: label, now)
        case .dismiss(let id):
            guard var a = find(id) else { throw unknown(id) }
            if a.removeAt.map({ $0 <= now }) ?? false { throw unknown(id) }
            if a.outcome == nil { a.endedAt = now }
            leave(&a, now)
            store(a)
        case .cancel(let id): try cancel(id, now)
        case .pause(let id): try pause(id, at: now)
        case .resume(let id): try resume(id, at: now)
        case .toast(let text, let long):
            return toasts.enqueue(text, long: long, at: now, engine: self)
        }
        return []
    }

    /// `succeed` or `fail`: the activity ends with `outcome` and its label says what happened.
    func conclude(_ id: String, _ outcome: Activity.Outcome, label: String, _ now: Instant) throws(ControlError) {
        let succeeded = outcome != .failed
        var a = try active(id, succeeded ? "succeed" : "fail")
        guard a.kind.hasOutcome else {
            throw ControlError(
                succeeded
                    ? "a \(a.kind.rawValue) indicator has no success state; dismiss it and show the result with a toast"
                    : "a \(a.kind.rawValue) indicator has no error state; dismiss it and report the error with a toast",
                code: .refused)
        }
        a.label = label
        end(&a, outcome, now)
        if case .succeeded(let persist) = outcome {
            a.removeAt = persist ? nil : max(now + policy.successHold, a.visibleFrom + policy.minimumVisible)
        }
        store(a)
    }

    /// `cancel`: the app's answer to a stop; the ring unwinds what it showed.
    func cancel(_ id: String, _ now: Instant) throws(ControlError) {
        var a = try active(id, "cancel")
        guard a.cancellable else {
            throw ControlError("\(id) is not cancellable; show it with cancellable=yes to give it a stop icon", code: .refused)
        }
        // The ring unwinds the fill it showed; a cancel behind another indicator shows nothing.
        if let lead = Lead.index(activities, at: now), activities[lead].id == id {
            ringCancel = (a.shownFraction(at: now) ?? 0, now)
        }
        a.outcome = .cancelled
        a.endedAt = now
        leave(&a, now)
        store(a)
    }

    // MARK: - State transitions

    /// What a `show` may not ask: another kind for a known id, a value, label, track, cancel or
    /// pause the kind cannot show, a region off the screen.
    func checkShow(_ id: String, _ kind: IndicatorKind, _ o: ShowOptions) throws(ControlError) {
        if let known = kinds[id], known != kind {
            throw ControlError(
                "\(id) is a \(known.rawValue) activity; an activity keeps one kind for its whole life, so use a new id for a \(kind.rawValue)",
                code: .refused)
        }
        if o.value != nil && !kind.canBeDeterminate {
            throw ControlError(
                "a \(kind.rawValue) shows no amount, so value= is refused; use circular or linear for measurable work", code: .refused)
        }
        if o.label != nil && !kind.takesLabel {
            throw ControlError("a \(kind.rawValue) indicator shows no message; drop label=", code: .refused)
        }
        if o.trackHidden && kind != .linear { throw ControlError("track=hidden is for linear bars only", code: .refused) }
        if o.cancellable && !kind.canBeDeterminate {
            throw ControlError("only circular and linear indicators can be cancellable", code: .refused)
        }
        if o.pausable && !kind.canPause {
            throw ControlError("only circular, linear and spinner indicators can be pausable", code: .refused)
        }
        if let e = o.region?.rangeError { throw e }
        if let r = o.region, r.x >= screenWidth || r.y >= screenHeight || r.x + r.width <= 0 || r.y + r.height <= 0 {
            throw ControlError(
                "region \(r.x),\(r.y),\(r.width),\(r.height) lies off the \(screenWidth)×\(screenHeight) screen; give one inside it",
                code: .outOfRange)
        }
    }

    func show(_ id: String, _ kind: IndicatorKind, _ o: ShowOptions, _ now: Instant, owner: Owner) throws(ControlError) -> [ControlWarning]
    {
        try checkShow(id, kind, o)
        if var a = find(id), a.outcome == nil, a.removeAt == nil {
            // Showing a running activity again updates it.
            if case .determinate = a.progress, o.value == nil {
                throw ControlError(
                    "\(id) already reports progress and cannot go back to indeterminate; send progress, or dismiss it and start a new activity",
                    code: .refused)
            }
            // It keeps its place; its region may move (a list row scrolling).
            let region = o.region ?? a.region
            let placement = try Placement.resolve(kind: kind, place: o.place ?? a.placement, region: region)
            if placement != a.placement {
                throw ControlError(
                    "\(id) is shown \(a.placement.map { "with place=\($0.rawValue)" } ?? "in its own place") and keeps it for its whole run; dismiss it and start a new activity to show it elsewhere",
                    code: .refused)
            }
            if let l = o.label { a.label = l.isEmpty ? nil : l }
            if let v = o.showValue { a.showValue = v }
            a.region = region
            a.trackHidden = o.trackHidden
            a.cancellable = o.cancellable
            a.pausable = o.pausable
            if let d = o.detached { a.detached = d }
            if let l = o.lease { a.lease = l }
            if let v = o.value { setValue(&a, v, now) }
            store(a)
            return []
        }
        // A new activity (or a new run of an id whose last run ended).
        let placement = try Placement.resolve(kind: kind, place: o.place, region: o.region)
        let replaced = activities.firstIndex { $0.id == id }
        try checkRoom(for: id, owner: owner, replacing: replaced != nil)
        if let replaced { activities.remove(at: replaced) }
        remember(id, kind)
        let progress: Activity.Progress =
            o.value.map { .determinate(value: $0, from: $0.fractionQ16, changedAt: now) } ?? .indeterminate(since: now)
        var a = Activity(
            id: id, kind: kind, serial: nextSerial, createdAt: now, label: o.label.flatMap { $0.isEmpty ? nil : $0 },
            showValue: o.showValue, region: o.region, placement: placement, layer: placement == .dialog ? 3 : kind.layer,
            trackHidden: o.trackHidden, cancellable: o.cancellable,
            progress: progress, switchFrom: nil, outcome: nil, endedAt: nil, visibleFrom: now + policy.showDelay, removeAt: nil,
            owner: owner)
        a.pausable = o.pausable
        a.motion = policy.motion
        a.detached = o.detached ?? false
        a.lease = o.lease
        nextSerial = LayerKey.serial(after: nextSerial)
        activities.append(a)
        return []
    }

    func setValue(_ a: inout Activity, _ value: ProgressValue, _ now: Instant) {
        switch a.progress {
        case .indeterminate:
            let arc = a.arc(at: now)
            a.switchFrom = (arc.start, arc.start + arc.sweep, now)
            a.progress = .determinate(value: value, from: value.fractionQ16, changedAt: now)
        case .determinate:
            let shown = a.shownFraction(at: now) ?? value.fractionQ16
            a.progress = .determinate(value: value, from: shown, changedAt: now)
        }
    }

    /// An outcome is a message the user must see: it appears at once even inside the show delay.
    func end(_ a: inout Activity, _ outcome: Activity.Outcome, _ now: Instant) {
        a.outcome = outcome
        a.endedAt = now
        if now < a.visibleFrom { a.visibleFrom = now }
    }

    /// Leaves the screen: at once if never shown, else after the minimum visible time.
    func leave(_ a: inout Activity, _ now: Instant) {
        if now < a.visibleFrom {
            a.visibleFrom = now
            a.removeAt = now
        } else {
            a.removeAt = max(now, a.visibleFrom + policy.minimumVisible)
        }
    }

    func active(_ id: String, _ verb: String) throws(ControlError) -> Activity {
        activities[try activeIndex(id, verb)]
    }

    /// Where the activity `id` is in `activities`, if it is still running.
    func activeIndex(_ id: String, _ verb: String) throws(ControlError) -> Int {
        guard let i = activities.firstIndex(where: { $0.id == id }) else { throw unknown(id) }
        if activities[i].outcome != nil || activities[i].removeAt != nil {
            throw ControlError("\(id) has already ended, so \(verb) is refused; show it again to start a new run", code: .ended)
        }
        return i
    }

    func unknown(_ id: String) -> ControlError {
        ControlError("no activity '\(id)'; start one with show \(id) <kind>", code: .unknownID)
    }

    func find(_ id: String) -> Activity? { activities.first { $0.id == id } }

    func store(_ a: Activity) {
        if let i = activities.firstIndex(where: { $0.id == a.id }) { activities[i] = a }
    }

    func remember(_ id: String, _ kind: IndicatorKind) {
        if kinds[id] == nil {
            kindOrder.append(id)
            if kindOrder.count > Engine.rememberedKinds { kinds[kindOrder.removeFirst()] = nil }
        }
        kinds[id] = kind
    }

    func expire(at now: Instant) {
        endLapsedLeases(at: now)
        settleRequests(at: now)
        closeChoiceIfDue(at: now)
        // The centre's places change when activities appear and leave: followed first, in
        // order, while the leaving ones are still here to be seen going.
        if now > centreFollowedUntil {
            var moments: [Instant] = []
            for a in activities {
                if a.visibleFrom > centreFollowedUntil && a.visibleFrom <= now { moments.append(a.visibleFrom) }
                if let r = a.removeAt, r > centreFollowedUntil && r <= now { moments.append(r) }
            }
            if !moments.isEmpty {
                for m in Set(moments).sorted() { followCentre(at: m) }
            }
            centreFollowedUntil = now
        }
        // Checked first: removing in place takes the array's storage for writing every time.
        let due = { (a: Activity) in a.removeAt.map { $0 <= now } ?? false }
        if activities.contains(where: due) {
            for a in activities where due(a) && a.hasOverlay { startOverlayFade(a) }
            activities.removeAll(where: due)
        }
        if !overlayFades.isEmpty { overlayFades.removeAll { $0.opacity(at: now) == nil } }
        toasts.expire(at: now)
    }
}
