// SPDX-License-Identifier: Apache-2.0
#if canImport(CWaylandProtocols)
    import CWayland
    import HaloHAL

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #endif

    /// A request of a protocol whose tables wayland-scanner generated from its XML at build
    /// time, found there by name: its opcode is the XML's, not one written down here, and its
    /// argument types are checked against what Halo sends, so a changed protocol file is an
    /// error at start, not a protocol error from the compositor mid-frame.
    struct WaylandRequest {
        let opcode: UInt32

        /// `signature` in wayland-scanner's letters, without the since-version prefix
        /// (`n` new object, `o` object, `?o` optional object, `u`, `i`, `s`).
        init(_ name: String, signature: String, in interface: UnsafePointer<wl_interface>) throws(DisplayError) {
            let table = interface.pointee
            let protocolName = String(cString: table.name)
            for i in 0..<Int(max(0, table.method_count)) {
                let message = table.methods[i]
                guard String(cString: message.name) == name else { continue }
                let found = String(String(cString: message.signature).drop { $0 >= "0" && $0 <= "9" })
                guard found == signature else {
                    throw DisplayError(
                        "\(protocolName).\(name) takes (\(found)) in the protocol file Halo was built with, not (\(signature)): "
                            + "rebuild Halo against version \(table.version) of that protocol's XML")
                }
                opcode = UInt32(i)
                return
            }
            throw DisplayError(
                "\(protocolName) has no request \(name) in the protocol file Halo was built with; rebuild against a newer one")
        }

        /// Sends the request on `proxy` with `arguments`; a request that makes an object gives
        /// it back, of `creates`' interface, at the proxy's version.
        @discardableResult
        func send(_ proxy: OpaquePointer, _ arguments: [wl_argument] = [], creates: UnsafePointer<wl_interface>? = nil) -> OpaquePointer? {
            var arguments = arguments
            let version = creates == nil ? 0 : wl_proxy_get_version(proxy)
            return arguments.withUnsafeMutableBufferPointer { args in
                wl_proxy_marshal_array_flags(proxy, opcode, creates, version, 0, args.baseAddress)
            }
        }
    }

    /// Whether a protocol message's name (a C string from the generated tables) is `name`.
    func waylandName(_ message: UnsafePointer<CChar>?, is name: StaticString) -> Bool {
        guard let message else { return false }
        return strcmp(message, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }
#endif
