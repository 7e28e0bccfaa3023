// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// A frame in `PremultipliedARGB8888` is a layer a Wayland compositor lays over an app with
/// `out = src + dst·(255 − src.a)/255` (pixman's OVER). It must hold only valid premultiplied
/// pixels, leave the app untouched where Halo draws nothing, and give over any colour what
/// Halo would have drawn straight over that colour.
@Suite("Premultiplied frames for a compositor to lay over an app")
struct PremultipliedLayerTests {
    /// pixman's OVER of one premultiplied pixel on an opaque XRGB8888 one.
    static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        XRGB8888.pack(PremultipliedARGB8888.over(src, app: Color(rgb: dst)))
    }

    static func frame(_ layers: [Layer], _ w: Int32, _ h: Int32, background: Color, into memory: UnsafeMutableRawPointer) {
        var compositor = Compositor(background: background)
        compositor.render(
            layers, into: Canvas<PremultipliedARGB8888>(memory: memory, physicalWidth: w, physicalHeight: h, stride: Int(w) * 4))
    }

    @Test("a clear background stores zero, and every pixel drawn has no colour byte above its alpha")
    func validPremultiplied() {
        let w: Int32 = 64, h: Int32 = 48
        for seed in UInt64(1)...60 {
            var r = FlatCompositingTests.Random(seed: seed)
            let layers = FlatCompositingTests.scene(&r, w, h)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: Int(w * h) * 4, alignment: 16)
            defer { memory.deallocate() }
            memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: Int(w * h) * 4)
            Self.frame(layers, w, h, background: .clear, into: memory)
            var invalid = 0, outside = 0
            for i in 0..<Int(w * h) {
                let v = memory.load(fromByteOffset: i * 4, as: UInt32.self)
                let a = v >> 24
                if v >> 16 & 0xFF > a || v >> 8 & 0xFF > a || v & 0xFF > a { invalid += 1 }
                let (x, y) = (Int32(i) % w, Int32(i) / w)
                let covered = layers.contains { $0.drawable.bounds.contains(IntRect(x: x, y: y, width: 1, height: 1)) }
                if !covered && v != 0 { outside += 1 }
            }
            #expect(invalid == 0, "seed \(seed): \(invalid) pixels with a colour byte above their alpha")
            #expect(outside == 0, "seed \(seed): \(outside) pixels outside every layer are not clear")
        }
    }

    @Test(
        "one translucent fill over a clear frame is its colour times its alpha, and over the app what blending it there gives, within rounding"
    )
    func translucentFill() {
        let w: Int32 = 4, h: Int32 = 2
        let memory = UnsafeMutableRawPointer.allocate(byteCount: Int(w * h) * 4, alignment: 16)
        defer { memory.deallocate() }
        for alpha: UInt8 in [1, 64, 128, 191, 254, 255] {
            let colour = Color(r: 200, g: 100, b: 7, a: alpha)
            Self.frame([Layer(key: 1, .fill(IntRect(x: 0, y: 0, width: w, height: h), colour))], w, h, background: .clear, into: memory)
            let a = UInt32(alpha)
            let stored = memory.load(as: UInt32.self)
            #expect(stored == a << 24 | Blend.mul255(200, a) << 16 | Blend.mul255(100, a) << 8 | Blend.mul255(7, a), "alpha \(alpha)")
            let app: UInt32 = 0xFF20_8040
            let seen = Self.over(stored, app)
            let direct = XRGB8888.mix(colour, packed: XRGB8888.pack(colour), over: app, alpha: a)
            for shift: UInt32 in [0, 8, 16] {
                let d = Int(seen >> shift & 0xFF) - Int(direct >> shift & 0xFF)
                #expect(
                    abs(d) <= 1,
                    "alpha \(alpha): channel at bit \(shift) is \(seen >> shift & 0xFF) over the app, \(direct >> shift & 0xFF) drawn there"
                )
            }
        }
    }

    @Test("any scene laid over an app's colour is what Halo draws over that colour itself, to within the roundings between")
    func sameAsDrawnOverTheApp() {
        let w: Int32 = 64, h: Int32 = 48, app = Color(r: 32, g: 128, b: 64)
        var worst = 0
        for seed in UInt64(1)...60 {
            var r = FlatCompositingTests.Random(seed: seed)
            // One layer deep: each translucent layer over another adds a rounding of its own.
            let layers = Array(FlatCompositingTests.scene(&r, w, h).prefix(1))
            let layer = UnsafeMutableRawPointer.allocate(byteCount: Int(w * h) * 4, alignment: 16)
            let drawn = UnsafeMutableRawPointer.allocate(byteCount: Int(w * h) * 4, alignment: 16)
            defer {
                layer.deallocate()
                drawn.deallocate()
            }
            Self.frame(layers, w, h, background: .clear, into: layer)
            var compositor = Compositor(background: app)
            compositor.render(layers, into: Canvas<XRGB8888>(memory: drawn, physicalWidth: w, physicalHeight: h, stride: Int(w) * 4))
            for i in 0..<Int(w * h) {
                let seen = Self.over(layer.load(fromByteOffset: i * 4, as: UInt32.self), XRGB8888.pack(app))
                let direct = drawn.load(fromByteOffset: i * 4, as: UInt32.self)
                for shift: UInt32 in [0, 8, 16] { worst = max(worst, abs(Int(seen >> shift & 0xFF) - Int(direct >> shift & 0xFF))) }
            }
        }
        // A translucent fill rounds twice (±1); an anti-aliased edge's coverage, in 256ths,
        // also becomes an alpha in 255ths: one more.
        #expect(worst <= 2, "a channel differs by \(worst)")
    }
}
