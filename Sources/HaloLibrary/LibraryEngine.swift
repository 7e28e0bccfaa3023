// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloBoards
import HaloEngine
import HaloFreeType
import HaloRender

/// What a `halo_engine *` points at: one engine and the two ways of drawing it, over the app's
/// frame and into a layer of its own. Every frame's storage is kept from the last one (the
/// lists of layers and rectangles), so drawing allocates nothing once the picture was seen.
final class LibraryEngine {
    let engine: Engine
    var overFrame = AppFrameCompositor()
    var layer = Compositor(background: .clear)
    /// The picture the next draw shows, laid out by `prepare`, and its time; nil before the first.
    var prepared: [Layer]? = nil
    var preparedAt = Instant.zero
    /// The app's touches, as taps on Halo's targets.
    var taps = TapRecognizer()
    /// Where the prepared picture differs from the one over the frame: the app repaints it.
    var repaint = DamageList()
    /// The damage of one draw over the frame, kept for its room.
    var drawn = DamageList()
    /// A list of layers no one else holds, whose room the next `prepare` fills.
    var spare: [Layer] = []
    /// The last error's sentence, zero-terminated, empty after a success: memory of its own,
    /// so that the pointer `halo_last_error` hands out stays put.
    let lastError = UnsafeMutablePointer<CChar>.allocate(capacity: LibraryEngine.errorBytes)
    static let errorBytes = 1024

    init(width: Int32, height: Int32, board: Board, text: FreeTypeText) {
        engine = Engine(screenWidth: width, screenHeight: height, theme: board.theme, policy: board.policy, text: text)
        // The app's picture is the background: a board's logo or picture would hide it.
        engine.drawsPictures = false
        lastError[0] = 0
    }

    deinit { lastError.deallocate() }

    /// Keeps `message` as the last error.
    func fail(_ message: String) { CString.write(message, to: lastError, size: LibraryEngine.errorBytes) }

    func succeed() { lastError[0] = 0 }

    /// The latest time the app gave, in milliseconds.
    var latest: UInt64 = 0
    /// The app's clock is held below 2^40 ms (35 years): every sum the engine makes on its
    /// instants (a delay, a lease of a day) then stays far from the end of its range.
    static let latestTime: UInt64 = 1 << 40

    /// The app's `ms` as the engine's instant. A time before the latest counts as the latest:
    /// the engine's animations and delays only go forward.
    func clock(_ ms: UInt64) -> Instant {
        latest = max(latest, min(ms, LibraryEngine.latestTime))
        return Instant.milliseconds(Int64(latest))
    }

    var screen: IntRect { IntRect(x: 0, y: 0, width: engine.screenWidth, height: engine.screenHeight) }

    /// Lays the picture out at `now` and works out what the app must repaint for it.
    func prepare(at now: Instant) {
        var layers: [Layer] = []
        swap(&layers, &spare)
        engine.layers(at: now, into: &layers)
        repaint.removeAll()
        overFrame.changes(to: layers, within: screen, into: &repaint)
        if let old = prepared, !isShown(old) { spare = old }
        prepared = layers
        preparedAt = now
    }

    /// Draws the prepared picture over the app's frame inside `damage` and the repaints;
    /// `drawn` then holds every rectangle that changed.
    func drawOver(_ target: RenderTarget, damage: UnsafeBufferPointer<halo_rect>) throws(LibraryError) {
        guard let layers = prepared else { throw LibraryError.unprepared }
        drawn.removeAll()
        drawn.add(repaint)
        for r in damage { drawn.add(RectList.clipped(r, to: screen)) }
        if let before = overFrame.draw(layers, over: target, in: drawn) { keepSpare(before) }
        repaint.removeAll()
    }

    /// Draws the prepared picture into the app's premultiplied layer; returns what changed.
    func drawLayer(_ target: RenderTarget) throws(LibraryError) -> DamageList {
        guard let layers = prepared else { throw LibraryError.unprepared }
        let before = layer.shown
        let damage = layer.render(layers, into: target)
        if let before { keepSpare(before) }
        return damage
    }

    func forget() {
        overFrame.forget()
        layer.invalidate()
        repaint.removeAll()
    }

    /// Keeps a list whose picture is gone as the next one's room, unless a drawing still holds it.
    func keepSpare(_ old: [Layer]) {
        if !isShown(old) && !isPrepared(old) { spare = old }
    }

    func isShown(_ list: [Layer]) -> Bool { sameStorage(list, overFrame.shown) || sameStorage(list, layer.shown) }
    func isPrepared(_ list: [Layer]) -> Bool { sameStorage(list, prepared) }

    func sameStorage(_ a: [Layer], _ b: [Layer]?) -> Bool {
        guard let b else { return false }
        return a.withUnsafeBufferPointer { x in b.withUnsafeBufferPointer { y in x.baseAddress == y.baseAddress } }
    }
}
