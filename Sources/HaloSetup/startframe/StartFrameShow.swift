// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloHAL
import HaloOutputs
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// At boot, before the board is read: the start frame saved beside the board file, put on its
/// DRM screen at once. Any doubt (no frame, another key, no card yet, another mode or
/// rotation) leaves it out, and the daemon draws its first frame as it always does; the
/// reason is logged when there was a frame to show.
public enum StartFrameShow {
    /// The screen with the start frame on it, for the daemon to go on drawing on (or the screen
    /// opened for it, when the frame does not fit it); nil when there is nothing to show.
    public static func show(board: String, key: StartFrameKey, log: (String) -> Void) -> DrmDisplay? {
        let path = StartFrame.path(forBoard: board)
        guard access(path, F_OK) == 0 else { return nil }
        let frame: StartFrame
        do {
            let boardBytes = try RegularFile.read(board, limit: 1 << 20)
            frame = try StartFrame.decode(try RegularFile.read(path, limit: StartFrame.maximumFileBytes))
            let expected = key.text(board: boardBytes)
            guard frame.key == expected else {
                log(
                    "the first frame saved in \(path) is for another board, program or options (\(frame.key); now \(expected)); drawing it instead, rebuild the initramfs to save it again"
                )
                return nil
            }
        } catch {
            log(
                "the first frame saved in \(path) cannot be used: \(String(describing: error)); drawing it instead, rebuild the initramfs to save it again"
            )
            return nil
        }
        let display: DrmDisplay
        let request = DrmRequest(
            device: frame.screen.device, connector: frame.screen.connector, mode: frame.screen.mode,
            rotationFromPanel: frame.screen.rotationFromPanel)
        do { display = try DrmDisplay.open(request, format: frame.format, rotation: frame.rotation) } catch {
            log("the first frame saved in \(path) waits for the screen: \(error.description)")
            return nil
        }
        guard display.width == frame.width, display.height == frame.height, display.rotation == frame.rotation else {
            log(
                "the first frame saved in \(path) is \(frame.width)x\(frame.height) turned \(frame.rotation.degrees)°, the screen \(display.width)x\(display.height) turned \(display.rotation.degrees)°; drawing it instead (set screen.mode in the board to keep the frame)"
            )
            return display
        }
        // The reason it could not be unpacked, if it could not.
        let failure: String? = frame.packed.withUnsafeBytes { packed in
            display.drawFrame { target in
                let bytes = UnsafeMutableRawBufferPointer(start: target.memory, count: target.stride * Int(target.height))
                do {
                    try FramePacking.unpack(packed, into: bytes, bytesPerPixel: Int(frame.format.bytesPerPixel))
                    return nil
                } catch {
                    // Half a frame is no frame: the daemon's first one starts from black.
                    bytes.initializeMemory(as: UInt8.self, repeating: 0)
                    return String(describing: error)
                }
            }
        }
        if let failure {
            log("the first frame saved in \(path) cannot be used: \(failure); drawing it instead, rebuild the initramfs to save it again")
            return display
        }
        do {
            try display.present(damage: [IntRect(x: 0, y: 0, width: display.width, height: display.height)])
            StartTrace.mark("first frame saved ahead shown")
            log("showed the first frame saved in \(path), drawn when the initramfs was made")
        } catch {
            log("the first frame saved in \(path) was not shown: \(error.description)")
        }
        return display
    }
}
