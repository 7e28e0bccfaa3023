// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The few calls of sd-bus (libsystemd's D-Bus client) that read systemd's boot progress,
/// looked up at run time. sd-bus is the distribution's own client of systemd's bus, written
/// and kept by systemd's authors, on every system that has systemd to ask; looked up with
/// dlopen, Halo needs neither libsystemd's headers to build nor libsystemd to run, and a board
/// without systemd (busybox init, OpenRC) runs the same binary. Every call used here takes a
/// fixed list of arguments: Swift cannot call C's variadic ones through a pointer.
final class SdBusLibrary {
    typealias Text = UnsafePointer<CChar>
    /// `sd_bus_message_handler_t`: the reply, the caller's pointer, an error to fill.
    typealias Handler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
    typealias New = @convention(c) (UnsafeMutablePointer<OpaquePointer?>) -> Int32
    typealias SetAddress = @convention(c) (OpaquePointer, Text) -> Int32
    typealias BusCall = @convention(c) (OpaquePointer) -> Int32
    typealias Process = @convention(c) (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias NewMethodCall = @convention(c) (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>, Text?, Text, Text, Text) -> Int32
    typealias AppendBasic = @convention(c) (OpaquePointer, CChar, UnsafeRawPointer) -> Int32
    typealias CallAsync =
        @convention(c) (OpaquePointer, UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer, Handler, UnsafeMutableRawPointer?, UInt64) ->
        Int32
    typealias IsMethodError = @convention(c) (OpaquePointer, Text?) -> Int32
    typealias EnterContainer = @convention(c) (OpaquePointer, CChar, Text) -> Int32
    typealias ReadBasic = @convention(c) (OpaquePointer, CChar, UnsafeMutableRawPointer) -> Int32
    typealias Unref = @convention(c) (OpaquePointer) -> OpaquePointer?

    let new: New
    let setAddress: SetAddress
    let start: BusCall
    let getFd: BusCall
    let process: Process
    let newMethodCall: NewMethodCall
    let appendBasic: AppendBasic
    let callAsync: CallAsync
    let isMethodError: IsMethodError
    let enterContainer: EnterContainer
    let readBasic: ReadBasic
    let messageUnref: Unref
    let busClose: Unref

    struct LoadFailure: Error {
        var reason: String
    }

    /// libsystemd's sd-bus, or why not (for the log).
    static func load() -> Result<SdBusLibrary, LoadFailure> {
        guard let handle = dlopen("libsystemd.so.0", RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadFailure(reason: "libsystemd.so.0 is not on this system"))
        }
        do { return .success(try SdBusLibrary(handle)) } catch {
            dlclose(handle)
            return .failure(error)
        }
    }

    private init(_ handle: UnsafeMutableRawPointer) throws(LoadFailure) {
        func symbol<T>(_ name: String, _ type: T.Type) throws(LoadFailure) -> T {
            guard let p = dlsym(handle, name) else { throw LoadFailure(reason: "libsystemd.so.0 has no \(name)") }
            return unsafeBitCast(p, to: type)
        }
        new = try symbol("sd_bus_new", New.self)
        setAddress = try symbol("sd_bus_set_address", SetAddress.self)
        start = try symbol("sd_bus_start", BusCall.self)
        getFd = try symbol("sd_bus_get_fd", BusCall.self)
        process = try symbol("sd_bus_process", Process.self)
        newMethodCall = try symbol("sd_bus_message_new_method_call", NewMethodCall.self)
        appendBasic = try symbol("sd_bus_message_append_basic", AppendBasic.self)
        callAsync = try symbol("sd_bus_call_async", CallAsync.self)
        isMethodError = try symbol("sd_bus_message_is_method_error", IsMethodError.self)
        enterContainer = try symbol("sd_bus_message_enter_container", EnterContainer.self)
        readBasic = try symbol("sd_bus_message_read_basic", ReadBasic.self)
        messageUnref = try symbol("sd_bus_message_unref", Unref.self)
        busClose = try symbol("sd_bus_flush_close_unref", Unref.self)
    }
}
