// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloBoards
import HaloEngine
import HaloRender

/// libFuzzer entry point for board files: the bytes are written to a file and loaded through
/// libyaml and the schema; a board that loads drives an engine whose indicators, toasts and
/// checkout are laid out and drawn with its theme, size, rotation and format (boards up to
/// 640×640, to keep runs fast). Loading must end in a board or a BoardError, never a trap,
/// and no board the schema accepts may make layout or drawing trap or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBoard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "/tmp/halo-fuzz-board-\(getpid()).yaml"
    guard let f = fopen(path, "wb") else { fatalError("cannot write \(path)") }
    fwrite(data, 1, size, f)
    fclose(f)
    let board: Board
    do { board = try BoardLoader.load(path) } catch {
        if error.description.isEmpty { fatalError("a board error without words") }
        return 0
    }
    guard Int(board.width) * Int(board.height) <= 640 * 640 else { return 0 }
    let script = Script(
        parsing: """
            @0 show a circular label="Copying the holiday photos to the card" value=1/3
            @0 show b linear label="Downloading" value=0.4 cancellable=yes
            @0 show c spinner label="Finding printers nearby"
            @0 show n network
            @0 show p partial region=10,10,200,100
            @100 toast "Settings saved to the device" long
            @700 show k checkout label="Processing payment, please keep the card in"
            @900 fail a "Copy failed. Check the card and try again."
            @1200 succeed b "Downloaded"
            """)
    playThroughRenderer(
        script, width: board.width, height: board.height, rotation: board.rotation, format: board.format, theme: board.theme,
        policy: board.policy)
    ringBytes(board)
    return 0
}

/// The board's LED ring from colours to the bytes and levels its driver would send, through
/// its gamma, correction, brightness, budget, order, wiring and chip settings: nothing the
/// schema accepts may trap, and a budget is never exceeded.
func ringBytes(_ board: Board) {
    let count = board.leds.count
    guard count > 0 else { return }
    let d = board.ledDriver
    let pipeline = board.ringPipeline
    let colors = (0..<count).map { Color(r: UInt8(truncatingIfNeeded: $0 &* 37), g: 255, b: UInt8(truncatingIfNeeded: $0 &* 91)) }
    let order = d.order ?? (d.oneWireChip?.defaultOrder ?? .grb)
    let writer = LedFrameWriter(pipeline: pipeline, order: order, wiring: d.wiring)
    var data = [UInt8](repeating: 0, count: count * writer.bytesPerLed)
    data.withUnsafeMutableBufferPointer { writer.write(colors, into: $0) }
    var lights = [LedLight](repeating: LedLight(r: 0, g: 0, b: 0), count: count)
    lights.withUnsafeMutableBufferPointer { writer.writeLights(colors, into: $0) }
    if pipeline.budgetMilliamps > 0 && pipeline.power.microamps(lights) > Int64(pipeline.budgetMilliamps) * 1000
        && pipeline.power.microamps(lights.map { _ in LedLight(r: 0, g: 0, b: 0) }) <= Int64(pipeline.budgetMilliamps) * 1000
    {
        fatalError("the ring's frame passes its \(pipeline.budgetMilliamps) mA budget")
    }
    var carry = [UInt16](repeating: 0, count: data.count)
    lights.withUnsafeBufferPointer { l in
        data.withUnsafeMutableBufferPointer { out in carry.withUnsafeMutableBufferPointer { writer.write(l, into: out, carry: $0) } }
    }
    for light in lights { _ = ClockedLedChip.fiveBit(light) }
    var levels = [Int32](repeating: 0, count: count * 3)
    levels.withUnsafeMutableBufferPointer { LedOnOff(pipeline: pipeline).write(colors, colour: true, into: $0) }
    if let chip = d.oneWireChip, let clock = d.spiClockHz ?? OneWireSPIEncoding.defaultClock(chip: chip, bitsPerSymbol: d.spiBits),
        let encoding = OneWireSPIEncoding(chip: chip, bitsPerSymbol: d.spiBits, clockHz: clock, resetMicroseconds: d.resetMicroseconds)
    {
        var frame: [UInt8] = []
        encoding.encode(data, into: &frame)
    }
}
