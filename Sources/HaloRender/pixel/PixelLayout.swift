// SPDX-License-Identifier: Apache-2.0
/// How one pixel format stores a colour in memory. Drawing code is generic over this protocol
/// and specialised per format, so the inner loops contain no format switch.
public protocol PixelLayout {
    static var format: PixelFormat { get }
    /// The bytes of one pixel, as a little-endian integer (the low 2 or 3 bytes for 16/24-bit formats).
    static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32
    static func unpack(_ value: UInt32) -> (r: UInt32, g: UInt32, b: UInt32)
    /// `color` (already `pack`ed as `packed`) over the stored value `dst` with weight `alpha`
    /// (1...254). Layouts whose channels are whole bytes blend two channels per multiply.
    static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32
    /// An opaque `color` covering `weight` (1...255, in 256ths) of a pixel whose stored value is
    /// `dst`: the anti-aliased edge of every shape, so byte layouts do it without a division.
    static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32
    /// The stored value of a frame's background: opaque in every layout but the premultiplied
    /// one, whose background may be see-through (a clear one is zero).
    static func packBackground(_ color: Color) -> UInt32
}

extension PixelLayout {
    public static var bytesPerPixel: Int { Int(format.bytesPerPixel) }

    public static func pack(_ c: Color) -> UInt32 { pack(r: UInt32(c.r), g: UInt32(c.g), b: UInt32(c.b)) }

    public static func packBackground(_ color: Color) -> UInt32 { pack(color) }

    public static func load(_ p: UnsafeMutableRawPointer) -> UInt32 {
        switch bytesPerPixel {
        case 4: return p.loadUnaligned(as: UInt32.self)
        case 2: return UInt32(p.loadUnaligned(as: UInt16.self))
        default:
            return UInt32(p.load(as: UInt8.self)) | UInt32(p.load(fromByteOffset: 1, as: UInt8.self)) << 8
                | UInt32(p.load(fromByteOffset: 2, as: UInt8.self)) << 16
        }
    }

    public static func store(_ v: UInt32, _ p: UnsafeMutableRawPointer) {
        switch bytesPerPixel {
        case 4: p.storeBytes(of: v, as: UInt32.self)
        case 2: p.storeBytes(of: UInt16(truncatingIfNeeded: v), as: UInt16.self)
        default:
            p.storeBytes(of: UInt8(truncatingIfNeeded: v), as: UInt8.self)
            p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 8), toByteOffset: 1, as: UInt8.self)
            p.storeBytes(of: UInt8(truncatingIfNeeded: v >> 16), toByteOffset: 2, as: UInt8.self)
        }
    }

    /// Channel by channel, from the colour's own 8-bit values (a 16-bit layout's stored source
    /// would already have lost bits).
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 {
        let d = unpack(dst)
        return pack(
            r: Blend.channel(UInt32(color.r), d.r, alpha),
            g: Blend.channel(UInt32(color.g), d.g, alpha),
            b: Blend.channel(UInt32(color.b), d.b, alpha))
    }

    /// Channel by channel, with the same rounding as the byte layouts' two-lane `cover`, so
    /// every format stores the same picture.
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        let d = unpack(dst), inverse = 256 &- weight
        return pack(
            r: (UInt32(color.r) &* weight &+ d.r &* inverse &+ 128) >> 8,
            g: (UInt32(color.g) &* weight &+ d.g &* inverse &+ 128) >> 8,
            b: (UInt32(color.b) &* weight &+ d.b &* inverse &+ 128) >> 8)
    }

    /// Blends `color` over the pixel at `p` with weight `alpha` (0...255).
    @inline(__always)
    public static func blend(_ p: UnsafeMutableRawPointer, _ color: Color, alpha: UInt32) {
        blend(p, color, packed: pack(color), alpha: alpha)
    }

    /// As `blend(_:_:alpha:)`, with the colour already packed for this layout.
    @inline(__always)
    public static func blend(_ p: UnsafeMutableRawPointer, _ color: Color, packed: UInt32, alpha: UInt32) {
        if alpha == 0 { return }
        if alpha >= 255 {
            store(packed, p)
            return
        }
        store(mix(color, packed: packed, over: load(p), alpha: alpha), p)
    }
}

