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
    /// leading one (`Lead`); the others wait for it to leave.
    var edgeSerials = EdgeSerials()
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
        layers.reserveCapacity(engine.activities.count * 6 + 6)
        layers += engine.pictures.layers
        // Most frames show every activity: the engine's own array then serves, uncopied.
        let all = engine.activities
        var visible = all.allSatisfy { $0.isVisible(at: now) } ? all : all.filter { $0.isVisible(at: now) }
        // Sorted only when out of order: sorting the engine's own array would copy it.
        let order = { (a: Activity, b: Activity) in (a.layer, a.serial) < (b.layer, b.serial) }
        if visible.count > 1 && visible.indices.dropFirst().contains(where: { order(visible[$0], visible[$0 - 1]) }) {
            visible.sort(by: order)
        }
        arrange(visible)
        // One modal at a time: the newest, which the sort put last; the others wait under it.
        let last = visible.count - 1
        let modal = last >= 0 && visible[last].layer > 2 ? visible[last].serial : nil
        let gliding = engine.centreGlide.isMoving(at: now)
        // With more than one activity: each picture's layers, to keep them apart (`giveWay`).
        let apart = visible.count > 1
        var movers: [Mover] = []
        swap(&movers, &engine.sceneScratch.movers)
        movers.removeAll(keepingCapacity: true)
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
            let base = LayerKey.activity(a.serial)
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
        if movers.count > 1 { giveWay(&movers) }
        engine.sceneScratch.movers = movers
        addInputOnTop()
        return layers
    }

    /// What input adds over everything: the choice, the focus ring, a prompt.
    mutating func addInputOnTop() {
        if engine.choice != nil { addChoice() }
        if engine.keyFocus.focused != nil { addFocusRing() }
        if engine.prompt != nil { addPrompt() }
    }
}

/// The activities shown at the screen's top and bottom edges, by serial. A struct, not a
/// labelled tuple: Swift 6.0's optimiser fails its own checks on a labelled tuple stored in
/// SceneBuilder (SIL verification, "struct operand type does not match field type").
struct EdgeSerials {
    var top: UInt32?
    var bottom: UInt32?
}
