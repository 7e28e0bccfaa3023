import CLinux
import Glibc
import HaloEngine
import HaloRender

/// A Linux fbdev device (`/dev/fb0`): its screen information read with FBIOGET_VSCREENINFO and
/// FBIOGET_FSCREENINFO, its memory mapped, `fsync` as the flush.
public final class LinuxFramebuffer: FramebufferDevice {
    // From <linux/fb.h>; the _IO macros do not reach Swift.
    static let getVariableInfo: UInt = 0x4600
    static let getFixedInfo: UInt = 0x4602

    public let path: String
    public let width: Int32
    public let height: Int32
    public let format: PixelFormat
    public let lineLength: Int
    public let memory: UnsafeMutableRawPointer
    let fd: Int32
    let mappedBytes: Int

    public init(path: String = "/dev/fb0") throws(DisplayError) {
        self.path = path
        fd = open(path, O_RDWR | O_CLOEXEC)
        if fd < 0 {
            let e = errno
            let hint = e == EACCES ? "add the user to the video group or run as root" : "check the board's fbdev device (ls /dev/fb*)"
            throw DisplayError("cannot open \(path): \(String(cString: strerror(e))); \(hint)")
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        if ioctl(fd, LinuxFramebuffer.getVariableInfo, &variable) != 0 || ioctl(fd, LinuxFramebuffer.getFixedInfo, &fixed) != 0 {
            let e = errno
            close(fd)
            throw DisplayError("\(path) is not a framebuffer device (its screen information cannot be read: \(String(cString: strerror(e))))")
        }
        func field(_ b: fb_bitfield) -> Bitfield { Bitfield(offset: b.offset, length: b.length) }
        let format: PixelFormat
        do {
            format = try FramebufferFormat.pixelFormat(
                bitsPerPixel: variable.bits_per_pixel, red: field(variable.red), green: field(variable.green), blue: field(variable.blue),
                transp: field(variable.transp))
        } catch {
            close(fd)
            throw DisplayError("\(path): \(error.description)")
        }
        self.format = format
        width = Int32(variable.xres)
        height = Int32(variable.yres)
        lineLength = Int(fixed.line_length)
        // Only the visible rows: panning and double buffering are a board option, off by default.
        mappedBytes = lineLength * Int(variable.yres)
        guard lineLength >= Int(width) * Int(format.bytesPerPixel), mappedBytes > 0 else {
            close(fd)
            throw DisplayError("\(path) reports a line length of \(lineLength) bytes, too short for \(width) pixels of \(format.rawValue)")
        }
        let p = mmap(nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        if p == MAP_FAILED || p == nil {
            let e = errno
            close(fd)
            throw DisplayError("cannot map \(path)'s memory: \(String(cString: strerror(e)))")
        }
        memory = p!
    }

    deinit {
        munmap(memory, mappedBytes)
        close(fd)
    }

    public func flush() { _ = fsync(fd) }
}
