// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloBackends
import HaloEngine
import HaloTestSupport
import Testing

/// Whatever path a board names, the backends open it and then check what they opened: a
/// character device, or nothing. These run on the host kernel's own files and nodes.
@Suite("Device nodes on the host kernel")
struct DeviceNodeTests {
    @Test("a regular file, a directory or a FIFO named as a screen is refused after opening, without waiting on it")
    func notADevice() throws {
        let fifoFile = TemporaryFIFO("fifo-device")
        let fifo = fifoFile.path
        for (path, what) in [
            ("/etc/hostname", "a regular file, not a device node"), ("/dev/../etc/hostname", "a regular file, not a device node"),
            ("/tmp", "Is a directory"), (fifo, "a FIFO, not a device node"),
        ] {
            do {
                _ = try LinuxFramebuffer(path: path)
                Issue.record("\(path) opened as a framebuffer")
            } catch {
                #expect(error.description.contains(what), "\(path): \(error)")
            }
            do {
                _ = try DrmCard(path: path)
                Issue.record("\(path) opened as a DRM card")
            } catch {
                #expect(error.description.contains(what), "\(path): \(error)")
            }
        }
    }

    @Test("a character device that is not a framebuffer is refused by what it answers")
    func wrongDevice() {
        do {
            _ = try LinuxFramebuffer(path: "/dev/null")
            Issue.record("/dev/null opened as a framebuffer")
        } catch {
            #expect(error.description.contains("not a framebuffer device"), "\(error)")
        }
    }
}
