// SPDX-License-Identifier: Apache-2.0
import CDRM
import CLinux
import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A `Display` on DRM/KMS: the plain kmscube flow. Frames are drawn straight into the back
/// dumb buffer, which is first brought up to date by copying in what the front one shows and it
/// lacks (LVGL's direct mode does the same); it is marked dirty for manual-update panels and
/// page-flipped to with an event.
///
/// There is no frame in RAM besides: at 800x480 that was 1.5 MB of the daemon's memory, at
/// 1080p 8 MB. The price is reading scan-out memory, which many ARM boards map uncached: the
/// copy from the front buffer, and blends over pixels already drawn (in 16- and 24-bit formats
/// the compositor blends most edges over a colour it remembers instead; in 32-bit ones it
/// reads them back).
///
/// Two scan-out buffers are enough: the back one is never in flight, because drawing waits
/// for the flip event of the frame before.
public final class DrmDisplay: ScreenHandoff, BlankableDisplay, EventSource {
    public let card: DrmCard
    public let output: DrmOutput
    public let rotation: Rotation
    public let format: PixelFormat
    public var width: Int32 { output.width }
    public var height: Int32 { output.height }
    let buffers: [DumbBuffer]
    var stale: StaleDamage
    /// The buffer on screen, and the one a queued flip will put there.
    var front: Int?
    var flipping: Int?
    /// Set until the CRTC has been programmed with our buffer (first frame, after adopt).
    var needsModeSet = true
    var dirtyCallsWork = true
    /// Set once a frame has been drawn and presented (shown, or kept while released).
    var framePresented = false
    /// True between `release` and `adopt`: another program may own the screen.
    public private(set) var released = false

    public init(card: DrmCard, output: DrmOutput, format: PixelFormat, rotation: Rotation) throws(DisplayError) {
        self.card = card
        self.output = output
        self.rotation = rotation
        self.format = format
        buffers = [
            try DumbBuffer(fd: card.fd, width: output.width, height: output.height, format: format),
            try DumbBuffer(fd: card.fd, width: output.width, height: output.height, format: format),
        ]
        // A new buffer holds whatever video memory held, and is not cleared (3 MB of writes at
        // 800x480 before the first frame): the first frame is drawn whole, as a new
        // compositor draws it, and the other buffer is marked wholly out of date then.
        stale = StaleDamage(buffers: buffers.count)
    }

    var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The buffer the next frame goes into: not the one on screen, and never one in flight.
    var back: Int { front == 0 ? 1 : 0 }

