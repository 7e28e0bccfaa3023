// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

@Suite("Frames on the mock display")
struct FrameTests {
    func screen(format: PixelFormat = .xrgb8888, rotation: Rotation = .none, padding: Int = 0, width: Int32 = 200, height: Int32 = 120)
        -> Screen<MemoryDisplay>
    {
        var p = Policy()
        p.showDelay = Milliseconds(0)
        var theme = Theme()
        theme.circularDiameter = 80
        theme.circularThickness = 8
        let logicalW = rotation.swapsAxes ? height : width, logicalH = rotation.swapsAxes ? width : height
        let engine = Engine(screenWidth: logicalW, screenHeight: logicalH, theme: theme, policy: p, text: BlockText())
        return Screen(
            engine: engine, display: MemoryDisplay(width: width, height: height, format: format, rotation: rotation, stridePadding: padding)
        )
    }

    @Test("a frame in which nothing changes is not drawn")
    func idleFramesSkipped() throws {
        let s = screen()
        try s.engine.run("show a circular value=40%", at: 0)
        try s.update(at: .milliseconds(0))
        try s.update(at: .milliseconds(500))
        let drawn = s.framesDrawn
        try s.update(at: .milliseconds(600))
        try s.update(at: .milliseconds(700))
        #expect(s.framesDrawn == drawn)
        #expect(s.framesSkipped >= 2)
        #expect(s.engine.nextChange(after: .milliseconds(700)) == nil)
    }

    @Test("a 1 % step redraws a few hundred pixels, not the ring's box")
    func damageFollowsInk() throws {
        let s = screen()
        try s.engine.run("show a circular value=40%", at: 0)
        try s.update(at: .milliseconds(1000))
        try s.engine.run("progress a 41%", at: 1000)
        let damage = try s.update(at: .milliseconds(2000))
        #expect(damage.area > 0 && damage.area < 800, "\(damage.rects)")
    }

    @Test("incremental frames equal a frame drawn from scratch")
    func incrementalMatchesFull() throws {
        let s = screen()
        try s.engine.run("show a circular label=\"Copying\" value=10%", at: 0)
        for t in stride(from: Int64(0), through: 3000, by: 100) {
            if t == 1000 { try s.engine.run("progress a 55%", at: t) }
            if t == 2000 { try s.engine.run("succeed a \"Copied\"", at: t) }
            try s.update(at: .milliseconds(t))
        }
        let fresh = screen()
        try fresh.engine.run("show a circular label=\"Copying\" value=10%", at: 0)
        try fresh.engine.run("progress a 55%", at: 1000)
        try fresh.engine.run("succeed a \"Copied\"", at: 2000)
        try fresh.update(at: .milliseconds(3000))
        #expect(s.display.rgb() == fresh.display.rgb())
    }

    @Test("animated frames drawn from damage equal frames drawn from scratch", arguments: ["circular", "spinner", "linear"])
    func animatedIncrementalMatchesFull(kind: String) throws {
        let s = screen()
        try s.engine.run("show a \(kind)", at: 0)
        var t = 0.0
        for frame in 0..<240 {
            t = Double(frame) * 1000 / 60
            let now = Instant.milliseconds(Int64(t))
            try s.update(at: now)
            if frame % 40 == 39 {
                let fresh = screen()
                try fresh.engine.run("show a \(kind)", at: 0)
                try fresh.update(at: now)
                let differing = zip(s.display.rgb(), fresh.display.rgb()).filter { $0 != $1 }.count
                #expect(differing == 0, "frame \(frame) at \(Int64(t)) ms: \(differing) bytes differ")
            }
        }
    }

    @Test("the stride is honoured: padding bytes are never written")
    func strideHonoured() throws {
        let s = screen(padding: 12)
        try s.engine.run("show a linear value=100%", at: 0)
        try s.engine.run("toast \"Hello\"", at: 0)
        try s.update(at: .milliseconds(1000))
        let memory = s.display.memory
        for row in 0..<Int(s.display.height) {
            let padStart = row * s.display.stride + 200 * 4
            #expect(memory[padStart..<(padStart + 12)].allSatisfy { $0 == 0 })
        }
    }

    @Test("every pixel format stores the same picture", arguments: PixelFormat.allCases)
    func formats(format: PixelFormat) throws {
        let reference = screen()
        let s = screen(format: format)
        for x in [reference, s] {
            try x.engine.run("show a circular value=60%", at: 0)
            try x.update(at: .milliseconds(1000))
        }
        let a = reference.display.rgb(), b = s.display.rgb()
        // 16-bit formats keep 5 or 6 bits a channel.
        let tolerance = format.bytesPerPixel == 2 ? 8 : 0
        var worst = 0
        for i in 0..<a.count { worst = max(worst, abs(Int(a[i]) - Int(b[i]))) }
        #expect(worst <= tolerance)
    }

