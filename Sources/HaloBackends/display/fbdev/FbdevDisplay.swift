// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A `Display` on an fbdev framebuffer. Frames are drawn into a shadow buffer in RAM, and only
/// the damaged rectangles are copied to the framebuffer, row by row at its own line length.
/// On a device that pans (the board's `screen.pan: yes`) the copy goes to the hidden page,
/// repaired first with what was shown since it was last on screen, and the display pans to it.
public final class FbdevDisplay<Device: FramebufferDevice>: BlankableDisplay {
    public let device: Device
    public let rotation: Rotation
    public var width: Int32 { device.width }
    public var height: Int32 { device.height }
    public var format: PixelFormat { device.format }
    let shadow: ShadowBuffer
    var stale: StaleDamage
    var front = 0
    /// Bytes copied to the framebuffer so far (for `stats`).
    public private(set) var bytesPushed: Int64 = 0

    public init(device: Device, rotation: Rotation = .none) {
        self.device = device
        self.rotation = rotation
        shadow = ShadowBuffer(width: device.width, height: device.height, format: device.format)
        stale = StaleDamage(buffers: device.pageCount)
    }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        body(shadow.target(rotation: rotation))
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        // Nothing changed: the page on screen is already right, so neither copy nor pan.
        guard !damage.isEmpty else { return }
        // Single page: copy during the blank. Two pages: the last pan has taken effect, so
        // the page about to be drawn is no longer scanned out.
        device.waitForVerticalBlank()
        if device.pageCount == 1 {
            let copied = shadow.copy(damage, to: device.memory, pitch: device.lineLength)
            bytesPushed += copied
            if copied > 0 { device.flush() }
            return
        }
        let back = (front + 1) % device.pageCount
        let rects = stale.repair(back, for: damage)
        bytesPushed += shadow.copy(rects, to: device.page(back), pitch: device.lineLength)
        device.flush()
        try device.show(page: back)
        front = back
    }
}

extension FbdevDisplay {
    /// Fills the framebuffer with black (the board's `on-exit: blank`).
    public func blank() {
        for p in 0..<device.pageCount {
            device.page(p).initializeMemory(as: UInt8.self, repeating: 0, count: device.lineLength * Int(height))
        }
        device.flush()
    }
}
