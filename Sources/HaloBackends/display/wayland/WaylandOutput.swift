// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CWayland

    /// One of the compositor's outputs, as it describes itself: the name a board may ask for
    /// (`HDMI-A-1`, `HEADLESS-1`; wl_output version 4) and its scale (2 on a HiDPI panel, whose
    /// overlay is then drawn in twice the surface's size, pixel for pixel).
    struct WaylandOutput {
        let proxy: OpaquePointer
        /// The registry's name for it, which the compositor gives when it goes away.
        let global: UInt32
        var name: String?
        var scale: Int32 = 1

        /// Takes in one of its events; the rest (geometry, mode, done) Halo does not need.
        mutating func heard(_ event: UnsafePointer<CChar>, _ arguments: UnsafeMutablePointer<wl_argument>) {
            if waylandName(event, is: "name"), let text = arguments[0].s {
                // A name is a connector's: short. A longer one is cut, not trusted.
                name = String(String(cString: text).prefix(64))
            } else if waylandName(event, is: "scale") {
                // Outputs are at most 8 times denser than a plain panel: more is a lie.
                scale = min(max(arguments[0].i, 1), 8)
            }
        }
    }
#endif