    @Test("rotation turns the picture on the panel", arguments: [Rotation.quarter, .half, .threeQuarters])
    func rotation(rotation: Rotation) throws {
        let upright = screen(width: 120, height: 120)
        let turned = screen(rotation: rotation, width: 120, height: 120)
        for s in [upright, turned] {
            try s.engine.run("show a circular value=30%", at: 0)
            try s.update(at: .milliseconds(1000))
        }
        let a = upright.display.rgb(), b = turned.display.rgb()
        let n = 120
        var mismatches = 0
        for y in 0..<n {
            for x in 0..<n {
                // Where does logical (x, y) land physically?
                let (px, py): (Int, Int)
                switch rotation {
                case .quarter: (px, py) = (n - 1 - y, x)
                case .half: (px, py) = (n - 1 - x, n - 1 - y)
                case .threeQuarters: (px, py) = (y, n - 1 - x)
                case .none: (px, py) = (x, y)
                }
                if a[(y * n + x) * 3 + 2] != b[(py * n + px) * 3 + 2] { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("PNG output decodes to the display's pixels")
    func pngRoundTrip() throws {
        let s = screen(format: .rgb565)
        try s.engine.run("show a circular value=60%", at: 0)
        try s.update(at: .milliseconds(1000))
        let image = try PNGImage.decode(try s.display.png())
        #expect(image.width == 200 && image.height == 120)
        #expect(image.rgb == s.display.rgb())
    }

    @Test(
        "a lone circular indicator or spinner at the centre draws its first frame from ring shapes worked out when the screen was made",
        arguments: [(Int32(200), Int32(120)), (201, 120), (200, 121), (201, 121)])
    func centreRingsArePrepared(size: (Int32, Int32)) throws {
        for kind in ["circular value=40%", "spinner"] {
            let s = screen(width: size.0, height: size.1)
            let prepared = s.compositor.ringProfiles.count
            #expect(prepared >= 2, "\(kind) on \(size): \(prepared) quadrants prepared")
            try s.engine.run("show a \(kind)", at: 0)
            _ = try s.update(at: .milliseconds(100))
            #expect(s.compositor.ringProfiles.count == prepared, "\(kind) on \(size): the first frame worked out a new quadrant")
        }
    }

    @Test("rings larger than the screen are not prepared: they are never drawn at the centre")
    func largeCentreRingsAreLeftOut() {
        var theme = Theme()
        theme.circularDiameter = 4096
        theme.circularThickness = 2048
        theme.spinnerDiameter = 64
        let engine = Engine(screenWidth: 320, screenHeight: 240, theme: theme, policy: Policy(), text: BlockText())
        #expect(engine.centreRings.map(\.outerRadius) == [64 << 7])
        let s = Screen(engine: engine, display: MemoryDisplay(width: 320, height: 240, format: .xrgb8888))
        #expect(s.compositor.ringProfiles.byteCount < 64 * 1024)
    }
}

@Suite("Layer keys")
struct LayerKeyTests {
    @Test("every layer an activity draws is traced back to it; toasts and the app's backdrop belong to none")
    func tracedBack() throws {
        let engine = makeEngine()
        try engine.run("show up circular label=\"Uploading photos\" value=40% cancellable=yes", at: 0)
        try engine.run("show dl linear place=dialog label=\"Downloading the map\" value=10%", at: 0)
        try engine.run("toast \"Saved\"", at: 0)
        let layers = engine.layers(atMs: 1000)
        let serials = Set(layers.compactMap { LayerKey.serial(of: $0.key) })
        #expect(serials.count == 2, "two activities: \(serials)")
        #expect(layers.contains { LayerKey.serial(of: $0.key) == nil }, "the toast belongs to no activity")
        #expect(LayerKey.serial(of: LayerKey.backdrop(3)) == nil)
        #expect(LayerKey.serial(of: LayerKey.activity(7, .label) + 1) == 7, "a label's second line is still its activity's")
    }

    @Test("serials wrap before an activity's keys could reach the toasts' or the backdrop's")
    func wrap() {
        let last = LayerKey.serialLimit - 1
        #expect(LayerKey.activity(last, .label) + 7 < LayerKey.backdrop(0))
        #expect(LayerKey.activity(LayerKey.serialLimit) == LayerKey.activity(0))
    }
}
