// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloRender

/// A screen the daemon keeps up to date with the engine: `Screen` on any display, seen without
/// its display's type.
public protocol ScreenUpdating: AnyObject {
    /// The display it draws on, for what some displays can do besides (hand over DRM master,
    /// save a snapshot, blank).
    var shownOn: any Display { get }
    /// Brings the display up to date at `now`; the logical damage drawn.
    @discardableResult
    func update(at now: Instant) throws(DisplayError) -> DamageList
    /// Redraws everything on the next update.
    func invalidate()
}

extension Screen: ScreenUpdating {
    public var shownOn: any Display { display }
}
