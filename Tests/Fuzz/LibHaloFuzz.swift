// SPDX-License-Identifier: Apache-2.0
import CHalo
import HaloLibrary
import HaloRender

/// The fuzzer's bytes, taken from the front; zeros once they run out.
struct FuzzBytes {
    let data: UnsafeBufferPointer<UInt8>
    var at = 0

    var isEmpty: Bool { at >= data.count }

    mutating func byte() -> UInt8 {
        defer { at += 1 }
        return at < data.count ? data[at] : 0
    }

    mutating func i32() -> Int32 {
        Int32(bitPattern: UInt32(byte()) | UInt32(byte()) << 8 | UInt32(byte()) << 16 | UInt32(byte()) << 24)
    }

    /// A number that is usually small, now and then any 32-bit value.
    mutating func size(_ small: Int32) -> Int32 { byte() < 240 ? 1 + Int32(byte()) % small : i32() }
}

/// libFuzzer entry point for libhalo's whole path, as an app drives it through halo.h's
/// functions: a screen of any size, then a stream of calls (control lines from a list with
/// values from the bytes, or the bytes themselves; times that mostly go forward; prepares; draws
/// over frames and into layers of any format, rotation, size and stride, with any damage;
/// touches and keys anywhere; forgets). Nothing may trap, every status must be one of halo.h's,
/// every rectangle handed back must lie on the screen, and a draw over a frame may change only
/// the bytes of the rectangles it lists, which hold every repaint that `halo_prepare` asked for.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibHalo(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var b = FuzzBytes(data: UnsafeBufferPointer(start: data, count: size))
    var config = halo_config(size: UInt32(MemoryLayout<halo_config>.size), width: b.size(200), height: b.size(200), board: nil, font: nil)
    if b.byte() == 0xFF { config.size = UInt32(b.byte()) }
    var made: OpaquePointer? = nil
    let status = create(&config, &made, nil, 0)
    guard let engine = made else {
        if status == HALO_SUCCESS { fatalError("halo_create succeeded with no engine") }
        return 0
    }
    defer { destroy(engine) }
    let screen = IntRect(x: 0, y: 0, width: config.width, height: config.height)
    var now: UInt64 = 0
    // What the last prepare asked to repaint, when it was listed whole (not folded).
    var repaint: [IntRect]? = []
    while !b.isEmpty {
        // Time mostly goes forward a frame or so; now and then it jumps, either way.
        let step = b.byte()
        now = step == 0xFF ? UInt64(bitPattern: Int64(b.i32()) << 20) : now &+ UInt64(step)
        switch b.byte() % 9 {
        case 0, 1: FuzzCalls.command(engine, &b, now)
        case 2:
            var rects = [halo_rect](repeating: halo_rect(), count: HaloRectsMax.value)
            var count = -1
            let capacity = 1 + Int(b.byte()) % HaloRectsMax.value
            FuzzCalls.expect(prepare(engine, now, &rects, capacity, &count), count: count, capacity: capacity)
            let listed = rects.prefix(max(0, count)).map(FuzzCalls.rect)
            FuzzCalls.onScreen(listed, screen)
            repaint = count < capacity ? listed : nil
        case 3: if FuzzCalls.drawOver(engine, &b, screen, repaint: repaint) { repaint = [] }
        case 4: FuzzCalls.drawLayer(engine, &b, screen)
        case 5:
            let phase = UInt32(b.byte() % 6)
            _ = touch(engine, Int32(b.byte() % 4), b.size(250) - 20, b.size(250) - 20, phase, now, nil, 0)
        case 6: _ = key(engine, UInt32(b.byte() % 6), now, nil, 0)
        case 7:
            forget(engine)
            repaint = []
        default:
            let wait = nextChange(engine, now)
            if wait < -1 { fatalError("halo_next_change said \(wait)") }
        }
    }
    return 0
}

/// HALO_RECTS_MAX, which Swift imports as a 32-bit constant.
enum HaloRectsMax {
    static let value = Int(HALO_RECTS_MAX)
}

