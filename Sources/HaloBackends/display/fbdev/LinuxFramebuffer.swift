// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A Linux fbdev device (`/dev/fb0`): its screen information read with FBIOGET_VSCREENINFO and
/// FBIOGET_FSCREENINFO, its memory mapped, `fsync` as the flush. With `pan`, two pages are
/// mapped and shown in turn with FBIOPAN_DISPLAY.
public final class LinuxFramebuffer: FramebufferDevice {
    // From <linux/fb.h>; the _IO macros do not reach Swift.
    static let getVariableInfo: UInt = 0x4600
    static let putVariableInfo: UInt = 0x4601
    static let getFixedInfo: UInt = 0x4602
    static let panDisplay: UInt = 0x4606
    static let waitForVsync: UInt = 0x4004_4620

    public let path: String
    public let width: Int32
    public let height: Int32
    public let format: PixelFormat
    public let lineLength: Int
    public let memory: UnsafeMutableRawPointer
    public let pageCount: Int
    let descriptor: Descriptor
    let mappedBytes: Int
    var variable: fb_var_screeninfo
    /// Cleared the first time the driver refuses or does not answer FBIO_WAITFORVSYNC in time.
    public private(set) var vsyncWorks = true

    public init(path: String = "/dev/fb0", pan: Bool = false) throws(DisplayError) {
        self.path = path
        do { descriptor = try CharacterDevice.open(path, flags: O_RDWR | O_CLOEXEC) } catch {
            let hint =
                error.errno == EACCES ? "add the user to the video group or run as root" : "check the board's fbdev device (ls /dev/fb*)"
            throw DisplayError("cannot open \(path): \(error.message ?? SystemError.reason(error.errno)); \(hint)")
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        do {
            try descriptor.ioctl(LinuxFramebuffer.getVariableInfo, &variable, "FBIOGET_VSCREENINFO")
            try descriptor.ioctl(LinuxFramebuffer.getFixedInfo, &fixed, "FBIOGET_FSCREENINFO")
        } catch {
            throw DisplayError(
                "\(path) is not a framebuffer device (its screen information cannot be read: \(error.call): \(SystemError.reason(error.errno)))"
            )
        }
        if pan && variable.yres_virtual < 2 * variable.yres {
            // Ask for room for a second page; many drivers have none.
            var wanted = variable
            wanted.yres_virtual = 2 * variable.yres
            wanted.yoffset = 0
            let resized: Bool
            do {
                try descriptor.ioctl(LinuxFramebuffer.putVariableInfo, &wanted, "FBIOPUT_VSCREENINFO")
                try descriptor.ioctl(LinuxFramebuffer.getVariableInfo, &variable, "FBIOGET_VSCREENINFO")
                try descriptor.ioctl(LinuxFramebuffer.getFixedInfo, &fixed, "FBIOGET_FSCREENINFO")
                resized = variable.yres_virtual >= 2 * variable.yres
            } catch {
                resized = false
            }
            if !resized {
                throw DisplayError(
                    "\(path) cannot double-buffer: its virtual height stays \(variable.yres_virtual) rows, not the \(2 * variable.yres) panning needs; set screen.pan: no in the board"
                )
            }
        }
        func field(_ b: fb_bitfield) -> Bitfield { Bitfield(offset: b.offset, length: b.length) }
        let format: PixelFormat
        do {
            format = try FramebufferFormat.pixelFormat(
                bitsPerPixel: variable.bits_per_pixel, red: field(variable.red), green: field(variable.green), blue: field(variable.blue),
                transp: field(variable.transp))
        } catch {
            throw DisplayError("\(path): \(error.description)")
        }
        self.format = format
        self.variable = variable
        width = Int32(variable.xres)
        height = Int32(variable.yres)
        lineLength = Int(fixed.line_length)
        pageCount = pan ? 2 : 1
        mappedBytes = lineLength * Int(variable.yres) * pageCount
        guard lineLength >= Int(width) * Int(format.bytesPerPixel), mappedBytes > 0 else {
            throw DisplayError("\(path) reports a line length of \(lineLength) bytes, too short for \(width) pixels of \(format.rawValue)")
        }
        let p = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor.raw, 0)
        if p == MAP_FAILED || p == nil {
            throw DisplayError("cannot map \(path)'s memory: \(SystemError.reason(errno))")
        }
        memory = p!
    }

    deinit {
        if pageCount > 1 { try? show(page: 0) }
        munmap(memory, mappedBytes)
    }

    public func flush() { _ = fsync(descriptor.raw) }

    public func page(_ index: Int) -> UnsafeMutableRawPointer { memory + index * lineLength * Int(height) }

    public func show(page index: Int) throws(DisplayError) {
        guard pageCount > 1 else { return }
        variable.xoffset = 0
        variable.yoffset = UInt32(index) * variable.yres
        do { try descriptor.ioctl(LinuxFramebuffer.panDisplay, &variable, "FBIOPAN_DISPLAY") } catch {
            throw DisplayError("\(path) refused to pan (\(SystemError.reason(error.errno))); set screen.pan: no in the board")
        }
    }

    /// FBIO_WAITFORVSYNC under a 100 ms alarm: a driver that never signals a blank cannot stall
    /// the daemon. After the first refusal or timeout, or when no alarm can be set, it is not
    /// tried again: frames are then paced by the clock alone.
    public func waitForVerticalBlank() {
        guard vsyncWorks else { return }
        var crtc: UInt32 = 0
        let fd = descriptor.raw
        // Not the retrying ioctl: the alarm's EINTR is how a stuck wait ends.
        let ok = BoundedCall.run(milliseconds: 100) { ioctl(fd, LinuxFramebuffer.waitForVsync, &crtc) == 0 }
        if !ok { vsyncWorks = false }
    }
}
