// SPDX-License-Identifier: Apache-2.0
/// A picture in memory: straight-alpha sRGB pixels, row by row, as a decoded PNG gives them
/// (a logo, a background). Made once when a board is read, never per frame; the layers that
/// draw it share its storage, so comparing them frame to frame costs nothing.
public struct Bitmap: Equatable, Sendable {
    public let width: Int32
    public let height: Int32
    public let pixels: [Color]
    /// No pixel is translucent: the picture hides what is under it (worked out once).
    public let isOpaque: Bool

    /// Pixels at most: 4096×4096, a 64 MiB picture. A board names the file, so its size is
    /// checked before anything that large is made.
    public static let maximumPixels = 4096 * 4096

    /// `pixels` must hold `width`×`height` colours; nil otherwise, or for an empty size.
    public init?(width: Int32, height: Int32, pixels: [Color]) {
        guard width > 0, height > 0, Int(width) * Int(height) <= Self.maximumPixels, pixels.count == Int(width) * Int(height) else {
            return nil
        }
        self.width = width
        self.height = height
        self.pixels = pixels
        isOpaque = pixels.allSatisfy { $0.a == 255 }
    }

    /// The colour at (`x`, `y`), which must lie inside.
    public subscript(x: Int32, y: Int32) -> Color { pixels[Int(y) * Int(width) + Int(x)] }
}
