// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloFreeType
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The font every run damages: Debian's DejaVu Sans, read once.
nonisolated(unsafe) var fontBytes: [UInt8] = {
    let fd = open(FreeTypeText.defaultFontPath, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}()

/// The good font, loaded once for the text half of the runs.
nonisolated(unsafe) let sound = try? FreeTypeText()

/// libFuzzer entry point for a label's text through shaping, bidirectional ordering and
/// rasterising and into a label's lines: the first byte picks the size and whether the run damages the font. Text runs
/// take the rest as bytes of any kind (invalid UTF-8 comes through as U+FFFD, as it does from
/// a client), often repeated into a long line of marks or direction controls. Font runs write
/// DejaVu cut at a length the bytes choose, with bytes the fuzzer chooses written over it, and
/// load, shape and draw a line of Latin, Arabic and Hebrew with it. Nothing may trap, hang or
/// make a mask larger than the text's own bounds allow. Built and run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let b = UnsafeBufferPointer(start: data, count: size)
    let pixels = 1 + Int32(b[0] & 63)
    if b[0] & 0x80 == 0 {
        guard let text = sound else { return 0 }
        var line = String(decoding: b[1...], as: UTF8.self)
        // A short pattern made long: 4 KiB of combining marks, isolates or overrides.
        if b[0] & 0x40 != 0 && !line.isEmpty && line.utf8.count < 64 {
            line = String(repeating: line, count: 4096 / line.utf8.count)
        }
        draw(line, with: text, size: pixels)
        layOut(line, with: text, size: pixels, room: Int32(b[1]) * 4)
        return 0
    }
    guard fontBytes.count > 64, size >= 4 else { return 0 }
    var font = fontBytes
    let cut = (Int(b[1]) << 8 | Int(b[2])) * fontBytes.count / 65536
    font.removeLast(font.count - max(12, cut))
    var i = 3
    while i + 2 < size {
        let at = (Int(b[i]) << 8 | Int(b[i + 1])) * font.count / 65536
        font[at] = b[i + 2]
        i += 3
    }
    let path = "/tmp/halo-fuzz-font-\(getpid()).ttf"
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { return 0 }
    _ = font.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    close(fd)
    defer { unlink(path) }
    guard let damaged = try? FreeTypeText(fontPath: path) else { return 0 }
    draw("office AV مرحبا שָׁלוֹם e\u{301} 40 %", with: damaged, size: pixels)
    return 0
}

func draw(_ line: String, with text: FreeTypeText, size: Int32) {
    let width = text.width(of: line, size: size)
    precondition(width >= 0 && Int64(width) <= Int64(size) * 4 * 4096, "a line's width stays within its bound: \(width)")
    _ = text.glyphPositions(of: line, size: size)
    // The engine draws only lines it has fitted to the screen; so does this.
    guard Int64(width) * Int64(text.lineHeight(size: size)) <= 4 << 20 else { return }
    let mask = text.render(line, size: size)
    precondition(mask.coverage.count == Int(mask.width) * Int(mask.height), "a mask's bytes match its size")
}

/// Lines broken by UAX #14 over the shaped widths: in bounded time (libFuzzer's timeout), never
/// more than two, and no more text than the label holds (and the ellipsis).
func layOut(_ line: String, with text: FreeTypeText, size: Int32, room: Int32) {
    let layout = LabelLayout.lines(line, maxWidth: room) { text.width(of: $0, size: size) }
    precondition(layout.lines.count <= LabelLayout.maximumLines, "at most two lines")
    let shown = layout.lines.reduce(0) { $0 + $1.unicodeScalars.count }
    precondition(shown <= line.unicodeScalars.count + 1, "lines hold only the label's text")
}
