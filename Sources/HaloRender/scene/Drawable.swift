// SPDX-License-Identifier: Apache-2.0
/// One thing to draw. The set is closed on purpose: each case is a primitive the software
/// renderer draws exactly, and the compositor can reason about its bounds and its damage.
public enum Drawable: Equatable {
    case fill(IntRect, Color)
    case roundedRect(RoundedRectShape)
    case ring(RingShape)
    case bar(BarShape)
    case capsule(CapsuleShape)
    case mask(MaskShape)
    case image(ImageShape)

    /// Every pixel the drawable may touch.
    public var bounds: IntRect {
        switch self {
        case .fill(let r, let c): return c.a == 0 ? .empty : r
        case .roundedRect(let s): return s.bounds
        case .ring(let s): return s.bounds
        case .bar(let s): return s.bounds
        case .capsule(let s): return s.bounds
        case .mask(let s): return s.bounds
        case .image(let s): return s.bounds
        }
    }

    /// Pixels the drawable paints over completely with an opaque colour: nothing below them
    /// needs drawing.
    public var opaqueInterior: IntRect {
        switch self {
        case .fill(let r, let c): return c.a == 255 ? r : .empty
        case .roundedRect(let s): return s.opaqueInterior
        case .image(let s): return s.bitmap.isOpaque ? s.bounds : .empty
        case .ring, .bar, .capsule, .mask: return .empty
        }
    }

    /// The one colour of the drawable's `opaqueInterior`, where it has one.
    public var solidColor: Color? {
        switch self {
        case .fill(_, let c): return c
        case .roundedRect(let s): return s.strokeWidth == 0 ? s.color : nil
        case .ring, .bar, .capsule, .mask, .image: return nil
        }
    }

    /// Draws the part of the drawable inside `clip`. `profiles` keeps the radial shapes of
    /// rings and of boxes' corners between frames.
    public func draw<Layout>(into canvas: Canvas<Layout>, clip: IntRect, profiles: RingProfileCache? = nil) {
        switch self {
        case .fill(let r, let c): fillRect(canvas, r, c, clip: clip)
        case .roundedRect(let s): drawRoundedRect(canvas, s, clip: clip, profiles: profiles)
        case .ring(let s): drawRing(canvas, s, clip: clip, profiles: profiles)
        case .bar(let s): drawBar(canvas, s, clip: clip)
        case .capsule(let s): drawCapsule(canvas, s, clip: clip)
        case .mask(let s): drawMask(canvas, s, clip: clip)
        case .image(let s): drawImage(canvas, s, clip: clip)
        }
    }
}

/// A drawable with a stable identity across frames, so the compositor can tell what changed.
public struct Layer: Equatable {
    public var key: UInt32
    public var drawable: Drawable

    public init(key: UInt32, _ drawable: Drawable) {
        self.key = key
        self.drawable = drawable
    }
}