/// The four 32-bit layouts keep each channel in a whole byte, so red and blue (bytes 0 and 2)
/// blend in one multiply and green in another, with the same rounding as `Blend.channel`: each
/// lane's sum stays below 65536, so no carry crosses into the next lane. The fourth byte is
/// always written as 0xFF.
enum ByteLanes {
    @inline(__always)
    static func mix(_ src: UInt32, _ dst: UInt32, _ alpha: UInt32) -> UInt32 {
        let inverse = 255 &- alpha
        var rb = (src & 0x00FF_00FF) &* alpha &+ (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var g = (src >> 8 & 0xFF) &* alpha &+ (dst >> 8 & 0xFF) &* inverse &+ 128
        g = (g &+ (g >> 8)) >> 8
        return 0xFF00_0000 | rb | g << 8
    }

    /// `src` over `dst` with weight `w` of 256 (1...255). Each lane holds at most
    /// 255·256 + 128 < 65536, so, as in `mix`, no carry crosses lanes.
    @inline(__always)
    static func cover(_ src: UInt32, _ dst: UInt32, _ w: UInt32) -> UInt32 {
        let inverse = 256 &- w
        let rb = (((src & 0x00FF_00FF) &* w &+ (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080) >> 8) & 0x00FF_00FF
        let g = (((src & 0x0000_FF00) &* w &+ (dst & 0x0000_FF00) &* inverse &+ 0x0000_8000) >> 8) & 0x0000_FF00
        return 0xFF00_0000 | rb | g
    }
}

/// As `ByteLanes`, blending the alpha byte too: over a premultiplied pixel, a straight colour
/// `c` at weight `a` stores `c·a + dst·(1 − a)` in every channel, alpha included (whose source
/// is 255), which is the premultiplied result of Porter and Duff's OVER, rounded once.
enum PremultipliedLanes {
    @inline(__always)
    static func mix(_ src: UInt32, _ dst: UInt32, _ alpha: UInt32) -> UInt32 {
        let inverse = 255 &- alpha
        var rb: UInt32 = (src & 0x00FF_00FF) &* alpha &+ (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag: UInt32 = (src >> 8 & 0x00FF_00FF) &* alpha &+ (dst >> 8 & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        ag = ((ag &+ ((ag >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        return ag << 8 | rb
    }

    @inline(__always)
    static func cover(_ src: UInt32, _ dst: UInt32, _ w: UInt32) -> UInt32 {
        let inverse = 256 &- w
        let rb: UInt32 = (src & 0x00FF_00FF) &* w &+ (dst & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        let ag: UInt32 = (src >> 8 & 0x00FF_00FF) &* w &+ (dst >> 8 & 0x00FF_00FF) &* inverse &+ 0x0080_0080
        return (ag & 0xFF00_FF00) | (rb >> 8 & 0x00FF_00FF)
    }
}

/// Blue in the low byte, then green, red, and an ignored byte (DRM `XR24`).
public enum XRGB8888: PixelLayout {
    public static var format: PixelFormat { .xrgb8888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { 0xFF00_0000 | r << 16 | g << 8 | b }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF) }
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 { ByteLanes.mix(packed, dst, alpha) }
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        ByteLanes.cover(packed, dst, weight)
    }
}

/// As XRGB8888 with the top byte an alpha channel; Halo's frames are opaque, so it is always 0xFF.
public enum ARGB8888: PixelLayout {
    public static var format: PixelFormat { .argb8888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { 0xFF00_0000 | r << 16 | g << 8 | b }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF) }
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 { ByteLanes.mix(packed, dst, alpha) }
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        ByteLanes.cover(packed, dst, weight)
    }
}

/// As ARGB8888, but a pixel's colour is stored multiplied by its alpha, and the alpha is
/// blended, not forced opaque: the frame is a layer that another compositor lays over an app
/// (Wayland's `wl_shm` ARGB8888). A cleared pixel is zero in every byte; a colour byte above
/// the alpha byte would brighten the app under it, so none is ever stored.
public enum PremultipliedARGB8888: PixelLayout {
    public static var format: PixelFormat { .premultipliedARGB8888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { 0xFF00_0000 | r << 16 | g << 8 | b }
    /// The colour as seen through: a pixel's channels divided by its alpha, rounded; a
    /// clear pixel is black.
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) {
        let a = v >> 24
        if a == 0 { return (0, 0, 0) }
        if a == 255 { return (v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF) }
        func straight(_ c: UInt32) -> UInt32 { min(255, (c &* 255 &+ a / 2) / a) }
        return (straight(v >> 16 & 0xFF), straight(v >> 8 & 0xFF), straight(v & 0xFF))
    }
    /// What a compositor shows for the stored pixel `v` laid over an opaque `app` pixel, with
    /// pixman's arithmetic (its OVER: `src + dst·(255 − src.a)/255`, rounded as MUL_UN8, added
    /// with saturation): the picture of a mock overlay, and of the tests' check of a real one.
    public static func over(_ v: UInt32, app: Color) -> Color {
        let inverse = 255 &- (v >> 24)
        func channel(_ src: UInt32, _ dst: UInt8) -> UInt8 { UInt8(min(255, src &+ Blend.mul255(UInt32(dst), inverse))) }
        return Color(r: channel(v >> 16 & 0xFF, app.r), g: channel(v >> 8 & 0xFF, app.g), b: channel(v & 0xFF, app.b))
    }

    public static func packBackground(_ c: Color) -> UInt32 {
        let a = UInt32(c.a)
        return a << 24 | Blend.mul255(UInt32(c.r), a) << 16 | Blend.mul255(UInt32(c.g), a) << 8 | Blend.mul255(UInt32(c.b), a)
    }
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 {
        PremultipliedLanes.mix(packed, dst, alpha)
    }
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        PremultipliedLanes.cover(packed, dst, weight)
    }
}

/// Red in the low byte, then green, blue, and an ignored byte (DRM `XB24`).
public enum XBGR8888: PixelLayout {
    public static var format: PixelFormat { .xbgr8888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { 0xFF00_0000 | b << 16 | g << 8 | r }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF) }
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 { ByteLanes.mix(packed, dst, alpha) }
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        ByteLanes.cover(packed, dst, weight)
    }
}

/// As XBGR8888 with the top byte an alpha channel, always 0xFF.
public enum ABGR8888: PixelLayout {
    public static var format: PixelFormat { .abgr8888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { 0xFF00_0000 | b << 16 | g << 8 | r }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF) }
    @inline(__always)
    public static func mix(_ color: Color, packed: UInt32, over dst: UInt32, alpha: UInt32) -> UInt32 { ByteLanes.mix(packed, dst, alpha) }
    @inline(__always)
    public static func cover(_ color: Color, packed: UInt32, over dst: UInt32, weight: UInt32) -> UInt32 {
        ByteLanes.cover(packed, dst, weight)
    }
}

/// 16 bits: red in the top 5, green in the middle 6, blue in the low 5 (DRM `RG16`).
public enum RGB565: PixelLayout {
    public static var format: PixelFormat { .rgb565 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 {
        // Rounded, not truncated, so a blend does not drift darker with every pass.
        let r5 = (r &* 31 &+ 127) / 255, g6 = (g &* 63 &+ 127) / 255, b5 = (b &* 31 &+ 127) / 255
        return r5 << 11 | g6 << 5 | b5
    }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) {
        let r5 = v >> 11 & 31, g6 = v >> 5 & 63, b5 = v & 31
        return (r5 << 3 | r5 >> 2, g6 << 2 | g6 >> 4, b5 << 3 | b5 >> 2)
    }
}

/// 16 bits: blue in the top 5, green in the middle 6, red in the low 5 (DRM `BG16`).
public enum BGR565: PixelLayout {
    public static var format: PixelFormat { .bgr565 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { RGB565.pack(r: b, g: g, b: r) }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) {
        let c = RGB565.unpack(v)
        return (c.b, c.g, c.r)
    }
}

/// 24 bits: blue in the first byte in memory, then green, then red (DRM `RG24`).
public enum RGB888: PixelLayout {
    public static var format: PixelFormat { .rgb888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { r << 16 | g << 8 | b }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v >> 16 & 0xFF, v >> 8 & 0xFF, v & 0xFF) }
}

/// 24 bits: red in the first byte in memory, then green, then blue (DRM `BG24`).
public enum BGR888: PixelLayout {
    public static var format: PixelFormat { .bgr888 }
    public static func pack(r: UInt32, g: UInt32, b: UInt32) -> UInt32 { b << 16 | g << 8 | r }
    public static func unpack(_ v: UInt32) -> (r: UInt32, g: UInt32, b: UInt32) { (v & 0xFF, v >> 8 & 0xFF, v >> 16 & 0xFF) }
}
