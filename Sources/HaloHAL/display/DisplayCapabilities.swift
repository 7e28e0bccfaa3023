// SPDX-License-Identifier: Apache-2.0
import HaloRender

// What some displays can do beyond drawing. The daemon asks its display for these by
// protocol, so a command it cannot carry out on this screen gets a reply that says so.

/// A screen that can be handed to another program and taken back: DRM master, given up with
/// `release` and taken again with `adopt`.
public protocol ScreenHandoff: Display {
    func release() throws(DisplayError)
    func adopt() throws(DisplayError)
}

/// A screen that can be cleared to black, as `screen.on-exit: blank` asks when the daemon stops.
public protocol BlankableDisplay: Display {
    func blank()
}

/// A display whose picture halo can read back and save: the mock display, whose pixels are in
/// memory. Real screens scan out of device memory, which a camera or the VM reads better.
public protocol SnapshotSource: Display {
    /// The picture as a PNG file, handed to `sink` in pieces; `sink` returns false to stop.
    func writeSnapshot(_ sink: (ArraySlice<UInt8>) -> Bool) throws(DisplayError)
}

/// A display laid over another program's picture (a Wayland overlay): Halo's background is
/// clear on it, so the program shows through, and touches and clicks reach Halo only inside
/// the rectangles it names, going to the program below everywhere else.
public protocol OverlayDisplay: Display {
    /// Whether it is laid over an app now: a mock display is only when its format is
    /// premultiplied.
    var laidOverAnApp: Bool { get }
    /// The rectangles, in the display's coordinates, that take input from the next frame on.
    func setInputRegion(_ rects: [IntRect])
}

extension OverlayDisplay {
    public var laidOverAnApp: Bool { true }
}
