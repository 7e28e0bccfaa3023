// SPDX-License-Identifier: Apache-2.0
/// A colour prepared for one pixel layout: packed once, so solid runs are plain stores.
struct Paint<Layout: PixelLayout> {
    let color: Color
    let packed: UInt32
    let opaque: Bool

    init(_ color: Color) {
        self.color = color
        self.packed = Layout.pack(color)
        self.opaque = color.a == 255
    }

    /// A paint of a value already packed, for whole stores only.
    init(packed: UInt32) {
        let c = Layout.unpack(packed)
        self.color = Color(r: UInt8(truncatingIfNeeded: c.r), g: UInt8(truncatingIfNeeded: c.g), b: UInt8(truncatingIfNeeded: c.b))
        self.packed = packed
        self.opaque = true
    }

    var visible: Bool { color.a != 0 }

    /// The value a pixel holding `value` holds after `colour` is blended over it whole, worked
    /// out by the same code on one pixel of scratch memory.
    @inline(__always)
    static func blended(_ value: UInt32, _ colour: Color) -> UInt32 {
        var scratch: UInt32 = 0
        return withUnsafeMutableBytes(of: &scratch) { pixel in
            let p = pixel.baseAddress!
            Layout.store(value, p)
            Layout.blend(p, colour, packed: Layout.pack(colour), alpha: UInt32(colour.a))
            return Layout.load(p)
        }
    }

    /// Paints one pixel with coverage `coverage` (Q8, 0...256).
    @inline(__always)
    func cover(_ p: UnsafeMutableRawPointer, _ coverage: Int32) {
        if opaque {
            coverOpaque(p, coverage)
        } else if coverage > 0 {
            Layout.blend(p, color, packed: packed, alpha: Blend.weight(coverage: coverage, alpha: color.a))
        }
    }

    /// As `cover`, for a paint known to be opaque: callers that settle that once for a stretch
    /// of pixels skip the test at each one.
    @inline(__always)
    func coverOpaque(_ p: UnsafeMutableRawPointer, _ coverage: Int32) {
        if coverage >= 256 {
            Layout.store(packed, p)
        } else if coverage > 0 {
            Layout.store(Layout.cover(color, packed: packed, over: Layout.load(p), weight: UInt32(truncatingIfNeeded: coverage)), p)
        }
    }

    /// Stores the packed colour into `count` consecutive 32-bit pixels, 16 bytes at a time.
    func fill32(_ p: UnsafeMutableRawPointer, count: Int) {
        var q = p
        var n = count
        let v = packed
        while n > 0 && Int(bitPattern: q) & 15 != 0 {
            q.storeBytes(of: v, as: UInt32.self)
            q += 4
            n -= 1
        }
        let quad = SIMD4<UInt32>(repeating: v)
        // A full-screen clear is the largest fill there is: the whole kilobytes of it go to
        // `LongFill`.
        let long = LongFill.write(q, bytes: n &* 4, unsafeBitCast(quad, to: SIMD16<UInt8>.self))
        q += long
        n &-= long >> 2
        // Rows shorter than a kilobyte (a strip beside a box) are most fills: 128 bytes a pass,
        // spelled out, as the compiler does not always unroll the loop itself.
        while n >= 32 {
            for k in stride(from: 0, to: 128, by: 16) { q.storeBytes(of: quad, toByteOffset: k, as: SIMD4<UInt32>.self) }
            q += 128
            n &-= 32
        }
        while n >= 4 {
            q.storeBytes(of: quad, as: SIMD4<UInt32>.self)
            q += 16
            n &-= 4
        }
        while n > 0 {
            q.storeBytes(of: v, as: UInt32.self)
            q += 4
            n -= 1
        }
    }

    /// Paints `count` fully covered pixels starting at `p`, `step` bytes apart.
    func run(_ p: UnsafeMutableRawPointer, count: Int, step: Int) { inlineRun(p, count: count, step: step) }

    /// `run`, built into its caller: for shapes (a bar's row) that paint many runs of a few
    /// pixels, where the call costs as much as the stores.
    @inline(__always)
    func inlineRun(_ p: UnsafeMutableRawPointer, count: Int, step: Int) {
        if count <= 0 { return }
        var q = p
        if opaque {
            // Short runs (a ring's band, a bar's end) are plain stores; setting up aligned
            // wide stores only pays from a few dozen pixels on.
            if Layout.bytesPerPixel == 4 && step == 4 && count >= 24 {
                fill32(q, count: count)
                return
            }
            if Layout.bytesPerPixel != 4 && step == Layout.bytesPerPixel && count >= 48 {
                PixelRun<Layout>(packed: packed).fill(q, count: count)
                return
            }
            for _ in 0..<count {
                Layout.store(packed, q)
                q += step
            }
        } else {
            let alpha = UInt32(color.a)
            for _ in 0..<count {
                Layout.blend(q, color, packed: packed, alpha: alpha)
                q += step
            }
        }
    }
}
