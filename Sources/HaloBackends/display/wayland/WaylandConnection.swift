// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CLinux
    import CWayland
    import CWaylandProtocols
    import HaloHAL
    import HaloPOSIX

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// What a connection's objects hear from the compositor: the object, the event's name (a C
    /// string of the protocol's tables) and its arguments.
    protocol WaylandListener: AnyObject {
        func heard(_ event: UnsafePointer<CChar>, from object: OpaquePointer, _ arguments: UnsafeMutablePointer<wl_argument>)
    }

    /// One client connection to a Wayland compositor and the globals the overlay binds: the
    /// compositor, shared memory, wlr-layer-shell. Every object gets its events through one
    /// dispatcher to `listener`, so no listener tables of C function pointers are built. Each
    /// wait on the compositor has a deadline: one that stops answering is an error, not a hang.
    final class WaylandConnection {
        let display: OpaquePointer
        let registry: OpaquePointer
        /// What the connection's compositor calls itself (its process name), for errors.
        let peerName: String
        private(set) var compositor: OpaquePointer?
        private(set) var shm: OpaquePointer?
        private(set) var layerShell: OpaquePointer?
        /// The first seat: where touches and clicks on the overlay come from, and what it has
        /// (pointer, keyboard, touch), kept from its first event, which comes before the
        /// overlay listens.
        private(set) var seat: OpaquePointer?
        var seatCapabilities: UInt32?
        /// The outputs, in the order the compositor announced them (16 at most).
        var outputs: [WaylandOutput] = []
        static let mostOutputs = 16
        weak var listener: WaylandListener?
        /// The longest wait for a compositor's answer.
        let patience: Int64

        /// Connects to `socket` (a name in `$XDG_RUNTIME_DIR` or a path), or to
        /// `$WAYLAND_DISPLAY` when nil, and binds the globals.
        init(socket: String?, patience: Int64) throws(DisplayError) {
            self.patience = patience
            let connected: OpaquePointer? = socket.map { wl_display_connect($0) } ?? wl_display_connect(nil)
            guard let display = connected else { throw Self.unreachable(socket, errno) }
            self.display = display
            peerName = Self.processName(ofPeer: wl_display_get_fd(display))
            guard let registry = wl_display_get_registry(display) else {
                wl_display_disconnect(display)
                throw DisplayError("the Wayland compositor refused its registry: \(SystemError.reason(errno))")
            }
            self.registry = registry
            listen(to: registry)
            // Every stored property is set: a throw from here runs deinit, which disconnects.
            try roundtrip()
        }

        deinit {
            for output in outputs { Self.releaseOutput(output.proxy) }
            if let seat {
                // wl_seat.release came in version 5; an older seat is only forgotten.
                if wl_proxy_get_version(seat) >= 5 { wl_seat_release(seat) } else { wl_seat_destroy(seat) }
            }
            for proxy in [layerShell, shm, compositor].compactMap({ $0 }) { wl_proxy_destroy(proxy) }
            wl_proxy_destroy(registry)
            wl_display_disconnect(display)
        }

        /// Lets go of an output: wl_output.release came in version 3; an older one is only forgotten.
        static func releaseOutput(_ output: OpaquePointer) {
            if wl_proxy_get_version(output) >= 3 { wl_output_release(output) } else { wl_output_destroy(output) }
        }

        /// The socket's descriptor, for the daemon's poll.
        var descriptor: Int32 { wl_display_get_fd(display) }

        /// Gives `object`'s events to this connection's listener.
        func listen(to object: OpaquePointer) {
            wl_proxy_add_dispatcher(object, waylandDispatch, Unmanaged.passUnretained(self).toOpaque(), nil)
        }

        func globalAnnounced(_ arguments: UnsafeMutablePointer<wl_argument>) {
            let name = arguments[0].u, interface = arguments[1].s, version = arguments[2].u
            func bind(_ table: UnsafePointer<wl_interface>, upTo newest: UInt32) -> OpaquePointer? {
                // Never past what this libwayland's own table knows: an older one's wl_output
                // has no `name` event, and a newer compositor's would break the connection.
                let known = UInt32(clamping: table.pointee.version)
                let object = wl_registry_bind(registry, name, table, min(version, newest, known)).map(OpaquePointer.init)
                if let object { listen(to: object) }
                return object
            }
            if waylandName(interface, is: "wl_compositor"), compositor == nil {
                // Version 4 for damage in buffer coordinates.
                if version >= 4 { compositor = bind(halo_wl_compositor_interface(), upTo: 4) }
            } else if waylandName(interface, is: "wl_shm"), shm == nil {
                shm = bind(halo_wl_shm_interface(), upTo: 1)
            } else if waylandName(interface, is: "zwlr_layer_shell_v1"), layerShell == nil {
                layerShell = bind(halo_layer_shell_interface(), upTo: 4)
            } else if waylandName(interface, is: "wl_seat"), seat == nil {
                // Version 3 for releasing a pointer or touch the seat no longer has.
                if version >= 3 { seat = bind(halo_wl_seat_interface(), upTo: 3) }
            } else if waylandName(interface, is: "wl_output"), outputs.count < Self.mostOutputs {
                // Version 2 for its scale, 4 for its name.
                if version >= 2, let output = bind(halo_wl_output_interface(), upTo: 4) {
                    outputs.append(WaylandOutput(proxy: output, global: name))
                }
            }
        }

        /// An output went away: it is forgotten (a surface on it is closed by the compositor).
        func globalRemoved(_ arguments: UnsafeMutablePointer<wl_argument>) {
            guard let i = outputs.firstIndex(where: { $0.global == arguments[0].u }) else { return }
            Self.releaseOutput(outputs[i].proxy)
            outputs.remove(at: i)
        }

        /// The output named `name`, or the first when nil.
        func output(named name: String?) -> WaylandOutput? {
            guard let name else { return outputs.first }
            return outputs.first { $0.name == name }
        }

        /// Waits until the compositor has handled everything sent so far, and its answers have
        /// been dispatched; at most `patience`.
        func roundtrip() throws(DisplayError) {
            guard let callback = wl_display_sync(display) else { throw DisplayError("the Wayland connection is broken") }
            let sync = SyncCallback(callback)
            defer { wl_callback_destroy(callback) }
            wl_proxy_add_dispatcher(callback, waylandDispatch, Unmanaged.passUnretained(sync).toOpaque(), nil)
            let deadline = MonotonicMicroseconds.now() + patience
            while !sync.done {
                let left = deadline - MonotonicMicroseconds.now()
                guard left > 0 else {
                    throw DisplayError("\(peerName) did not answer within \(patience / 1000) ms")
                }
                try read(waitingMicroseconds: left)
            }
        }

        /// Sends what is queued, then reads and dispatches what the compositor sent, waiting
        /// up to `waitingMicroseconds` for something to arrive (0: only what is there).
        func read(waitingMicroseconds: Int64 = 0) throws(DisplayError) {
            // A connection in error refuses to read and dispatches nothing: no endless retry.
            while wl_display_prepare_read(display) != 0 {
                if wl_display_dispatch_pending(display) < 0 { try failed() }
            }
            _ = wl_display_flush(display)
            var p = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: (waitingMicroseconds + 999) / 1000)
            if poll(&p, 1, milliseconds) > 0 {
                if wl_display_read_events(display) != 0 { try failed() }
            } else {
                wl_display_cancel_read(display)
            }
            if wl_display_dispatch_pending(display) < 0 { try failed() }
            _ = wl_display_flush(display)
        }

        /// Sends what is queued without waiting.
        func flush() { _ = wl_display_flush(display) }

        /// The connection's error, as the compositor or the socket gave it.
        func failed() throws(DisplayError) {
            let code = wl_display_get_error(display)
            if code == EPROTO {
                var interface: UnsafePointer<wl_interface>? = nil
                var id: UInt32 = 0
                let error = wl_display_get_protocol_error(display, &interface, &id)
                let object = interface.map { String(cString: $0.pointee.name) } ?? "an object"
                throw DisplayError("\(peerName) ended the connection: protocol error \(error) on \(object) \(id)")
            }
            throw DisplayError("the connection to \(peerName) was lost: \(SystemError.reason(code == 0 ? errno : code))")
        }

        static func unreachable(_ socket: String?, _ code: Int32) -> DisplayError {
            let runtime = getenv("XDG_RUNTIME_DIR").map { String(cString: $0) }
            let name = socket ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            let path = name.hasPrefix("/") ? name : "\(runtime ?? "$XDG_RUNTIME_DIR (unset)")/\(name)"
            return DisplayError(
                "no Wayland compositor answers at \(path) (\(SystemError.reason(code))): start Halo in the compositor's session, "
                    + "with its XDG_RUNTIME_DIR and WAYLAND_DISPLAY, or name its socket with screen.wayland-socket")
        }

        /// The compositor's process name (`sway`, `cage`, `weston`), from its credentials on the
        /// socket; "the compositor" when they cannot be read.
        static func processName(ofPeer fd: Int32) -> String {
            var pid: pid_t = 0, uid: uid_t = 0, gid: gid_t = 0
            guard halo_peer_credentials(fd, &pid, &uid, &gid) == 0, pid > 0 else { return "the compositor" }
            guard let comm = try? WholeFile.read("/proc/\(pid)/comm", limit: 64) else { return "the compositor" }
            let name = String(decoding: comm.prefix { $0 != 10 }, as: UTF8.self)
            return name.isEmpty ? "the compositor" : name
        }
    }

    /// A `wl_display.sync` callback's answer.
    final class SyncCallback {
        let callback: OpaquePointer
        var done = false
        init(_ callback: OpaquePointer) { self.callback = callback }
    }

    /// The one dispatcher of every object: hands the event to whoever `data` names.
    let waylandDispatch: wl_dispatcher_func_t = { data, target, _, message, arguments in
        guard let data, let target, let message, let arguments else { return 0 }
        let receiver = Unmanaged<AnyObject>.fromOpaque(data).takeUnretainedValue()
        if let sync = receiver as? SyncCallback {
            sync.done = true
        } else if let connection = receiver as? WaylandConnection {
            let object = OpaquePointer(target)
            if object == connection.registry {
                if waylandName(message.pointee.name, is: "global") { connection.globalAnnounced(arguments) }
                if waylandName(message.pointee.name, is: "global_remove") { connection.globalRemoved(arguments) }
            } else if object == connection.seat, waylandName(message.pointee.name, is: "capabilities") {
                connection.seatCapabilities = arguments[0].u
                connection.listener?.heard(message.pointee.name, from: object, arguments)
            } else if let i = connection.outputs.firstIndex(where: { $0.proxy == object }) {
                connection.outputs[i].heard(message.pointee.name, arguments)
                connection.listener?.heard(message.pointee.name, from: object, arguments)
            } else {
                connection.listener?.heard(message.pointee.name, from: object, arguments)
            }
        }
        return 0
    }
#endif
