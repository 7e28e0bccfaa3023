// SPDX-License-Identifier: Apache-2.0
import CDRM
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// An open DRM device node (`/dev/dri/cardN`) and its master role: only the master may set
/// modes and flip, so a second program on the same card has to wait for the first to let go.
public final class DrmCard {
    public let path: String
    let device: Descriptor
    /// The card's descriptor, for libdrm's calls; open as long as the card is.
    public var fd: Int32 { device.raw }

    public init(path: String) throws(DisplayError) {
        self.path = path
        do { device = try CharacterDevice.open(path, flags: O_RDWR | O_CLOEXEC | O_NONBLOCK) } catch {
            let hint =
                error.errno == EACCES
                ? "add the user to the video group (see the README's section on running without root)"
                : "check the board's screen.device, or list the cards with ls /dev/dri"
            throw DisplayError("cannot open \(path): \(error.message ?? SystemError.reason(error.errno)); \(hint)")
        }
        var dumb: UInt64 = 0
        if drmGetCap(device.raw, UInt64(DRM_CAP_DUMB_BUFFER), &dumb) != 0 || dumb == 0 {
            throw DisplayError(
                "\(path) is not a mode-setting DRM device with dumb buffers (a render-only GPU node?); name the display's card in screen.device"
            )
        }
    }

    /// The card nodes that exist, in number order.
    public static func nodes() -> [String] {
        (0..<16).map { "/dev/dri/card\($0)" }.filter { access($0, F_OK) == 0 }
    }

    public var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Takes the master role, retrying for up to `waitSeconds` while another program holds it.
    public func becomeMaster(waitSeconds: Int = 0) throws(DisplayError) {
        var waitedMilliseconds = 0
        while !isMaster {
            if drmSetMaster(fd) == 0 { return }
            let e = errno
            if e != EBUSY && e != EACCES && e != EINVAL {
                throw DisplayError("cannot become DRM master on \(path): \(SystemError.reason(e))")
            }
            if waitedMilliseconds >= waitSeconds * 1000 {
                let waited = waitSeconds > 0 ? " for \(waitSeconds) s" : ""
                throw DisplayError(
                    "another program holds DRM master on \(path)\(waited), so Halo cannot set the screen: "
                        + "stop it (a compositor, display manager or splash), have it hand over (halo ctl release), "
                        + "or start halo run with --wait-master SECONDS")
            }
            usleep(100_000)
            waitedMilliseconds += 100
        }
    }

    /// Gives the master role up, so another program can take the screen.
    public func dropMaster() throws(DisplayError) {
        if drmDropMaster(fd) != 0 {
            throw DisplayError("cannot drop DRM master on \(path): \(SystemError.reason(errno))")
        }
    }
}
