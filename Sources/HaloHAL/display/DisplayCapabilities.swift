// SPDX-License-Identifier: Apache-2.0
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
