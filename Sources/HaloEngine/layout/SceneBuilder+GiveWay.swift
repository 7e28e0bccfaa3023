// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// Keeping pictures apart while the centre glides: a picture that would cross another gives
/// way to the ones that move least, and comes back when its path is clear.
extension SceneBuilder {
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
    mutating func giveWay(_ movers: inout [Mover]) {
        var kept: [IntRect] = []
        swap(&kept, &engine.sceneScratch.boxes)
        kept.removeAll(keepingCapacity: true)
        defer { engine.sceneScratch.boxes = kept }
        var dropped: [Range<Int>] = []
        movers.sort { ($0.rank, $0.serial) < ($1.rank, $1.serial) }
        for m in movers {
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
}
