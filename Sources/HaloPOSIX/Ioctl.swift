// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

extension Descriptor {
    /// ioctl(2) with a pointer to `argument`, retried while a signal interrupts it. `name` is
    /// the request's name (`FBIOGET_VSCREENINFO`), for the error, which keeps the errno.
    public func ioctl<T>(_ request: UInt, _ argument: inout T, _ name: String) throws(SystemError) {
        while true {
            let r = withUnsafeMutablePointer(to: &argument) { systemIoctl(raw, request, $0) }
            if r >= 0 { return }
            let e = errno
            if e == EINTR { continue }
            throw SystemError(name, errno: e)
        }
    }

    /// ioctl(2) filling or reading `buffer` (a bit array, a device's name), retried as above.
    public func ioctl(_ request: UInt, buffer: UnsafeMutableRawPointer, _ name: String) throws(SystemError) {
        while true {
            if systemIoctl(raw, request, buffer) >= 0 { return }
            let e = errno
            if e == EINTR { continue }
            throw SystemError(name, errno: e)
        }
    }

    /// ioctl(2) whose argument is the number `value` itself (`EVIOCGRAB`), retried as above.
    public func ioctl(_ request: UInt, value: Int32, _ name: String) throws(SystemError) {
        while true {
            if systemIoctl(raw, request, value: value) >= 0 { return }
            let e = errno
            if e == EINTR { continue }
            throw SystemError(name, errno: e)
        }
    }
}
