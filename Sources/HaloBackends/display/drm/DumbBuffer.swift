// SPDX-License-Identifier: Apache-2.0
import CDRM
import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A CPU-drawable scan-out buffer: a dumb buffer, mapped into memory and registered as a
/// framebuffer object in the pixel format the renderer writes. Its memory is not cleared: it
/// holds what video memory held until the display fills it (`DrmDisplay` marks it stale).
final class DumbBuffer {
    let fd: Int32
    let handle: UInt32
    let pitch: Int
    let size: Int
    let framebufferID: UInt32
    let memory: UnsafeMutableRawPointer

    init(fd: Int32, width: Int32, height: Int32, format: PixelFormat) throws(DisplayError) {
        self.fd = fd
        guard let fourcc = DumbBuffer.fourcc(format) else {
            throw DisplayError("DRM scan-out in \(format.rawValue) is not supported; set screen.format to XRGB8888 or RGB565")
        }
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let bpp = UInt32(format.bytesPerPixel * 8)
        var r = drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), bpp, 0, &handle, &pitch, &size)
        guard r == 0 else { throw DisplayError("cannot create a \(width)x\(height) scan-out buffer: \(SystemError.reason(-r))") }
        var handles: (UInt32, UInt32, UInt32, UInt32) = (handle, 0, 0, 0)
        var pitches: (UInt32, UInt32, UInt32, UInt32) = (pitch, 0, 0, 0)
        var offsets: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
        var fb: UInt32 = 0
        r = withUnsafePointer(to: &handles.0) { h in
            withUnsafePointer(to: &pitches.0) { p in
                withUnsafePointer(to: &offsets.0) { o in
                    drmModeAddFB2(fd, UInt32(width), UInt32(height), fourcc, h, p, o, &fb, 0)
                }
            }
        }
        guard r == 0 else {
            let e = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError(
                "the driver refuses \(format.rawValue) framebuffers (\(SystemError.reason(e))); set screen.format to XRGB8888")
        }
        var offset: UInt64 = 0
        r = drmModeMapDumbBuffer(fd, handle, &offset)
        let p = r == 0 ? mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset)) : MAP_FAILED
        guard let p, p != MAP_FAILED else {
            let e = r != 0 ? -r : errno
            _ = drmModeRmFB(fd, fb)
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError("cannot map a scan-out buffer: \(SystemError.reason(e))")
        }
        self.handle = handle
        self.pitch = Int(pitch)
        self.size = Int(size)
        framebufferID = fb
        memory = p
    }

    deinit {
        munmap(memory, size)
        _ = drmModeRmFB(fd, framebufferID)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }

    /// Copies `rects` (clipped to `bounds`) from `source`, a buffer of the same size and
    /// format, row by row at each buffer's pitch.
    func copy(_ rects: [IntRect], from source: DumbBuffer, bounds: IntRect, bytesPerPixel bpp: Int) {
        _ = RectCopy.copy(rects, clippedTo: bounds, bytesPerPixel: bpp, from: source.memory, pitch: source.pitch, to: memory, pitch: pitch)
    }

    /// DRM's fourcc code for a format the renderer writes, where scan-out supports it.
    static func fourcc(_ format: PixelFormat) -> UInt32? {
        func code(_ s: String) -> UInt32 {
            let b = Array(s.utf8)
            return UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24
        }
        switch format {
        case .xrgb8888: return code("XR24")
        // A plane's default blend mode reads AR24 as premultiplied, as Wayland does.
        case .argb8888, .premultipliedARGB8888: return code("AR24")
        case .xbgr8888: return code("XB24")
        case .abgr8888: return code("AB24")
        case .rgb565: return code("RG16")
        case .bgr565: return code("BG16")
        case .rgb888: return code("RG24")
        case .bgr888: return code("BG24")
        }
    }
}
