// SPDX-License-Identifier: Apache-2.0
/// Stores one packed pixel value into a run of pixels adjacent in memory, 16 bytes a store
/// whatever the pixel size: the value is laid out once as 48 bytes of pattern (48 is a whole
/// number of 2-, 3- and 4-byte pixels), and the run is written 192 bytes a pass.
struct PixelRun<Layout: PixelLayout> {
    let a: SIMD16<UInt8>, b: SIMD16<UInt8>, c: SIMD16<UInt8>
    let packed: UInt32
    var bytesPerPixel: Int { Layout.bytesPerPixel }

    init(packed: UInt32) {
        self.packed = packed
        switch Layout.bytesPerPixel {
        case 4:
            a = unsafeBitCast(SIMD4<UInt32>(repeating: packed), to: SIMD16<UInt8>.self)
            (b, c) = (a, a)
        case 2:
            a = unsafeBitCast(SIMD8<UInt16>(repeating: UInt16(truncatingIfNeeded: packed)), to: SIMD16<UInt8>.self)
            (b, c) = (a, a)
        default:
            // Three-byte pixels: the 48-byte pattern is three different vectors.
            let p0 = UInt8(truncatingIfNeeded: packed), p1 = UInt8(truncatingIfNeeded: packed >> 8)
            let p2 = UInt8(truncatingIfNeeded: packed >> 16)
            a = SIMD16(p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0)
            b = SIMD16(p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1)
            c = SIMD16(p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2, p0, p1, p2)
        }
    }

    /// The 48-byte pattern at `offset` bytes from `q`.
    @inline(__always)
    func store48(_ q: UnsafeMutableRawPointer, _ offset: Int) {
        q.storeBytes(of: a, toByteOffset: offset, as: SIMD16<UInt8>.self)
        q.storeBytes(of: b, toByteOffset: offset &+ 16, as: SIMD16<UInt8>.self)
        q.storeBytes(of: c, toByteOffset: offset &+ 32, as: SIMD16<UInt8>.self)
    }

    /// Writes `count` pixels from `p` on, upwards in memory.
    @inline(__always)
    func fill(_ p: UnsafeMutableRawPointer, count: Int) {
        var q = p
        var left = count &* bytesPerPixel
        if bytesPerPixel != 3 {
            // One 16-byte vector repeats: long runs (a clear) go 1,024 bytes a pass.
            let long = LongFill.write(q, bytes: left, a)
            q += long
            left &-= long
        }
        while left >= 192 {
            store48(q, 0)
            store48(q, 48)
            store48(q, 96)
            store48(q, 144)
            q += 192
            left &-= 192
        }
        while left >= 48 {
            store48(q, 0)
            q += 48
            left &-= 48
        }
        // Under 48 bytes left, the pattern's phase back at its start: whole vectors first.
        if left >= 16 {
            q.storeBytes(of: a, toByteOffset: 0, as: SIMD16<UInt8>.self)
            q += 16
            left &-= 16
            if left >= 16 {
                q.storeBytes(of: b, toByteOffset: 0, as: SIMD16<UInt8>.self)
                q += 16
                left &-= 16
            }
        }
        // Under 16 bytes left: from where the vectors stopped, pixel by pixel. A 16-byte store
        // ends mid-pixel for 3-byte pixels; the pixel loop starts from the last whole pixel.
        if bytesPerPixel == 3 {
            let written = count &* 3 &- left
            let whole = written / 3 * 3
            q -= written &- whole
            left = count &* 3 &- whole
        }
        while left > 0 {
            Layout.store(packed, q)
            q += bytesPerPixel
            left &-= bytesPerPixel
        }
    }
}

/// Stores `packed` into every pixel of `rect` (clipped to the canvas) at memory speed: each run
/// of pixels adjacent in memory in one pass of wide stores, whichever way the canvas is turned,
/// and a whole unpadded buffer in one run.
func fillPacked<Layout: PixelLayout>(_ canvas: Canvas<Layout>, _ rect: IntRect, _ packed: UInt32) {
    let r = rect.intersection(canvas.bounds)
    if r.isEmpty { return }
    let bpp = Layout.bytesPerPixel
    // `Paint.run` picks the widest stores a run's length pays for.
    let paint = Paint<Layout>(packed: packed)
    @inline(__always) func fill(_ p: UnsafeMutableRawPointer, _ count: Int) { paint.run(p, count: count, step: bpp) }
    if canvas.xStep == bpp || canvas.xStep == -bpp {
        if canvas.xStep == bpp && r.x == 0 && r.width == canvas.width && canvas.yStep == bpp * Int(canvas.width) {
            fill(canvas.address(0, r.y), Int(r.width) * Int(r.height))
            return
        }
        // Logical rows are memory rows; a mirrored one starts at its right end.
        let startX = canvas.xStep > 0 ? r.x : r.maxX - 1
        for y in r.y..<r.maxY { fill(canvas.address(startX, y), Int(r.width)) }
    } else {
        // Turned a quarter: logical columns are memory rows.
        let startY = canvas.yStep > 0 ? r.y : r.maxY - 1
        for x in r.x..<r.maxX { fill(canvas.address(x, startY), Int(r.height)) }
    }
}
