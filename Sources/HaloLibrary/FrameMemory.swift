// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloRender

/// An app's pixel memory as the renderer draws into it, once every number about it was checked.
enum FrameMemory {
    /// The formats by their `halo_format` number, in the header's order.
    static let formats: [PixelFormat] = [
        .xrgb8888, .argb8888, .xbgr8888, .abgr8888, .rgb565, .bgr565, .rgb888, .bgr888, .premultipliedARGB8888,
    ]

    /// The largest side a frame may have, in pixels: more than any panel, little enough that
    /// no row or frame size overflows.
    static let maximumSide: Int32 = 16384

    /// `frame` as a render target for a screen `width` × `height` as its user sees it.
    static func target(_ frame: halo_frame, width: Int32, height: Int32) throws(LibraryError) -> RenderTarget {
        guard let pixels = frame.pixels else { throw .argument("the frame's pixels are NULL: pass the memory the app draws into") }
        guard frame.format >= 1, Int(frame.format) <= formats.count else {
            throw LibraryError(HALO_ERROR_FRAME, "the frame's format \(frame.format) is not a halo_format: use one of HALO_FORMAT_*")
        }
        let format = formats[Int(frame.format) - 1]
        guard let rotation = Rotation(degrees: frame.rotation) else {
            throw LibraryError(HALO_ERROR_FRAME, "the frame's rotation \(frame.rotation) is not 0, 90, 180 or 270")
        }
        guard (1...maximumSide).contains(frame.width), (1...maximumSide).contains(frame.height) else {
            throw LibraryError(
                HALO_ERROR_FRAME, "the frame is \(frame.width)x\(frame.height): each side must be 1 to \(maximumSide) pixels")
        }
        let row = Int64(frame.width) * Int64(format.bytesPerPixel)
        guard Int64(frame.stride) >= row else {
            throw LibraryError(
                HALO_ERROR_FRAME,
                "the frame's stride \(frame.stride) is shorter than a row of \(frame.width) \(format.rawValue) pixels (\(row) bytes)")
        }
        let seen = rotation.logicalSize(width: frame.width, height: frame.height)
        guard seen.width == width, seen.height == height else {
            throw LibraryError(
                HALO_ERROR_FRAME,
                "the frame shows \(seen.width)x\(seen.height) turned \(rotation.degrees)°, but the engine lays out for \(width)x\(height): make the engine for the screen's size, or give the frame's rotation"
            )
        }
        return RenderTarget(
            memory: pixels, width: frame.width, height: frame.height, stride: Int(frame.stride), format: format, rotation: rotation)
    }
}