/// The calls the fuzzer makes, each with what must hold after it.
enum FuzzCalls {
    static let lines = [
        "show a circular label=\"Uploading the photos\" value=%d%% cancellable=yes", "show b spinner label=\"Connecting\"",
        "show c circular value=%d%% place=top", "show d linear label=\"Syncing\" value=%d/100 place=toast",
        "show e circular value=%d%% place=dialog", "show f checkout label=\"Paying\"", "toast \"Saved %d files\"",
        "progress a %d%%", "progress d %d/100", "dismiss a", "dismiss f", "succeed a \"Uploaded %d\"", "fail e \"Failed %d\"",
        "cancel a", "pause a", "resume a", "label b \"Still connecting, %d\"", "show g linear value=%d%% region=10,10,120,30",
    ]

    static func command(_ engine: OpaquePointer, _ b: inout FuzzBytes, _ now: UInt64) {
        let text: String
        let pick = b.byte()
        if pick < 200 {
            text = lines[Int(pick) % lines.count].filled(Int(b.byte()) % 120)
        } else {
            // The bytes themselves, whatever they are, cut short of a zero.
            let n = Int(b.byte())
            var bytes: [UInt8] = []
            for _ in 0..<n { bytes.append(max(1, b.byte())) }
            text = String(decoding: bytes, as: UTF8.self)
        }
        var reply = [CChar](repeating: 0, count: Int(b.byte()) + 1)
        let status = text.withCString { HaloLibrary.command(engine, $0, now, &reply, reply.count) }
        if status != HALO_SUCCESS && status != HALO_ERROR_COMMAND { fatalError("halo_command gave \(status.rawValue)") }
        if !reply.contains(0) { fatalError("a reply was not terminated") }
    }

    /// Whether the draw was done.
    static func drawOver(_ engine: OpaquePointer, _ b: inout FuzzBytes, _ screen: IntRect, repaint: [IntRect]?) -> Bool {
        var frame = Frame(&b, screen, layer: false)
        if frame.tooBig { return false }
        var damage = (0..<Int(b.byte() % 5)).map { _ in
            halo_rect(x: b.i32() % 300, y: b.i32() % 300, width: b.size(200), height: b.size(200))
        }
        var rects = [halo_rect](repeating: halo_rect(), count: HaloRectsMax.value)
        var count = -1
        let capacity = 1 + Int(b.byte()) % HaloRectsMax.value
        let before = frame.bytes
        let status = frame.withFrame { f in HaloLibrary.drawOver(engine, &f, &damage, damage.count, &rects, capacity, &count) }
        expect(status, count: count, capacity: capacity, frame: true)
        guard status == HALO_SUCCESS else {
            if frame.bytes != before { fatalError("a refused draw changed the frame") }
            return false
        }
        let drawn = rects.prefix(count).map(rect)
        onScreen(drawn, screen)
        // Everything asked to be repainted was drawn; nothing outside what was listed changed.
        for r in repaint ?? [] where !drawn.contains(where: { $0.contains(r) }) && !covered(r, by: drawn) {
            fatalError("repaint \(r) is not within the drawn \(drawn)")
        }
        frame.checkChanges(from: before, within: drawn)
        return true
    }

    static func drawLayer(_ engine: OpaquePointer, _ b: inout FuzzBytes, _ screen: IntRect) {
        var frame = Frame(&b, screen, layer: true)
        if frame.tooBig { return }
        let before = frame.bytes
        var rects = [halo_rect](repeating: halo_rect(), count: HaloRectsMax.value)
        var count = -1
        let status = frame.withFrame { f in HaloLibrary.drawLayer(engine, &f, &rects, HaloRectsMax.value, &count) }
        expect(status, count: count, capacity: HaloRectsMax.value, frame: true)
        guard status == HALO_SUCCESS else { return }
        onScreen(rects.prefix(count).map(rect), screen)
        frame.checkChanges(from: before, within: rects.prefix(count).map(rect))
    }

    static func expect(_ status: halo_result, count: Int, capacity: Int, frame: Bool = false) {
        let allowed = [HALO_SUCCESS, HALO_ERROR_ARGUMENT, HALO_ERROR_ORDER] + (frame ? [HALO_ERROR_FRAME] : [])
        if !allowed.contains(status) { fatalError("status \(status.rawValue)") }
        if status == HALO_SUCCESS ? !(0...capacity).contains(count) : count != 0 { fatalError("count \(count) of \(capacity)") }
    }

