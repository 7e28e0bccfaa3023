// SPDX-License-Identifier: Apache-2.0
import HaloRender

/// A screen, as a backend gives it to the renderer: memory to draw a frame into and a way to
/// show it. The mock display keeps it in memory; the DRM/KMS, fbdev and Wayland backends put
/// it on real screens. Sizes are physical (as scanned out); rotation is applied while drawing.
public protocol Display: AnyObject {
    var width: Int32 { get }
    var height: Int32 { get }
    var format: PixelFormat { get }
    var rotation: Rotation { get }
    /// Gives the buffer to draw the next frame into. A backend with several buffers hands out
    /// the back buffer; its previous contents are that buffer's last frame.
    func drawFrame<R>(_ body: (RenderTarget) -> R) -> R
    /// Shows the frame drawn last, telling the backend which physical rectangles changed.
    func present(damage: [IntRect]) throws(DisplayError)

    /// The display's news (a DRM page flip completed), for the daemon's poll; nil for
    /// displays paced by the clock alone.
    var events: (any EventSource)? { get }
    /// False while a shown frame is still on its way to the screen (a page flip in flight):
    /// the next frame waits for it instead of queueing behind it.
    var readyForFrame: Bool { get }
}

extension Display {
    public var events: (any EventSource)? { nil }
    public var readyForFrame: Bool { true }
}
