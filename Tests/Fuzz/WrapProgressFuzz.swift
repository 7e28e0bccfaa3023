// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// libFuzzer entry point for `halo wrap`'s path: a command's output, cut into pieces of a size
/// the first byte picks (and with a dd total when its low bit is set), read by
/// `CommandProgress`, each percentage sent to an engine as wrap sends it, and a frame drawn
/// after each. Nothing may trap; percentages only rise, stay within 0...100, and every line
/// wrap would send is accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWrapProgress(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let first = data[0]
    var progress = CommandProgress(totalBytes: first & 1 == 0 ? nil : UInt64(first) << 24)
    let engine = Engine(screenWidth: 160, screenHeight: 120, theme: Theme(), policy: Policy(), text: BlockText())
    let screen = Screen(engine: engine, display: FuzzDisplay(width: 160, height: 120, format: .xrgb8888, rotation: .none))
    var now = Instant.zero
    func send(_ line: String) {
        let reply = engine.reply(to: line, at: now).text
        if !reply.hasPrefix("ok") { fatalError("wrap's line '\(line)' was refused: \(reply)") }
        now = Instant(microseconds: now.microseconds + 16_667)
        _ = try? screen.update(at: now)
    }
    send("show wrap circular label=\"Copying\"")
    var last = -1
    func take(_ p: Int?) {
        guard let p else { return }
        if p <= last || p > 100 { fatalError("percentage \(p) after \(last)") }
        last = p
        send("progress wrap \(p)%")
    }
    let piece = 1 + Int(first >> 1) % 64
    var at = 1
    while at < size {
        let end = min(size, at + piece)
        take(progress.feed(UnsafeBufferPointer(start: data + at, count: end - at)))
        at = end
    }
    take(progress.finish())
    send("succeed wrap \"Copying: done\"")
    return 0
}
