// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// Where one colour channel sits in an fbdev pixel: bit offset within the little-endian pixel
/// value, and width in bits (`struct fb_bitfield`).
public struct Bitfield: Equatable, Sendable {
    public var offset: UInt32
    public var length: UInt32
    public init(offset: UInt32, length: UInt32) {
        self.offset = offset
        self.length = length
    }
}

/// The pixel layout an fbdev driver reports, read from its bitfields rather than assumed.
public enum FramebufferFormat {
    /// The format whose channels sit where the driver says, or an error naming what it reports.
    public static func pixelFormat(bitsPerPixel: UInt32, red: Bitfield, green: Bitfield, blue: Bitfield, transp: Bitfield)
        throws(DisplayError) -> PixelFormat
    {
        func at(_ r: UInt32, _ g: UInt32, _ b: UInt32, lengths: (UInt32, UInt32, UInt32)) -> Bool {
            red == Bitfield(offset: r, length: lengths.0) && green == Bitfield(offset: g, length: lengths.1)
                && blue == Bitfield(offset: b, length: lengths.2)
        }
        let alpha = transp.length == 8
        switch bitsPerPixel {
        case 32 where at(16, 8, 0, lengths: (8, 8, 8)): return alpha && transp.offset == 24 ? .argb8888 : .xrgb8888
        case 32 where at(0, 8, 16, lengths: (8, 8, 8)): return alpha && transp.offset == 24 ? .abgr8888 : .xbgr8888
        case 24 where at(16, 8, 0, lengths: (8, 8, 8)): return .rgb888
        case 24 where at(0, 8, 16, lengths: (8, 8, 8)): return .bgr888
        case 16 where at(11, 5, 0, lengths: (5, 6, 5)): return .rgb565
        case 16 where at(0, 5, 11, lengths: (5, 6, 5)): return .bgr565
        default:
            func name(_ f: Bitfield) -> String { "\(f.length)@\(f.offset)" }
            throw DisplayError(
                "the framebuffer's \(bitsPerPixel)-bit layout (red \(name(red)), green \(name(green)), blue \(name(blue))) is not one Halo draws; "
                    + "set the mode to 16-bit RGB565 or 32-bit XRGB8888 (fbset -depth 16 or -depth 32, or the driver's options)")
        }
    }
}
