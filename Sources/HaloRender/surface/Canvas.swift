// SPDX-License-Identifier: Apache-2.0
/// A view of pixel memory in logical (unrotated) coordinates.
///
/// Logical pixel `(x, y)` lives at `origin + x * xStep + y * yStep` bytes. For an unrotated buffer
/// `xStep` is the pixel size and `yStep` the stride; a rotation only changes the three numbers,
/// so every primitive draws rotated for free. The stride may exceed `width * bytesPerPixel`.
public struct Canvas<Layout: PixelLayout> {
    public let origin: UnsafeMutableRawPointer
    /// Logical size: the size of the picture as the user sees it.
    public let width: Int32
    public let height: Int32
    public let xStep: Int
    public let yStep: Int

    /// A canvas over `memory`, a buffer of `physicalWidth × physicalHeight` pixels with `stride`
    /// bytes from one row to the next, showing its picture turned by `rotation`.
    public init(
        memory: UnsafeMutableRawPointer, physicalWidth: Int32, physicalHeight: Int32, stride: Int,
        rotation: Rotation = .none
    ) {
        let bpp = Layout.bytesPerPixel
        let lastColumn = Int(physicalWidth - 1) * bpp
        let lastRow = Int(physicalHeight - 1) * stride
        switch rotation {
        case .none:
            (origin, xStep, yStep) = (memory, bpp, stride)
        case .quarter:
            // Logical x runs down the physical columns; logical y runs right to left.
            (origin, xStep, yStep) = (memory + lastColumn, stride, -bpp)
        case .half:
            (origin, xStep, yStep) = (memory + lastRow + lastColumn, -bpp, -stride)
        case .threeQuarters:
            (origin, xStep, yStep) = (memory + lastRow, -stride, bpp)
        }
        if rotation.swapsAxes {
            (width, height) = (physicalHeight, physicalWidth)
        } else {
            (width, height) = (physicalWidth, physicalHeight)
        }
    }

    public var bounds: IntRect { IntRect(x: 0, y: 0, width: width, height: height) }

    /// The address of logical pixel `(x, y)`, which must lie on the canvas. Wrapping arithmetic:
    /// a screen's byte offsets are far inside `Int`, and every row of every shape asks for one.
    public func address(_ x: Int32, _ y: Int32) -> UnsafeMutableRawPointer {
        origin + (Int(x) &* xStep &+ Int(y) &* yStep)
    }

    /// The stored colour of a logical pixel (alpha is always 255).
    public func pixel(_ x: Int32, _ y: Int32) -> Color {
        let c = Layout.unpack(Layout.load(address(x, y)))
        return Color(r: UInt8(c.r), g: UInt8(c.g), b: UInt8(c.b))
    }
}
