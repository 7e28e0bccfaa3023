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
    let fd: Int32
    let mappedBytes: Int
    var variable: fb_var_screeninfo
    /// Cleared the first time the driver refuses or does not answer FBIO_WAITFORVSYNC in time.
    public private(set) var vsyncWorks = true

    public init(path: String = "/dev/fb0", pan: Bool = false) throws(DisplayError) {
        self.path = path
        do { fd = try CharacterDevice.open(path, flags: O_RDWR | O_CLOEXEC) } catch {
            let hint =
                error.errno == EACCES ? "add the user to the video group or run as root" : "check the board's fbdev device (ls /dev/fb*)"
            throw DisplayError("cannot open \(path): \(error.message ?? SystemError.reason(error.errno)); \(hint)")
        }
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        if ioctl(fd, LinuxFramebuffer.getVariableInfo, &variable) != 0 || ioctl(fd, LinuxFramebuffer.getFixedInfo, &fixed) != 0 {
            let e = errno
            close(fd)
            throw DisplayError(
                "\(path) is not a framebuffer device (its screen information cannot be read: \(String(cString: strerror(e))))")
        }
        if pan && variable.yres_virtual < 2 * variable.yres {
            // Ask for room for a second page; many drivers have none.
            var wanted = variable
            wanted.yres_virtual = 2 * variable.yres
            wanted.yoffset = 0
            if ioctl(fd, LinuxFramebuffer.putVariableInfo, &wanted) != 0
                || ioctl(fd, LinuxFramebuffer.getVariableInfo, &variable) != 0 || ioctl(fd, LinuxFramebuffer.getFixedInfo, &fixed) != 0
                || variable.yres_virtual < 2 * variable.yres
            {
                close(fd)
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
            close(fd)
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
        if pageCount > 1 { try? show(page: 0) }
        munmap(memory, mappedBytes)
        close(fd)
    }

    public func flush() { _ = fsync(fd) }

    public func page(_ index: Int) -> UnsafeMutableRawPointer { memory + index * lineLength * Int(height) }

    public func show(page index: Int) throws(DisplayError) {
        guard pageCount > 1 else { return }
        variable.xoffset = 0
        variable.yoffset = UInt32(index) * variable.yres
        if ioctl(fd, LinuxFramebuffer.panDisplay, &variable) != 0 {
            throw DisplayError("\(path) refused to pan (\(String(cString: strerror(errno)))); set screen.pan: no in the board")
        }
    }

    /// FBIO_WAITFORVSYNC under a 100 ms alarm: a driver that never signals a blank cannot stall
    /// the daemon. After the first refusal or timeout, or when no alarm can be set, it is not
    /// tried again: frames are then paced by the clock alone.
    public func waitForVerticalBlank() {
        guard vsyncWorks else { return }
        var crtc: UInt32 = 0
        let ok = BoundedCall.run(milliseconds: 100) { ioctl(fd, LinuxFramebuffer.waitForVsync, &crtc) == 0 }
        if !ok { vsyncWorks = false }
    }
}