    static func rect(_ r: halo_rect) -> IntRect { IntRect(x: r.x, y: r.y, width: r.width, height: r.height) }

    static func onScreen(_ rects: [IntRect], _ screen: IntRect) {
        for r in rects where r.isEmpty || !screen.contains(r) { fatalError("\(r) is not a rectangle of \(screen)") }
    }

    /// Whether every pixel of `r` lies in one of `rects`.
    static func covered(_ r: IntRect, by rects: [IntRect]) -> Bool {
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX where !rects.contains(where: { $0.contains(IntRect(x: x, y: y, width: 1, height: 1)) }) {
                return false
            }
        }
        return true
    }
}

/// Pixel memory the fuzzer hands libhalo: any format and rotation, usually of the screen's size
/// as it lies in memory, now and then not; rows padded by a few bytes or short of a row.
struct Frame {
    var bytes: [UInt8] = []
    let width: Int32, height: Int32, stride: Int32, format: UInt32, rotation: Int32
    /// The format's bytes per pixel (1 for 0 and 4 above 9, which are no halo_format).
    let bytesPerPixel: Int32
    /// More memory than a fuzzer's run should fill (a screen of thousands of pixels a side):
    /// not drawn.
    var tooBig = false

    init(_ b: inout FuzzBytes, _ screen: IntRect, layer: Bool) {
        let f = b.byte()
        format = layer && f < 200 ? UInt32(HALO_FORMAT_ARGB8888_PREMULTIPLIED.rawValue) : UInt32(f % 11)
        let turn = b.byte()
        rotation = turn < 250 ? Int32(turn % 4) * 90 : Int32(turn)
        let swapped = rotation == 90 || rotation == 270
        var w = swapped ? screen.height : screen.width, h = swapped ? screen.width : screen.height
        if b.byte() == 0xFF { (w, h) = (w &+ Int32(Int8(bitPattern: b.byte())), h &+ Int32(Int8(bitPattern: b.byte()))) }
        width = w
        height = h
        bytesPerPixel = [1, 4, 4, 4, 4, 2, 2, 3, 3, 4][min(Int(format), 9)]
        let row = Int64(max(1, w)) * Int64(bytesPerPixel)
        stride = Int32(clamping: row + Int64(b.byte() % 8) - (b.byte() == 0xFF ? 1 : 0))
        // All the memory the frame claims, filled with a pattern to see what changes.
        let total = Int64(max(1, stride)) * Int64(max(1, h))
        tooBig = total > 1 << 22
        if !tooBig { bytes = (0..<Int(total)).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) } }
    }

    mutating func withFrame(_ body: (inout halo_frame) -> halo_result) -> halo_result {
        let (width, height, stride, format, rotation) = (self.width, self.height, self.stride, self.format, self.rotation)
        return bytes.withUnsafeMutableBytes { memory in
            var f = halo_frame(pixels: memory.baseAddress, width: width, height: height, stride: stride, format: format, rotation: rotation)
            return body(&f)
        }
    }

    /// Every byte that changed belongs to a pixel inside one of `drawn`, turned as the frame is.
    func checkChanges(from before: [UInt8], within drawn: [IntRect]) {
        let target = RenderTarget(
            memory: UnsafeMutableRawPointer(bitPattern: 1)!, width: width, height: height, stride: Int(stride), format: .xrgb8888,
            rotation: Rotation(degrees: rotation) ?? .none)
        let physical = drawn.map { target.physicalRect($0) }
        let bpp = Int(bytesPerPixel)
        for i in bytes.indices where bytes[i] != before[i] {
            let y = Int32(i / Int(stride)), x = Int32(i % Int(stride) / bpp)
            if !physical.contains(where: { $0.contains(IntRect(x: x, y: y, width: 1, height: 1)) }) {
                fatalError("byte \(i) (pixel \(x),\(y)) changed outside \(physical)")
            }
        }
    }
}

extension String {
    /// The template with `value` for its `%d` and `%` for each `%%`, as printf would write it.
    func filled(_ value: Int) -> String {
        var out = ""
        var percent = false
        for c in self {
            if percent {
                out += c == "d" ? String(value) : String(c)
                percent = false
            } else if c == "%" {
                percent = true
            } else {
                out.append(c)
            }
        }
        return out
    }
}
