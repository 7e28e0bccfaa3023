// SPDX-License-Identifier: Apache-2.0
import CLinux

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failed system call: which call, on what, and the kernel's reason.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public var call: String
    public var errno: Int32
    public var subject: String
    /// A whole sentence that replaces the generic wording, where the cause is known.
    public var message: String?

    public init(_ call: String, errno: Int32 = systemErrno(), subject: String = "", message: String? = nil) {
        self.call = call
        self.errno = errno
        self.subject = subject
        self.message = message
    }

    /// The kernel's wording of `errno`, such as "Permission denied".
    public static func reason(_ errno: Int32) -> String { String(cString: strerror(errno)) }

    public var description: String {
        if let message { return message }
        let reason = SystemError.reason(errno)
        return subject.isEmpty ? "\(call) failed: \(reason)" : "\(call) \(subject) failed: \(reason)"
    }
}
