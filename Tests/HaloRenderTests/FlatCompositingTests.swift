// SPDX-License-Identifier: Apache-2.0
import Testing

@testable import HaloRender

/// The compositor keeps flat parts as values (`FlatTiles`) and writes them with wide stores;
/// every frame must still be byte for byte what drawing every layer pixel by pixel gives, in
/// every pixel format, at every rotation, over the first frame and damage-limited redraws.
@Suite("Flat compositing against drawing every pixel")
struct FlatCompositingTests {
    struct Random {
        var seed: UInt64
        mutating func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(max(1, n)))
        }
        mutating func colour(opaque: Bool) -> Color {
            let a: UInt8 = opaque ? 255 : [0, 1, 26, 128, 200, 230, 254, 255][next(8)]
            return Color(r: UInt8(next(256)), g: UInt8(next(256)), b: UInt8(next(256)), a: a)
        }
    }

    /// A frame of the kinds of layer the engine draws, at places and sizes `r` picks, on a
    /// `w`×`h` screen: dimming fills over all or part of it, boxes, rings, bars, capsules, text.
    static func scene(_ r: inout Random, _ w: Int32, _ h: Int32) -> [Layer] {
        var layers: [Layer] = []
        for k in 0..<(3 + r.next(8)) {
            let key = UInt32(k) << 4
            let x = Int32(r.next(Int(w))) - 8, y = Int32(r.next(Int(h))) - 8
            let bw = Int32(4 + r.next(Int(w))), bh = Int32(4 + r.next(Int(h)))
            switch r.next(8) {
            case 0:
                let whole = r.next(2) == 0
                let rect = whole ? IntRect(x: 0, y: 0, width: w, height: h) : IntRect(x: x, y: y, width: bw, height: bh)
                layers.append(Layer(key: key, .fill(rect, r.colour(opaque: r.next(3) == 0))))
            case 1, 2:
                let shape = RoundedRectShape(
                    x: x * 256 + Int32(r.next(256)), y: y * 256 + Int32(r.next(256)), width: bw * 256 + Int32(r.next(256)),
                    height: bh * 256, radius: Int32(r.next(Int(min(bw, bh)) * 128 + 1)), color: r.colour(opaque: r.next(2) == 0),
                    strokeWidth: r.next(4) == 0 ? Int32(256 + r.next(512)) : 0)
                layers.append(Layer(key: key, .roundedRect(shape)))
            case 3:
                let outer = Int32(3 + r.next(Int(min(w, h)) / 2)) * 256
                layers.append(
                    Layer(
                        key: key,
                        .ring(
                            RingShape(
                                centerX: x * 256 + 128, centerY: y * 256 + 77, outerRadius: outer, innerRadius: outer * 2 / 3,
                                track: r.colour(opaque: false), indicator: r.colour(opaque: true),
                                arcStart: Angle(units: Int32(r.next(65536))),
                                arcSweep: Angle(units: Int32(r.next(65536))), roundCaps: r.next(2) == 0))))
            case 4:
                layers.append(
                    Layer(
                        key: key,
                        .bar(
                            BarShape(
                                x: x * 256, y: y * 256 + 100, width: bw * 256, height: 6 * 256, radius: 3 * 256,
                                track: r.colour(opaque: false),
                                indicator: r.colour(opaque: true), fillTo: bw * 128))))
            case 5:
                layers.append(
                    Layer(
                        key: key,
                        .capsule(
                            CapsuleShape(
                                x0: x * 256, y0: y * 256, x1: (x + bw / 2) * 256, y1: y * 256 + 300, radius: 700,
                                color: r.colour(opaque: false)))))
            case 6:
                // A picture: opaque, clear and translucent pixels mixed, or all opaque.
                let iw = Int32(1 + r.next(40)), ih = Int32(1 + r.next(30)), opaque = r.next(3) == 0
                let pixels = (0..<Int(iw * ih)).map { _ in r.colour(opaque: opaque) }
                layers.append(Layer(key: key, .image(ImageShape(bitmap: Bitmap(width: iw, height: ih, pixels: pixels)!, x: x, y: y))))
            default:
                let mw = Int32(1 + r.next(70)), mh = Int32(1 + r.next(30))
                let coverage = (0..<Int(mw * mh)).map { _ in UInt8(r.next(256)) }
                layers.append(
                    Layer(
                        key: key,
                        .mask(
                            MaskShape(
                                mask: CoverageMask(width: mw, height: mh, coverage: coverage), x: x, y: y, color: r.colour(opaque: false))))
                )
            }
        }
        return layers
    }

    /// Every layer drawn over the whole screen, pixel by pixel, on a fresh buffer.
    static func reference<Layout: PixelLayout>(_ layers: [Layer], background: Color, _ canvas: Canvas<Layout>) {
        fillPacked(canvas, canvas.bounds, Layout.packBackground(background))
        for layer in layers { layer.drawable.draw(into: canvas, clip: canvas.bounds) }
    }

    func check<Layout: PixelLayout>(
        _ layout: Layout.Type, rotation: Rotation, seed: UInt64,
        scene: (inout Random, Int32, Int32) -> [Layer] = { FlatCompositingTests.scene(&$0, $1, $2) },
        minimum: (width: Int32, height: Int32) = (0, 0)
    ) {
        var r = Random(seed: seed)
        let width = max(minimum.width, Int32(17 + r.next(60))), height = max(minimum.height, Int32(9 + r.next(50)))
        let stride = Int(width) * Layout.bytesPerPixel + r.next(3) * 4
        let bytes = stride * Int(height)
        let shown = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        let want = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer {
            shown.deallocate()
            want.deallocate()
        }
        shown.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        let canvas = Canvas<Layout>(memory: shown, physicalWidth: width, physicalHeight: height, stride: stride, rotation: rotation)
        let reference = Canvas<Layout>(memory: want, physicalWidth: width, physicalHeight: height, stride: stride, rotation: rotation)
        // The premultiplied layout's frame is a layer over someone else's picture: its
        // background is as often clear or see-through as opaque.
        let see = Layout.self == PremultipliedARGB8888.self && r.next(3) != 0
        var compositor = Compositor(background: see ? r.colour(opaque: false) : r.colour(opaque: true))
        var layers = scene(&r, canvas.width, canvas.height)
        for frame in 0..<4 {
            compositor.render(layers, into: canvas)
            want.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
            Self.reference(layers, background: compositor.background, reference)
            var differing = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where Layout.load(canvas.address(x, y)) != Layout.load(reference.address(x, y)) { differing += 1 }
            }
            #expect(differing == 0, "\(Layout.format) \(rotation) seed \(seed) frame \(frame): \(differing) pixels differ")
            // The next frame changes some layers, so only their damage is redrawn.
            let next = scene(&r, canvas.width, canvas.height)
            for (i, layer) in next.enumerated() where r.next(3) == 0 {
                if i < layers.count { layers[i] = Layer(key: layers[i].key, layer.drawable) } else { layers.append(layer) }
            }
            if r.next(4) == 0, !layers.isEmpty { layers.removeLast() }
        }
    }

    @Test(
        "byte for byte the same as drawing every layer, in every format and rotation, first frames and redraws",
        arguments: Rotation.allCases)
    func sameAsEveryPixel(rotation: Rotation) {
        for seed in UInt64(1)...40 {
            check(XRGB8888.self, rotation: rotation, seed: seed)
            check(ARGB8888.self, rotation: rotation, seed: seed)
            check(XBGR8888.self, rotation: rotation, seed: seed)
            check(ABGR8888.self, rotation: rotation, seed: seed)
            check(RGB565.self, rotation: rotation, seed: seed)
            check(BGR565.self, rotation: rotation, seed: seed)
            check(RGB888.self, rotation: rotation, seed: seed)
            check(BGR888.self, rotation: rotation, seed: seed)
            check(PremultipliedARGB8888.self, rotation: rotation, seed: seed)
        }
    }

    /// A checkout's picture: the screen dimmed, a translucent box, text over both, a spinner.
    static func textOverFlat(_ r: inout Random, _ w: Int32, _ h: Int32) -> [Layer] {
        func text(_ x: Int32, _ y: Int32, _ mw: Int32, _ mh: Int32, _ r: inout Random) -> MaskShape {
            let coverage = (0..<Int(mw * mh)).map { _ in UInt8(r.next(256)) }
            var colour = r.colour(opaque: r.next(2) == 0)
            colour.a = [128, 200, 255][r.next(3)]
            return MaskShape(mask: CoverageMask(width: mw, height: mh, coverage: coverage), x: x, y: y, color: colour)
        }
        let box = RoundedRectShape(
            x: 512, y: 384, width: (w - 4) * 256, height: (h - 3) * 256, radius: 1024, color: r.colour(opaque: false))
        return [
            Layer(key: 0, .fill(IntRect(x: 0, y: 0, width: w, height: h), r.colour(opaque: false))),
            Layer(key: 16, .mask(text(0, 0, w, 2, &r))),
            Layer(key: 32, .roundedRect(box)),
            Layer(key: 48, .mask(text(6, 6, max(1, w - 12), max(1, h - 12), &r))),
            Layer(
                key: 64,
                .ring(
                    RingShape(
                        centerX: w * 128, centerY: h * 128, outerRadius: 1280, innerRadius: 900, track: r.colour(opaque: false),
                        indicator: r.colour(opaque: true), arcSweep: Angle(units: 20000)))),
        ]
    }

    @Test(
        "text over a dimmed screen and a translucent box is the same as drawing every pixel, in every format and rotation",
        arguments: Rotation.allCases)
    func textOverFlat(rotation: Rotation) {
        let formats: [any PixelLayout.Type] = [XRGB8888.self, RGB565.self, BGR888.self, ABGR8888.self, PremultipliedARGB8888.self]
        check(formats, rotation: rotation, seeds: 1...12, minimum: (48, 32)) {
            FlatCompositingTests.textOverFlat(&$0, $1, $2)
        }
    }

    /// `check` for each seed and each of `formats`, on screens at least `minimum` large.
    func check(
        _ formats: [any PixelLayout.Type], rotation: Rotation, seeds: ClosedRange<UInt64>, minimum: (width: Int32, height: Int32),
        scene: @escaping (inout Random, Int32, Int32) -> [Layer]
    ) {
        for seed in seeds {
            for format in formats { check(format, rotation: rotation, seed: seed, scene: scene, minimum: minimum) }
        }
    }

    /// Rings large enough for their rims to be blended from a memo (`CoverMemo`), with opaque
    /// and translucent paints, over the background, over an opaque box, under and over other
    /// layers, and sometimes on a dimmed screen.
    static func largeRings(_ r: inout Random, _ w: Int32, _ h: Int32) -> [Layer] {
        var layers: [Layer] = []
        if r.next(3) == 0 {
            layers.append(Layer(key: 0, .fill(IntRect(x: 0, y: 0, width: w, height: h), r.colour(opaque: r.next(2) == 0))))
        }
        if r.next(2) == 0 {
            let box = RoundedRectShape(x: 0, y: 0, width: w * 256, height: h * 256, radius: 2048, color: r.colour(opaque: true))
            layers.append(Layer(key: 16, .roundedRect(box)))
        }
        for k in 0..<(1 + r.next(3)) {
            let outer = Int32(34 + r.next(12)) * 256 + Int32(r.next(256))
            let ring = RingShape(
                centerX: w * 128 + Int32(r.next(1024)) - 512, centerY: h * 128 + Int32(r.next(1024)) - 512, outerRadius: outer,
                innerRadius: outer - Int32(2 + r.next(10)) * 256, track: r.colour(opaque: r.next(4) != 0),
                indicator: r.colour(opaque: r.next(4) != 0), arcStart: Angle(units: Int32(r.next(65536))),
                arcSweep: Angle(units: Int32(r.next(70000))), roundCaps: r.next(2) == 0)
            layers.append(Layer(key: 32 + UInt32(k) << 4, .ring(ring)))
        }
        if r.next(2) == 0 {
            layers.insert(Layer(key: 128, .fill(IntRect(x: 4, y: 4, width: 30, height: 20), r.colour(opaque: true))), at: layers.count - 1)
        }
        return layers
    }

    @Test(
        "large rings over one colour are the same as drawing every pixel, in every format and rotation",
        arguments: Rotation.allCases)
    func largeRingsOverFlat(rotation: Rotation) {
        check([RGB565.self, BGR565.self, RGB888.self, XRGB8888.self], rotation: rotation, seeds: 1...10, minimum: (100, 96)) {
            FlatCompositingTests.largeRings(&$0, $1, $2)
        }
    }

    @Test("a ring told one colour lies under it, over a screen half of another, blends each pixel over what it holds")
    func ringOverMixedGround() {
        let (w, h): (Int32, Int32) = (96, 96)
        let bytes = Int(w * h) * 2
        let shown = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        let want = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        defer {
            shown.deallocate()
            want.deallocate()
        }
        let a = Canvas<RGB565>(memory: shown, physicalWidth: w, physicalHeight: h, stride: Int(w) * 2)
        let b = Canvas<RGB565>(memory: want, physicalWidth: w, physicalHeight: h, stride: Int(w) * 2)
        let ground = Color(rgb: 0x204060), other = Color(rgb: 0xC08020)
        for canvas in [a, b] {
            fillRect(canvas, canvas.bounds, ground, clip: canvas.bounds)
            fillRect(canvas, IntRect(x: 48, y: 0, width: 48, height: 96), other, clip: canvas.bounds)
        }
        let ring = RingShape(
            centerX: 48 * 256, centerY: 48 * 256, outerRadius: 44 * 256, innerRadius: 36 * 256, track: Color(rgb: 0x10E010),
            indicator: Color(rgb: 0xF0F0F0), arcSweep: Angle(units: 40000))
        drawRing(a, ring, clip: a.bounds, over: RGB565.pack(ground))
        drawRing(b, ring, clip: b.bounds)
        let differing = (0..<bytes).filter {
            shown.load(fromByteOffset: $0, as: UInt8.self) != want.load(fromByteOffset: $0, as: UInt8.self)
        }
        #expect(differing.isEmpty)
    }

    @Test("flat tiles never overlap, and cover what they are given minus what was written out")
    func tilesStayDisjoint() {
        var r = Random(seed: 99)
        for _ in 0..<300 {
            let whole = IntRect(x: 0, y: 0, width: 64, height: 48)
            var tiles = FlatTiles(whole, 1)
            var written: [IntRect] = []
            for step in 0..<12 {
                let rect = IntRect(x: Int32(r.next(70)) - 3, y: Int32(r.next(50)) - 3, width: Int32(r.next(40)), height: Int32(r.next(30)))
                switch step % 3 {
                case 0: tiles.update(rect.intersection(whole)) { $0 &+ 1 }
                case 1: tiles.set(rect.intersection(whole), UInt32(step))
                default:
                    tiles.remove(rect.intersection(whole))
                    written.append(rect.intersection(whole))
                }
                for i in tiles.rects.indices {
                    for j in tiles.rects.indices where j > i { #expect(!tiles.rects[i].intersects(tiles.rects[j])) }
                }
            }
            let covered = tiles.rects.reduce(Int64(0)) { $0 + $1.area }
            var free: Int64 = 0
            var parts: [IntRect] = []
            tiles.forEachUncovered(in: whole) { part in
                free += part.area
                parts.append(part)
            }
            #expect(covered + free == whole.area)
            for i in parts.indices {
                for j in parts.indices where j > i { #expect(!parts[i].intersects(parts[j])) }
                for t in tiles.rects { #expect(!parts[i].intersects(t)) }
            }
        }
    }
}
