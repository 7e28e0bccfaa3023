// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloOutputs

/// The screen changing under a running daemon: at boot, the firmware's framebuffer is replaced
/// by the native DRM driver's card. The engine, its activities and their animations, the
/// clients and the LED rings carry on untouched; only the pixels go somewhere else.
extension ControlServer {
    /// Draws on `new` from the next frame on, named `named` in replies and the log; nil draws
    /// nowhere for now (the old screen went away before the new one is ready), `named` then
    /// saying what is awaited. The new screen must be joined to this daemon's engine, laid out
    /// for its size (`Engine.resize`).
    public func moveScreen(to new: (any ScreenUpdating)?, named: String) {
        let from = screen == nil ? nil : screenName
        if let old = screen?.shownOn.events { sources.removeAll { $0 === old } }
        screen = new
        if let new {
            screenMoves += 1
            screenName = named
            if let events = new.shownOn.events { sources.append(events) }
            // The new screen shows nothing of ours yet: all of it is drawn in the next frame.
            new.invalidate()
        }
        needsFrame = true
        switch (from, new) {
        case (let from?, nil): report("screen", "\(from) went away; drawing nowhere until \(named)")
        case (let from?, _?): report("screen", "moved from \(from) to \(named)")
        case (nil, _?): report("screen", "drawing on \(named) now")
        case (nil, nil): break
        }
    }
}
