// SPDX-License-Identifier: Apache-2.0
import Glibc
import HaloDaemon
import HaloEngine
import HaloHAL
import HaloOutputs
import HaloRender

/// The FIFO every input is written into, made once per fuzzing process.
nonisolated(unsafe) let fuzzFifo: (fifo: PsplashFifo, writer: Int32) = {
    let path = "/tmp/halo-fuzz-psplash-\(getpid())"
    unlink(path)
    guard let fifo = try? PsplashFifo(path: path) else { fatalError("cannot make \(path)") }
    return (fifo, open(path, O_WRONLY | O_NONBLOCK))
}()

/// libFuzzer entry point for psplash's FIFO: the bytes go into a real FIFO, are read by the
/// daemon's reader a budget at a time, translated, and run on an engine that draws a frame
/// after each round, as `halo run --psplash-fifo` does. Nothing may trap or hang, and the
/// bar's messages stay within the engine's rules.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPsplash(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let (fifo, writer) = fuzzFifo
    fifo.translator = PsplashTranslator()
    let engine = Engine(screenWidth: 160, screenHeight: 120, theme: Theme(), policy: Policy(), text: BlockText())
    let screen = Screen(engine: engine, display: FuzzDisplay(width: 160, height: 120, format: .rgb565, rotation: .none))
    var now = Instant.zero
    var written = 0
    var quit = false
    let run = { (line: String) -> String in engine.reply(to: line, at: now).text }
    while written < size && !quit {
        let n = write(writer, data + written, min(size - written, 8192))
        if n <= 0 { fatalError("the FIFO took nothing") }
        written += n
        // Round after round, as the daemon's loop would, until this much is read.
        while !quit {
            let read = fifo.serve(at: .zero, run: run, report: { _ in }, quit: { quit = true })
            now = Instant(microseconds: now.microseconds + 16_667)
            _ = try? screen.update(at: now)
            if read < PsplashFifo.readBudget { break }
        }
    }
    // After a QUIT the daemon stops; here the rest is drained so the next input starts clean.
    var sink = [UInt8](repeating: 0, count: 4096)
    while Glibc.read(fifo.descriptor.raw, &sink, sink.count) > 0 {}
    return 0
}
