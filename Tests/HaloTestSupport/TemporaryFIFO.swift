// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A FIFO in /tmp, made fresh for a test and removed when it goes: what a hostile board, font
/// or device path can name to make a careless open wait for ever.
public final class TemporaryFIFO {
    public let path: String

    /// Makes `/tmp/halo-test-PID-NAME` as a FIFO, replacing whatever was there.
    public init(_ name: String) {
        path = "/tmp/halo-test-\(getpid())-\(name)"
        unlink(path)
        if mkfifo(path, 0o600) != 0 { fatalError("cannot make the FIFO \(path): errno \(errno)") }
    }

    deinit { unlink(path) }
}
