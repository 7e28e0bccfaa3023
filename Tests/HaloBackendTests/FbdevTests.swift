// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloEngine
import HaloHAL
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// Framebuffer memory as fbdev presents it: rows `lineLength` bytes apart (often more than the
/// pixels need), and a count of flushes. It stands in for /dev/fbN; the QEMU test covers the
/// real device.
final class MemoryFramebuffer: FramebufferDevice {
    let width: Int32, height: Int32
    let format: PixelFormat
    let lineLength: Int
    let memory: UnsafeMutableRawPointer
    var flushes = 0
    static let padding: UInt8 = 0xA5

    init(width: Int32, height: Int32, format: PixelFormat, padding: Int) {
        self.width = width
        self.height = height
        self.format = format
        lineLength = Int(width) * Int(format.bytesPerPixel) + padding
        memory = .allocate(byteCount: lineLength * Int(height), alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: Self.padding, count: lineLength * Int(height))
    }

    deinit { memory.deallocate() }

    func flush() { flushes += 1 }

    func bytes() -> [UInt8] { Array(UnsafeRawBufferPointer(start: memory, count: lineLength * Int(height))) }
}

/// Two pages of framebuffer memory and a pan register, like a driver that double-buffers.
final class PagedMemoryFramebuffer: FramebufferDevice {
    let width: Int32, height: Int32
    let format: PixelFormat
    let lineLength: Int
    let memory: UnsafeMutableRawPointer
    var shown = 0
    var pans = 0

    init(width: Int32, height: Int32, format: PixelFormat) {
        self.width = width
        self.height = height
        self.format = format
        lineLength = Int(width) * Int(format.bytesPerPixel)
        memory = .allocate(byteCount: lineLength * Int(height) * 2, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0x5A, count: lineLength * Int(height) * 2)
    }

    deinit { memory.deallocate() }

    var pageCount: Int { 2 }
    func page(_ index: Int) -> UnsafeMutableRawPointer { memory + index * lineLength * Int(height) }
    func show(page index: Int) throws(DisplayError) {
        shown = index
        pans += 1
    }
    func flush() {}

    /// What the screen shows: the page panned to.
    func visible() -> [UInt8] { Array(UnsafeRawBufferPointer(start: page(shown), count: lineLength * Int(height))) }
}

@Suite("fbdev backend (memory framebuffer standing in for /dev/fbN)")
struct FbdevTests {
    @Test(
        "the pixel format comes from the driver's bitfields",
        arguments: [
            (32, (16, 8), (8, 8), (0, 8), (0, 0), PixelFormat.xrgb8888),
            (32, (16, 8), (8, 8), (0, 8), (24, 8), .argb8888),
            (32, (0, 8), (8, 8), (16, 8), (0, 0), .xbgr8888),
            (32, (0, 8), (8, 8), (16, 8), (24, 8), .abgr8888),
            (24, (16, 8), (8, 8), (0, 8), (0, 0), .rgb888),
            (24, (0, 8), (8, 8), (16, 8), (0, 0), .bgr888),
            (16, (11, 5), (5, 6), (0, 5), (0, 0), .rgb565),
            (16, (0, 5), (5, 6), (11, 5), (0, 0), .bgr565),
        ] as [(UInt32, (UInt32, UInt32), (UInt32, UInt32), (UInt32, UInt32), (UInt32, UInt32), PixelFormat)])
    func formats(bpp: UInt32, r: (UInt32, UInt32), g: (UInt32, UInt32), b: (UInt32, UInt32), t: (UInt32, UInt32), want: PixelFormat) throws
    {
        func f(_ x: (UInt32, UInt32)) -> Bitfield { Bitfield(offset: x.0, length: x.1) }
        #expect(try FramebufferFormat.pixelFormat(bitsPerPixel: bpp, red: f(r), green: f(g), blue: f(b), transp: f(t)) == want)
    }

    @Test("a layout Halo does not draw is an error that names it and the fix")
    func unsupportedFormat() {
        // RGB555, as some old drivers default to.
        do {
            _ = try FramebufferFormat.pixelFormat(
                bitsPerPixel: 16, red: Bitfield(offset: 10, length: 5), green: Bitfield(offset: 5, length: 5),
                blue: Bitfield(offset: 0, length: 5),
                transp: Bitfield(offset: 0, length: 0))
            Issue.record("RGB555 was accepted")
        } catch {
            #expect(error.description.contains("red 5@10") && error.description.contains("fbset"), "\(error.description)")
        }
    }

