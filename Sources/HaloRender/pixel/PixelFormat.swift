// SPDX-License-Identifier: Apache-2.0
/// The pixel layouts a Halo display can scan out. Names follow DRM's fourcc convention: the
/// channel letters are listed from the most significant bits of a little-endian word down.
public enum PixelFormat: String, CaseIterable, Sendable {
    case xrgb8888 = "XRGB8888"
    case argb8888 = "ARGB8888"
    case xbgr8888 = "XBGR8888"
    case abgr8888 = "ABGR8888"
    case rgb565 = "RGB565"
    case bgr565 = "BGR565"
    case rgb888 = "RGB888"
    case bgr888 = "BGR888"
    /// ARGB8888 whose colour channels are already multiplied by its alpha, as Wayland's
    /// `wl_shm` and pixman read it: Halo's indicators with see-through parts, over an app that
    /// another program draws.
    case premultipliedARGB8888 = "ARGB8888-premultiplied"

    public var bytesPerPixel: Int32 {
        switch self {
        case .xrgb8888, .argb8888, .xbgr8888, .abgr8888, .premultipliedARGB8888: return 4
        case .rgb565, .bgr565: return 2
        case .rgb888, .bgr888: return 3
        }
    }

    /// Looks a format up by name, ignoring case (`xrgb8888`, `RGB565`).
    public init?(name: String) {
        for format in PixelFormat.allCases where Self.sameIgnoringCase(format.rawValue, name) {
            self = format
            return
        }
        return nil
    }

    static func sameIgnoringCase(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        if x.count != y.count { return false }
        for i in 0..<x.count {
            let p = x[i] >= 97 && x[i] <= 122 ? x[i] - 32 : x[i]
            let q = y[i] >= 97 && y[i] <= 122 ? y[i] - 32 : y[i]
            if p != q { return false }
        }
        return true
    }
}
