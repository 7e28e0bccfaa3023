// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// libFuzzer entry point for the whole path a client's commands take: the first bytes pick a
/// screen (size, rotation, pixel format) and a few theme sizes within the board schema's
/// ranges; the rest is a script whose commands run on the engine, are laid out, drawn and
/// shown on the LED ring. Nothing may trap, hang or damage pixels off the screen. Built and
/// run by `.ci/fuzz`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnginePath(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 6 else { return 0 }
    let b = UnsafeBufferPointer(start: data, count: size)
    let width = 16 + Int32(b[0]) * 2, height = 16 + Int32(b[1])
    let rotation = [Rotation.none, .quarter, .half, .threeQuarters][Int(b[2] & 3)]
    let format = PixelFormat.allCases[Int(b[2] >> 2) % PixelFormat.allCases.count]
    var theme = Theme()
    theme.circularDiameter = 8 + Int32(b[3]) * 2
    theme.circularThickness = max(1, min(theme.circularDiameter / 2, Int32(b[4] & 63)))
    theme.toastHeight = 16 + Int32(b[5]) * 4
    theme.linearWidth = 8 + Int32(b[4]) * 4
    var policy = Policy()
    policy.showDelay = Milliseconds(Int64(b[5] & 1) * 500)
    let text = String(decoding: b[6...], as: UTF8.self)
    playThroughRenderer(
        Script(parsing: text), width: width, height: height, rotation: rotation, format: format, theme: theme, policy: policy)
    return 0
}
