// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// The dimming behind a checkout, a progress dialog or over a partial region fades in when it
/// appears and out when it leaves, as modal scrims do, so the screen never darkens or brightens
/// in one frame. A fade-out outlives its activity: the engine keeps it until it ends.
struct OverlayFade {
    /// The overlay layer's key, as its activity drew it, so each fade frame is a change of the
    /// same layer.
    var key: UInt32
    var rect: IntRect
    /// A checkout's or dialog's dimming draws above every other layer; a partial overlay's
    /// below the indicators.
    var onTop: Bool
    /// The overlay's opacity (0...255) when its activity left, and when that was.
    var from: UInt8
    var start: Instant

    static let duration: Int64 = 200_000
    /// Fades at once, each at most `duration` long: more could only come from a client showing
    /// and dismissing modals faster than they can be seen.
    static let capacity = 16

    /// The overlay's opacity at `now` (nil once it has faded out).
    func opacity(at now: Instant) -> UInt8? {
        let t = now - start
        if t >= OverlayFade.duration { return nil }
        if t <= 0 { return from }
        let e = Int64(Easing.easeInOut(Int32(t * 65536 / OverlayFade.duration)))
        return UInt8((Int64(from) * (65536 - e) + 32768) >> 16)
    }

    /// The opacity of an overlay whose full opacity is `full`, `since` it appeared, at `now`.
    static func fadingIn(_ full: UInt8, since: Instant, at now: Instant) -> UInt8 {
        let t = now - since
        if t >= duration { return full }
        if t <= 0 { return 0 }
        let e = Int64(Easing.easeInOut(Int32(t * 65536 / duration)))
        return UInt8((Int64(full) * e + 32768) >> 16)
    }
}

extension Activity {
    /// Whether the activity's picture dims the screen or a region behind it.
    var hasOverlay: Bool { kind == .checkout || kind == .partial || placement == .dialog }
    /// Whether its dimming covers the whole screen as a modal's does (a checkout, a dialog).
    var dimsAsModal: Bool { kind == .checkout || placement == .dialog }

    /// What its dimming covers on a `width`×`height` screen: a partial overlay's region (the
    /// whole screen when it has none), the whole screen for a modal.
    func overlayRect(width: Int32, height: Int32) -> IntRect {
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        return kind == .partial ? regionRect ?? screen : screen
    }
}