    @Test(
        "frames reach the framebuffer as the mock display draws them, at its line length",
        arguments: [PixelFormat.rgb565, .xrgb8888, .rgb888])
    func framesMatchMock(format: PixelFormat) throws {
        let device = MemoryFramebuffer(width: 96, height: 64, format: format, padding: 12)
        let fb = FbdevDisplay(device: device)
        let mock = MemoryDisplay(width: 96, height: 64, format: format)
        func play<D: Display>(_ s: Screen<D>) throws {
            try s.engine.apply(parse("show a circular value=40%"), at: .zero)
            try s.update(at: .milliseconds(1000))
            try s.engine.apply(parse("progress a 70%"), at: .milliseconds(1000))
            try s.update(at: .milliseconds(2000))
        }
        try play(Screen(engine: engine(), display: fb))
        try play(Screen(engine: engine(), display: mock))
        let bpp = Int(format.bytesPerPixel), row = 96 * bpp
        let fbBytes = device.bytes(), mockBytes = mock.memory
        for y in 0..<64 {
            #expect(
                Array(fbBytes[(y * device.lineLength)..<(y * device.lineLength + row)]) == Array(mockBytes[(y * row)..<(y * row + row)]),
                "row \(y)")
            // The bytes past each row's pixels are the driver's: never written.
            #expect(fbBytes[(y * device.lineLength + row)..<((y + 1) * device.lineLength)].allSatisfy { $0 == MemoryFramebuffer.padding })
        }
        #expect(device.flushes == 2)
    }

    @Test("only damaged rectangles are copied; a frame with no damage copies and flushes nothing")
    func copiesOnlyDamage() throws {
        let device = MemoryFramebuffer(width: 200, height: 120, format: .xrgb8888, padding: 0)
        let fb = FbdevDisplay(device: device)
        let s = Screen(engine: engine(), display: fb)
        try s.engine.apply(parse("show a circular value=40%"), at: .zero)
        try s.update(at: .milliseconds(1000))
        let afterFirst = fb.bytesPushed
        #expect(afterFirst == 200 * 120 * 4)
        try s.engine.apply(parse("progress a 41%"), at: .milliseconds(1000))
        let damage = try s.update(at: .milliseconds(2000))
        #expect(fb.bytesPushed - afterFirst == damage.area * 4)
        #expect(damage.area > 0 && damage.area < 2000)
        let flushes = device.flushes
        try s.update(at: .milliseconds(3000))
        #expect(device.flushes == flushes && fb.bytesPushed - afterFirst == damage.area * 4)
    }

    @Test("panning: every frame lands whole on the hidden page and is panned to, though each draws only its damage; no damage, no pan")
    func panningShowsWholeFrames() throws {
        let device = PagedMemoryFramebuffer(width: 96, height: 64, format: .xrgb8888)
        let fb = FbdevDisplay(device: device)
        let mock = MemoryDisplay(width: 96, height: 64, format: .xrgb8888)
        let a = Screen(engine: engine(), display: fb), b = Screen(engine: engine(), display: mock)
        let steps = ["show a circular value=10%", "progress a 35%", "progress a 60%", "progress a 61%", "succeed a \"Done\" persist"]
        func step<D: Display>(_ s: Screen<D>, _ line: String, _ i: Int) throws {
            try s.engine.apply(parse(line), at: .milliseconds(Int64(i) * 1000))
            try s.update(at: .milliseconds(Int64(i) * 1000 + 900))
        }
        for (i, line) in steps.enumerated() {
            try step(a, line, i)
            try step(b, line, i)
            #expect(device.visible() == Array(mock.memory), "frame \(i) on page \(device.shown)")
        }
        #expect(device.pans == steps.count)
        // A frame with no damage (the daemon's `sync` when nothing changed) must not pan to the
        // other page: under DRM's fbdev emulation a pan shows that page before its copy lands.
        try fb.present(damage: [])
        #expect(device.pans == steps.count && device.visible() == Array(mock.memory))
    }

    func engine() -> Engine {
        var policy = Policy()
        policy.showDelay = Milliseconds(0)
        var theme = Theme()
        theme.circularDiameter = 48
        theme.circularThickness = 6
        return Engine(screenWidth: 96, screenHeight: 64, theme: theme, policy: policy, text: BlockText())
    }

    func parse(_ line: String) -> Command {
        switch CommandParser.parse(line) {
        case .success(let c): return c
        case .failure(let e): fatalError("\(line): \(e)")
        }
    }
}
