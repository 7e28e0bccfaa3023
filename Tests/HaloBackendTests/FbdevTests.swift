import HaloBackends
import HaloEngine
import HaloMock
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
    func formats(bpp: UInt32, r: (UInt32, UInt32), g: (UInt32, UInt32), b: (UInt32, UInt32), t: (UInt32, UInt32), want: PixelFormat) throws {
        func f(_ x: (UInt32, UInt32)) -> Bitfield { Bitfield(offset: x.0, length: x.1) }
        #expect(try FramebufferFormat.pixelFormat(bitsPerPixel: bpp, red: f(r), green: f(g), blue: f(b), transp: f(t)) == want)
    }

    @Test("a layout Halo does not draw is an error that names it and the fix")
    func unsupportedFormat() {
        // RGB555, as some old drivers default to.
        do {
            _ = try FramebufferFormat.pixelFormat(
                bitsPerPixel: 16, red: Bitfield(offset: 10, length: 5), green: Bitfield(offset: 5, length: 5), blue: Bitfield(offset: 0, length: 5),
                transp: Bitfield(offset: 0, length: 0))
            Issue.record("RGB555 was accepted")
        } catch {
            #expect(error.description.contains("red 5@10") && error.description.contains("fbset"), "\(error.description)")
        }
    }

    @Test("frames reach the framebuffer as the mock display draws them, at its line length", arguments: [PixelFormat.rgb565, .xrgb8888, .rgb888])
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
            #expect(Array(fbBytes[(y * device.lineLength)..<(y * device.lineLength + row)]) == Array(mockBytes[(y * row)..<(y * row + row)]), "row \(y)")
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
