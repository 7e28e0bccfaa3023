// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloEngine
import HaloRender

/// A person's touches and keys, which the app owns and passes on: taps on Halo's targets and
/// keys by their role do what they do on a screen Halo owns, and the request they make is
/// handed back for the app to answer.
extension LibraryEngine {
    /// Where input belongs to Halo in the prepared picture.
    func inputRegion() -> [IntRect] {
        guard let layers = prepared else { return [] }
        return engine.inputRegion(of: layers, at: preparedAt)
    }

    /// A finger's `phase` at (`x`, `y`); the request its tap made, if any.
    func touch(_ finger: Int32, x: Int32, y: Int32, phase: UInt32, at now: Instant) throws(LibraryError) -> InputRequest? {
        switch phase {
        case UInt32(HALO_TOUCH_DOWN.rawValue): taps.down(finger, x: x, y: y, at: now, targets: engine.tapTargets(at: now))
        case UInt32(HALO_TOUCH_MOVE.rawValue): taps.move(finger, x: x, y: y)
        case UInt32(HALO_TOUCH_UP.rawValue):
            guard let key = taps.up(finger, x: x, y: y, at: now) else { return nil }
            return engine.perform(.tap(key), at: now, watched: { _ in false })
        case UInt32(HALO_TOUCH_LOST.rawValue): taps.lost()
        default: throw .argument("the touch's phase \(phase) is not a halo_touch_phase: use HALO_TOUCH_DOWN, _MOVE, _UP or _LOST")
        }
        return nil
    }

    /// A key by its `role`; the request it made, if any.
    func key(_ role: UInt32, at now: Instant) throws(LibraryError) -> InputRequest? {
        let key: KeyFocus.Key
        switch role {
        case UInt32(HALO_KEY_NEXT.rawValue): key = .next
        case UInt32(HALO_KEY_PREVIOUS.rawValue): key = .previous
        case UInt32(HALO_KEY_ACTIVATE.rawValue): key = .activate
        case UInt32(HALO_KEY_CANCEL.rawValue): key = .cancel
        default: throw .argument("the key's role \(role) is not a halo_key_role: use HALO_KEY_NEXT, _PREVIOUS, _ACTIVATE or _CANCEL")
        }
        return engine.perform(.key(key), at: now, watched: { _ in false })
    }
}
