// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CWayland

    /// The overlay's side of the compositor's seat: its pointer and touch, and their events on
    /// the overlay, which go to `input` (what lands inside the input region only).
    extension WaylandOverlay {
        /// Takes the seat's pointer and touch when it has them, and lets them go when it no
        /// longer does.
        func seatHas(_ has: UInt32) {
            guard let seat = connection.seat else { return }
            if has & UInt32(WL_SEAT_CAPABILITY_POINTER.rawValue) != 0, pointer == nil {
                pointer = wl_seat_get_pointer(seat)
                pointer.map(connection.listen)
            } else if has & UInt32(WL_SEAT_CAPABILITY_POINTER.rawValue) == 0, let p = pointer {
                input?.pointerLeft()
                wl_pointer_release(p)
                pointer = nil
            }
            if has & UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue) != 0, touch == nil {
                touch = wl_seat_get_touch(seat)
                touch.map(connection.listen)
            } else if has & UInt32(WL_SEAT_CAPABILITY_TOUCH.rawValue) == 0, let t = touch {
                input?.touchCancelled()
                wl_touch_release(t)
                touch = nil
            }
        }

        /// The pointer's and touch's events on the overlay, given to `input`.
        func seatEvent(_ event: UnsafePointer<CChar>, from object: OpaquePointer, _ args: UnsafeMutablePointer<wl_argument>) {
            if object == connection.seat {
                if waylandName(event, is: "capabilities") { seatHas(args[0].u) }
            } else if object == pointer {
                if waylandName(event, is: "enter") {
                    input?.pointerEntered(args[2].f, args[3].f)
                } else if waylandName(event, is: "leave") {
                    input?.pointerLeft()
                } else if waylandName(event, is: "motion") {
                    input?.pointerMoved(args[1].f, args[2].f)
                } else if waylandName(event, is: "button") {
                    input?.pointerButton(args[2].u, down: args[3].u == WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
                }
            } else if waylandName(event, is: "down") {
                input?.touchDown(id: args[3].i, args[4].f, args[5].f)
            } else if waylandName(event, is: "up") {
                input?.touchUp(id: args[2].i)
            } else if waylandName(event, is: "motion") {
                input?.touchMoved(id: args[1].i, args[2].f, args[3].f)
            } else if waylandName(event, is: "cancel") {
                input?.touchCancelled()
            }
        }
    }
#endif
