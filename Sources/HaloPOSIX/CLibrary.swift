// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// The C library's calls under names of their own, for code inside types that have members
// called `read`, `write`, `open` or `errno`: there the plain name means the member, and
// `Glibc.read` would not compile against musl. Out here the names are the C library's.

/// read(2).
@inline(__always) public func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// write(2).
@inline(__always) public func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, bytes, count)
}

/// open(2) without a mode.
@inline(__always) public func systemOpen(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// connect(2).
@inline(__always) public func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(fd, address, length)
}

/// accept(2), without the peer's address.
@inline(__always) public func systemAccept(_ fd: Int32) -> Int32 {
    accept(fd, nil, nil)
}

/// ioctl(2) with a pointer argument.
@inline(__always) public func systemIoctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer) -> Int32 {
    ioctl(fd, request, argument)
}

/// ioctl(2) whose argument is a number, not a pointer (`EVIOCGRAB`).
@inline(__always) public func systemIoctl(_ fd: Int32, _ request: UInt, value: Int32) -> Int32 {
    ioctl(fd, request, value)
}

/// The calling thread's errno.
@inline(__always) public func systemErrno() -> Int32 { errno }
