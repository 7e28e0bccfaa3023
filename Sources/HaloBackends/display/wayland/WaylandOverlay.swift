// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CWayland
    import CWaylandProtocols
    import HaloHAL
    import HaloPOSIX
    import HaloRender

    /// A `Display` over the apps of a Wayland compositor: one wlr-layer-shell surface on the
    /// OVERLAY layer (TOP and BOTTOM are hidden under a fullscreen app), anchored to every edge,
    /// reserving no room and taking no keyboard. Its pixels are premultiplied ARGB8888 in
    /// shared memory, clear wherever Halo draws nothing, so the app shows through.
    ///
    /// Frames are paced by the compositor's frame callbacks and drawn only into a buffer the
    /// compositor has released; only the damage is sent (`damage_buffer`). Touches and clicks
    /// reach Halo only inside its input region, which holds its tap targets; everywhere else
    /// they go to the app.
    public final class WaylandOverlay: OverlayDisplay, BlankableDisplay, EventSource, WaylandListener {
        let connection: WaylandConnection
        let surface: OpaquePointer
        let layerSurface: OpaquePointer
        let ackConfigure: WaylandRequest
        let destroyLayerSurface: WaylandRequest
        public private(set) var width: Int32 = 0
        public private(set) var height: Int32 = 0
        public var format: PixelFormat { .premultipliedARGB8888 }
        /// The compositor turns its outputs itself; the overlay is drawn as the output shows.
        public var rotation: Rotation { .none }
        /// At most this many buffers: one on screen, one the compositor may still read, one to draw.
        static let mostBuffers = 3
        var buffers: [ShmBuffer] = []
        var stale = StaleDamage(buffers: WaylandOverlay.mostBuffers)
        /// The buffer holding the last frame sent, and the one the next frame is drawn into.
        var front: Int?
        var drawing: Int?
        var frameCallback: OpaquePointer?
        var frameAskedAt: Int64 = 0
        var inputRegion: [IntRect]?
        /// The output the overlay is on (nil: the compositor's choice, when it has none yet),
        /// its scale, the scale the surface was last told, and the surface's size in the
        /// output's logical units (the buffers are `scale` times larger).
        let outputProxy: OpaquePointer?
        var scale: Int32
        var scaleSent: Int32 = 1
        var logical: (width: Int32, height: Int32) = (0, 0)
        /// Touches and clicks inside the input region, for the input router.
        public private(set) var input: WaylandSeatInput?
        var pointer: OpaquePointer?
        var touch: OpaquePointer?
        /// Why the overlay can draw no more (the compositor closed the surface or went away).
        public private(set) var lost: DisplayError?
        /// What changed under the overlay since it was made, told to `onChange` once the
        /// compositor's events have all been handled (never from inside libwayland's dispatch,
        /// so whoever hears it may let the overlay go).
        public enum Change {
            /// The connection or the surface is gone: this overlay draws no more.
            case lost(DisplayError)
            /// The output's size changed: the overlay has the new one, and nothing on it.
            case resized
        }
        public var onChange: ((Change) -> Void)?
        var changed: Change?

        /// Connects to the compositor at `socket` (`$WAYLAND_DISPLAY` when nil) and maps the
        /// overlay surface, waiting at most `patience` microseconds for each of the
        /// compositor's answers (its globals, then the overlay's size).
        public init(socket: String?, output outputName: String? = nil, patience: Int64 = 5_000_000) throws(DisplayError) {
            connection = try WaylandConnection(socket: socket, patience: patience)
            // The outputs' names and scales come in answer to their binding.
            try connection.roundtrip()
            let output = connection.output(named: outputName)
            if let outputName, output == nil {
                let names = connection.outputs.map { $0.name ?? "(unnamed)" }.joined(separator: ", ")
                throw DisplayError(
                    "\(connection.peerName) has no output named \(outputName) (it has \(names.isEmpty ? "none" : names)); name one of those as screen.wayland-output, or leave it out for the first"
                )
            }
            outputProxy = output?.proxy
            scale = output?.scale ?? 1
            guard let compositor = connection.compositor, connection.shm != nil else {
                throw DisplayError("\(connection.peerName) offers no wl_compositor (version 4) or wl_shm; Halo cannot draw on it")
            }
            guard let layerShell = connection.layerShell else { throw Self.noLayerShell(connection.peerName) }
            guard let surface = wl_compositor_create_surface(compositor) else {
                throw DisplayError("\(connection.peerName) made no surface")
            }
            self.surface = surface
            let layerSurfaceInterface = halo_layer_surface_interface()!
            let getLayerSurface = try WaylandRequest("get_layer_surface", signature: "no?ous", in: halo_layer_shell_interface())
            ackConfigure = try WaylandRequest("ack_configure", signature: "u", in: layerSurfaceInterface)
            destroyLayerSurface = try WaylandRequest("destroy", signature: "", in: layerSurfaceInterface)
            let setAnchor = try WaylandRequest("set_anchor", signature: "u", in: layerSurfaceInterface)
            let setExclusiveZone = try WaylandRequest("set_exclusive_zone", signature: "i", in: layerSurfaceInterface)
            let setKeyboard = try WaylandRequest("set_keyboard_interactivity", signature: "u", in: layerSurfaceInterface)
            let namespace: StaticString = "halo"
            guard
                let made = getLayerSurface.send(
                    layerShell,
                    [
                        wl_argument(n: 0), wl_argument(o: surface), wl_argument(o: outputProxy),
                        wl_argument(u: Self.overlayLayer),
                        wl_argument(s: UnsafeRawPointer(namespace.utf8Start).assumingMemoryBound(to: CChar.self)),
                    ],
                    creates: layerSurfaceInterface)
            else { throw DisplayError("\(connection.peerName) made no layer surface") }
            layerSurface = made
            connection.listener = self
            // The seat said what it has while the globals were bound, before this listened.
            if let has = connection.seatCapabilities { seatHas(has) }
            connection.listen(to: made)
            setAnchor.send(made, [wl_argument(u: Self.allEdges)])
            // -1: laid over everything, moving nothing (0 would still avoid other surfaces' zones).
            setExclusiveZone.send(made, [wl_argument(i: -1)])
            setKeyboard.send(made, [wl_argument(u: 0)])
            setInputRegion([])
            // The first commit has no buffer: it asks the compositor for a size.
            wl_surface_commit(surface)
            try waitForSize()
        }

        deinit {
            if let frameCallback { wl_callback_destroy(frameCallback) }
            if let pointer { wl_pointer_release(pointer) }
            if let touch { wl_touch_release(touch) }
            buffers.removeAll()
            destroyLayerSurface.send(layerSurface)
            wl_proxy_destroy(layerSurface)
            wl_surface_destroy(surface)
        }

        /// zwlr_layer_shell_v1.layer.overlay, and every bit of its anchor (top, bottom, left, right).
        static let overlayLayer: UInt32 = 3
        static let allEdges: UInt32 = 15

        static func noLayerShell(_ compositor: String) -> DisplayError {
            DisplayError(
                "\(compositor) has no wlr-layer-shell, so no program can draw over its apps (cage, Weston and GNOME Kiosk have none): "
                    + "run the app under sway or labwc for display: wayland, or draw Halo's indicators in the app itself with libhalo")
        }

        func waitForSize() throws(DisplayError) {
            let deadline = MonotonicMicroseconds.now() + connection.patience
            while width == 0 {
                if let lost { throw lost }
                let left = deadline - MonotonicMicroseconds.now()
                guard left > 0 else {
                    throw DisplayError("\(connection.peerName) gave the overlay no size within \(connection.patience / 1000) ms")
                }
                try connection.read(waitingMicroseconds: left)
            }
        }

        // MARK: - Events

        func heard(_ event: UnsafePointer<CChar>, from object: OpaquePointer, _ arguments: UnsafeMutablePointer<wl_argument>) {
            if object == layerSurface {
                if waylandName(event, is: "configure") {
                    configure(serial: arguments[0].u, width: arguments[1].u, height: arguments[2].u)
                } else if waylandName(event, is: "closed") {
                    lose(DisplayError("\(connection.peerName) closed the overlay (its output went away)"))
                }
            } else if object == connection.seat || object == pointer || object == touch {
                seatEvent(event, from: object, arguments)
            } else if let frameCallback, object == frameCallback {
                wl_callback_destroy(frameCallback)
                self.frameCallback = nil
            } else if let i = buffers.firstIndex(where: { $0.buffer == object }) {
                buffers[i].busy = false
            } else if object == outputProxy, waylandName(event, is: "scale") {
                scale = connection.outputs.first { $0.proxy == object }?.scale ?? scale
                resize()
            }
        }

        func configure(serial: UInt32, width w: UInt32, height h: UInt32) {
            ackConfigure.send(layerSurface, [wl_argument(u: serial)])
            logical = (Int32(clamping: w), Int32(clamping: h))
            resize()
        }

        /// Takes the size the surface's logical size and the output's scale make: the buffers
        /// are drawn at the output's own pixels, so a HiDPI panel gets sharp indicators.
        func resize() {
            let size = (logical.width.multipliedReportingOverflow(by: scale), logical.height.multipliedReportingOverflow(by: scale))
            let largest = ShmBuffer.largestSide
            guard !size.0.overflow, !size.1.overflow, (1...largest).contains(size.0.partialValue),
                (1...largest).contains(size.1.partialValue)
            else {
                lose(
                    DisplayError(
                        "\(connection.peerName) gave the overlay \(logical.width)x\(logical.height) at scale \(scale); Halo draws from 1x1 to \(largest)x\(largest) pixels"
                    ))
                return
            }
            guard (size.0.partialValue, size.1.partialValue) != (width, height) || input?.scale != scale else { return }
            let first = width == 0
            (width, height) = (size.0.partialValue, size.1.partialValue)
            input = WaylandSeatInput(width: width, height: height, scale: scale)
            // The region is sent in logical units, which a new scale changes.
            inputRegion = nil
            if first { return }
            // A new size: the old buffers and their pictures are of no use any more.
            if let frameCallback { wl_callback_destroy(frameCallback) }
            frameCallback = nil
            buffers.removeAll()
            front = nil
            stale = StaleDamage(buffers: Self.mostBuffers)
            changed = changed ?? .resized
        }

        func lose(_ error: DisplayError) {
            guard lost == nil else { return }
            lost = error
            changed = .lost(error)
        }

        // MARK: - Drawing

        var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

        public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R {
            guard let index = bufferToDraw() else {
                // No memory for even one buffer: the overlay is lost, and this frame goes nowhere.
                drawing = nil
                return withUnsafeTemporaryAllocation(byteCount: 4, alignment: 4) { scratch in
                    body(RenderTarget(memory: scratch.baseAddress!, width: 1, height: 1, stride: 4, format: format))
                }
            }
            drawing = index
            let buffer = buffers[index]
            return body(RenderTarget(memory: buffer.memory, width: width, height: height, stride: buffer.stride, format: format))
        }

        /// The last frame's buffer if the compositor is done with it (only the new damage to
        /// draw), else a free one brought up to date from it, else a new one, else the oldest;
        /// nil when there is none and none can be made.
        func bufferToDraw() -> Int? {
            if let front, !buffers[front].busy {
                _ = stale.take(front)
                return front
            }
            if let free = buffers.indices.first(where: { !buffers[$0].busy }) {
                repair(free)
                return free
            }
            if buffers.count < Self.mostBuffers, let shm = connection.shm {
                let made: ShmBuffer
                do { made = try ShmBuffer(shm: shm, width: width, height: height) } catch {
                    if !buffers.isEmpty { return reuseOldest() }
                    lose(error)
                    return nil
                }
                connection.listen(to: made.buffer)
                buffers.append(made)
                _ = stale.take(buffers.count - 1)
                // A new buffer is clear: the last frame is copied in whole.
                if let front { copy(from: front, to: buffers.count - 1, [bounds]) }
                return buffers.count - 1
            }
            return buffers.isEmpty ? nil : reuseOldest()
        }

        /// Every buffer still held: drawing into one the compositor reads may tear a frame,
        /// which beats showing none. (A compositor keeps at most two.)
        func reuseOldest() -> Int {
            let oldest = front.map { ($0 + 1) % buffers.count } ?? 0
            repair(oldest)
            return oldest
        }

        func repair(_ index: Int) {
            let rects = stale.take(index)
            if let front, front != index { copy(from: front, to: index, rects) }
        }

        func copy(from source: Int, to destination: Int, _ rects: [IntRect]) {
            let from = buffers[source], to = buffers[destination]
            _ = RectCopy.copy(
                rects, clippedTo: bounds, bytesPerPixel: 4, from: from.memory, pitch: from.stride, to: to.memory, pitch: to.stride)
        }

        public func present(damage: [IntRect]) throws(DisplayError) {
            if let lost { throw lost }
            guard let index = drawing else { return }
            drawing = nil
            stale.shown(front == nil ? [bounds] : damage, except: index)
            front = index
            buffers[index].busy = true
            if scaleSent != scale {
                wl_surface_set_buffer_scale(surface, scale)
                scaleSent = scale
            }
            wl_surface_attach(surface, buffers[index].buffer, 0, 0)
            for r in damage {
                let area = r.intersection(bounds)
                if !area.isEmpty { wl_surface_damage_buffer(surface, area.x, area.y, area.width, area.height) }
            }
            if frameCallback == nil, let callback = wl_surface_frame(surface) {
                frameCallback = callback
                connection.listen(to: callback)
            }
            frameAskedAt = MonotonicMicroseconds.now()
            wl_surface_commit(surface)
            connection.flush()
        }

        /// Only Halo's targets take touches and clicks; the rest pass to the app below. Sent
        /// with the next commit, and only when it changed.
        public func setInputRegion(_ rects: [IntRect]) {
            if rects == inputRegion { return }
            inputRegion = rects
            guard let compositor = connection.compositor, let region = wl_compositor_create_region(compositor) else { return }
            let s = max(scale, 1)
            for r in rects {
                // In the surface's logical units: every pixel of a target stays inside.
                let area = r.intersection(IntRect(x: 0, y: 0, width: max(width, 1), height: max(height, 1)))
                if area.isEmpty { continue }
                let x = area.x / s, y = area.y / s
                wl_region_add(region, x, y, (area.maxX + s - 1) / s - x, (area.maxY + s - 1) / s - y)
            }
            wl_surface_set_input_region(surface, region)
            wl_region_destroy(region)
        }

        /// The compositor and the overlay's size, for the daemon's log.
        public var described: String { "\(connection.peerName) \(width)x\(height)" }

        /// Takes the overlay off the screen (`screen.on-exit: blank`): the app shows alone.
        public func blank() {
            wl_surface_attach(surface, nil, 0, 0)
            wl_surface_commit(surface)
            connection.flush()
        }

        // MARK: - The daemon's poll

        public var events: (any EventSource)? { self }
        /// None once lost: a closed connection is always readable, and polling it would spin.
        public var descriptor: Int32 { lost == nil ? connection.descriptor : -1 }

        /// The next frame waits for the compositor's frame callback: it is drawn when the
        /// compositor will show it. One that has not come for a second (an output switched off
        /// sends none) no longer holds frames back, so the overlay is current when it wakes.
        public var readyForFrame: Bool {
            // A change not yet told (a new size) waits for the daemon to lay the screen out again.
            lost == nil && changed == nil && (frameCallback == nil || MonotonicMicroseconds.now() - frameAskedAt > 1_000_000)
        }

        public func handle() {
            if lost == nil {
                do { try connection.read() } catch { lose(error) }
            }
            if let change = changed {
                changed = nil
                onChange?(change)
            }
        }
    }
#endif
