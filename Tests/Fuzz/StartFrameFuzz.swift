// SPDX-License-Identifier: Apache-2.0
import HaloOutputs
import HaloRender

/// libFuzzer entry point for the first frame saved ahead: the bytes as `/etc/halo/board.frame`,
/// through the header's checks and the unpacking of its pixels into a screen, as `halo run`
/// does at boot (into a screen of the size the file claims while that is small, else into a
/// 64x48 one, as a screen of another size would be). Every file ends in a frame or an error
/// with words, never a trap, and a frame read back is written out again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStartFrame(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let frame: StartFrame
    do { frame = try StartFrame.decode(bytes) } catch {
        if error.description.isEmpty { fatalError("a frame error without words") }
        return 0
    }
    guard (try? StartFrame.decode(frame.encoded())) == frame else { fatalError("a frame read back is not written out the same") }
    let bpp = Int(frame.format.bytesPerPixel)
    let pixels = Int(frame.width) * Int(frame.height) <= 256 * 256 ? Int(frame.width) * Int(frame.height) : 64 * 48
    let screen = UnsafeMutableRawBufferPointer.allocate(byteCount: pixels * bpp, alignment: 16)
    defer { screen.deallocate() }
    frame.packed.withUnsafeBytes { packed in
        do { try FramePacking.unpack(packed, into: screen, bytesPerPixel: bpp) } catch {
            if "\(error)".isEmpty { fatalError("an unpacking error without words") }
        }
    }
    return 0
}