    public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
        bringBackUpToDate()
        let buffer = buffers[back]
        return body(
            RenderTarget(memory: buffer.memory, width: width, height: height, stride: buffer.pitch, format: format, rotation: rotation))
    }

    /// Lets the flip in flight land, then copies into the back buffer what was shown since it
    /// was last on screen, from the front buffer, which shows it.
    func bringBackUpToDate() {
        if flipping != nil { waitForFlip() }
        let rects = stale.take(back)
        guard let front else { return }
        buffers[back].copy(rects, from: buffers[front], bounds: bounds, bytesPerPixel: Int(format.bytesPerPixel))
    }

    public func present(damage: [IntRect]) throws(DisplayError) {
        let shown = back
        // The first frame is all the other buffer lacks; after it, each frame's damage.
        stale.shown(front == nil ? [bounds] : damage, except: shown)
        framePresented = true
        // Someone else owns the screen: the frame waits in the back buffer for adopt.
        if released { return }
        markDirty(buffers[shown], damage)
        if needsModeSet {
            try setMode(shown)
        } else {
            try flip(to: shown)
        }
    }

    // MARK: - Steps

    /// Programs the CRTC with the buffer, the connector and the mode (first frame, after adopt).
    func setMode(_ index: Int) throws(DisplayError) {
        var connector = output.connectorID
        var mode = output.mode
        if drmModeSetCrtc(card.fd, output.crtcID, buffers[index].framebufferID, 0, 0, &connector, 1, &mode) != 0 {
            throw DisplayError("cannot set \(output.modeName) on \(output.connectorName): \(SystemError.reason(errno))")
        }
        needsModeSet = false
        front = index
    }

    func flip(to index: Int) throws(DisplayError) {
        let r = drmModePageFlip(card.fd, output.crtcID, buffers[index].framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), nil)
        if r != 0 {
            // The failed ioctl leaves errno set whether libdrm hands back -errno or -1, so
            // errno is read rather than the return value.
            let e = errno
            // A driver without flips still shows the buffer once the CRTC is set to it.
            if e == EINVAL || e == ENOSYS {
                try setMode(index)
                return
            }
            throw DisplayError("page flip on \(output.connectorName) failed: \(SystemError.reason(e))")
        }
        flipping = index
    }

    /// Manual-update panels (SPI displays, virtio-gpu) show nothing until told which pixels changed.
    func markDirty(_ buffer: DumbBuffer, _ rects: [IntRect]) {
        guard dirtyCallsWork else { return }
        var clips = rects.compactMap { r -> drmModeClip? in
            let a = r.intersection(bounds)
            if a.isEmpty { return nil }
            return drmModeClip(x1: UInt16(a.x), y1: UInt16(a.y), x2: UInt16(a.maxX), y2: UInt16(a.maxY))
        }
        if clips.isEmpty { return }
        let r = drmModeDirtyFB(card.fd, buffer.framebufferID, &clips, UInt32(clips.count))
        // ENOSYS: the driver scans out continuously and needs no hint.
        if r == -ENOSYS || r == -EOPNOTSUPP { dirtyCallsWork = false }
    }

    // MARK: - Flip events

    /// Page flips complete on the card's descriptor.
    public var events: (any EventSource)? { self }
    public var descriptor: Int32 { card.fd }
    public var readyForFrame: Bool { flipping == nil }

    /// Reads DRM events; a flip-complete event makes the flipped buffer the front one. They
    /// are read into the stack: this runs every frame, and allocates nothing.
    public func handle() {
        withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 8) { (bytes: UnsafeMutableRawBufferPointer) -> Void in
            readEvents(into: bytes)
        }
    }

    func readEvents(into bytes: UnsafeMutableRawBufferPointer) {
        while true {
            let n: Int = read(card.fd, bytes.baseAddress, bytes.count)
            if n <= 0 { return }
            var at = 0
            while at + 8 <= n {
                let type = bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)
                let length = Int(bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self))
                if type == UInt32(DRM_EVENT_FLIP_COMPLETE), let f = flipping {
                    front = f
                    flipping = nil
                }
                if length < 8 { return }
                at += length
            }
        }
    }

    /// Waits for the flip in flight, at most one second: a stuck driver must not stop the daemon.
    func waitForFlip() {
        var waited = 0
        while flipping != nil && waited < 1000 {
            var p = pollfd(fd: card.fd, events: Int16(POLLIN), revents: 0)
            if poll(&p, 1, 50) > 0 { handle() }
            waited += 50
        }
        if let f = flipping {
            front = f
            flipping = nil
        }
    }

    // MARK: - Handoff

    /// Drops DRM master and leaves the last frame on screen for the next program.
    public func release() throws(DisplayError) {
        if released { return }
        waitForFlip()
        try card.dropMaster()
        released = true
    }

    /// Takes DRM master back and shows the whole current frame again.
    public func adopt() throws(DisplayError) { try adopt(waitSeconds: 0) }

    public func adopt(waitSeconds: Int) throws(DisplayError) {
        guard released else { return }
        try card.becomeMaster(waitSeconds: waitSeconds)
        released = false
        needsModeSet = true
        // Nothing of ours drawn yet: the first frame sets the mode.
        guard framePresented else { return }
        // Our buffers kept their pixels while another program drew in its own; a panel that
        // needs telling is told the whole screen changed.
        bringBackUpToDate()
        markDirty(buffers[back], [bounds])
        try present(damage: [])
    }

    /// Fills the screen with black (the board's `on-exit: blank`).
    public func blank() {
        guard !released else { return }
        drawFrame { target in _ = target.memory.initializeMemory(as: UInt8.self, repeating: 0, count: target.stride * Int(height)) }
        try? present(damage: [bounds])
        waitForFlip()
    }
}

extension DrmDisplay {
    /// The card and output `request` asks for: its device, or the first card with a connected
    /// connector that matches its connector and mode.
    public static func findOutput(_ settings: DrmRequest) throws(DisplayError) -> (DrmCard, DrmOutput) {
        let paths = settings.device.map { [$0] } ?? DrmCard.nodes()
        if paths.isEmpty {
            throw DisplayError(
                "no DRM card in /dev/dri (is the GPU's kernel module loaded?); use display: fbdev for a framebuffer-only board")
        }
        var reasons: [String] = []
        for path in paths {
            do {
                let card = try DrmCard(path: path)
                return (card, try DrmOutput.choose(on: card, connector: settings.connector, mode: settings.mode))
            } catch {
                reasons.append(error.description)
            }
        }
        throw DisplayError(reasons.joined(separator: "; "))
    }

    /// Opens the requested DRM screen and takes DRM master (waiting up to `waitMasterSeconds`).
    public static func open(_ settings: DrmRequest, format: PixelFormat, rotation: Rotation, waitMasterSeconds: Int = 0)
        throws(DisplayError) -> DrmDisplay
    {
        let (card, output) = try findOutput(settings)
        try card.becomeMaster(waitSeconds: waitMasterSeconds)
        return try DrmDisplay(card: card, output: output, settings: settings, format: format, rotation: rotation)
    }

    /// A display on a found output, turned by `rotation`, or as the connector's panel
    /// orientation says when the request asks for that.
    public convenience init(card: DrmCard, output: DrmOutput, settings: DrmRequest, format: PixelFormat, rotation: Rotation)
        throws(DisplayError)
    {
        let turn = settings.rotationFromPanel ? (output.panelRotation ?? .none) : rotation
        try self.init(card: card, output: output, format: format, rotation: turn)
    }
}
