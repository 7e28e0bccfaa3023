// SPDX-License-Identifier: Apache-2.0
import CZlib
import HaloBoards
import HaloRender

/// libFuzzer entry point for pictures: the bytes as a board's PNG file, through the decoder,
/// then fitted to a small screen and drawn by the compositor in two pixel formats and a
/// rotation, as a logo is. Decoding must end in a bitmap or a PictureError with words, never
/// a trap, and no bitmap it makes may make scaling or drawing trap. The chunks' CRCs are put
/// right first, so that mutations reach the inflating, filters and colours behind them (the
/// CRC check itself is the unit tests').
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fixCRCs(&bytes)
    let bitmap: Bitmap
    do { bitmap = try PNGDecoder.decode(bytes) } catch {
        if error.description.isEmpty { fatalError("a picture error without words") }
        return 0
    }
    let fit = bitmap.fittedSize(width: 48, height: 40)
    let logo = bitmap.scaled(width: fit.width, height: fit.height)
    guard logo.width <= 48 && logo.height <= 40 else { fatalError("a fitted picture is \(logo.width)×\(logo.height)") }
    let layers = [Layer(key: 1, .image(ImageShape(bitmap: logo, x: 3, y: -2)))]
    draw(layers, XRGB8888.self, rotation: .none)
    draw(layers, RGB565.self, rotation: .quarter)
    return 0
}

func draw<Layout: PixelLayout>(_ layers: [Layer], _ layout: Layout.Type, rotation: Rotation) {
    let (w, h): (Int32, Int32) = (50, 40)
    let stride = Int(w) * Layout.bytesPerPixel
    let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * Int(h), alignment: 16)
    defer { memory.deallocate() }
    let canvas = Canvas<Layout>(memory: memory, physicalWidth: w, physicalHeight: h, stride: stride, rotation: rotation)
    var compositor = Compositor(background: Color(r: 16, g: 16, b: 18))
    compositor.render(layers, into: canvas)
}

/// Rewrites each whole chunk's CRC to match its type and data.
func fixCRCs(_ bytes: inout [UInt8]) {
    var at = 8
    while bytes.count - at >= 12 {
        let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
        guard length <= bytes.count - at - 12 else { return }
        let crc = bytes[(at + 4)..<(at + 8 + length)].withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, UInt32($0.count))) }
        for k in 0..<4 { bytes[at + 8 + length + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        at += 12 + length
    }
}
