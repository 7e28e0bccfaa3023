// SPDX-License-Identifier: Apache-2.0
import HaloBackends
import HaloBoards
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
    /// A frame file whose key matched, mapped, its pixels not yet read.
    public struct Loaded {
        let file: MappedFile
        let frame: StartFrame
        let path: String
        /// Where the packed pixels start in the file.
        var packed: UnsafeRawBufferPointer {
            let header = min(file.bytes.count, StartFrame.maximumHeaderBytes) - frame.packed.count
            return UnsafeRawBufferPointer(rebasing: file.bytes[header...])
        }
    }

    /// The frame saved beside `board`, if there is one and its key is `key`'s; said in the log
    /// when there is one that cannot be used.
    public static func load(board: String, key: StartFrameKey, log: (String) -> Void) -> Loaded? {
        let path = StartFrame.path(forBoard: board)
        guard access(path, F_OK) == 0 else { return nil }
        do {
            let file = try MappedFile(path, limit: StartFrame.maximumFileBytes)
            // The header alone until its key matches: a foreign file's pixels are never read.
            let frame = try StartFrame.decode(Array(file.bytes.prefix(StartFrame.maximumHeaderBytes)))
            let expected = key.text(board: try RegularFile.read(board, limit: BoardLoader.maximumFileBytes))
            guard frame.key == expected else {
                log(
                    "the first frame saved in \(path) is for another board, program or options (\(printable(frame.key)); now \(expected)); drawing it instead, rebuild the initramfs to save it again"
                )
                return nil
            }
            return Loaded(file: file, frame: frame, path: path)
        } catch {
            log(
                "the first frame saved in \(path) cannot be used: \(String(describing: error)); drawing it instead, rebuild the initramfs to save it again"
            )
            return nil
        }
    }

    /// The frame's screen with the frame on it, for the daemon to go on drawing on (or the
    /// screen as it is, when the frame does not fit it); nil when the screen is not there yet.
    public static func show(_ loaded: Loaded, log: (String) -> Void) -> DrmDisplay? {
        guard let display = open(loaded.frame, path: loaded.path, log: log) else { return nil }
        present(loaded, on: display, log: log)
        return display
    }

    /// Puts the frame on `display`, the board's screen, when it fits it: at once, or as soon as
    /// a screen that came late is open.
    public static func present(_ loaded: Loaded, on display: DrmDisplay, log: (String) -> Void) {
        let (frame, path) = (loaded.frame, loaded.path)
        guard fits(frame, display) else { return }
        if let failure = unpack(loaded.packed, frame, into: display) {
            log("the first frame saved in \(path) cannot be used: \(failure); drawing it instead, rebuild the initramfs to save it again")
            return
        }
        do {
            try display.present(damage: [IntRect(x: 0, y: 0, width: display.width, height: display.height)])
            StartTrace.mark("first frame saved ahead shown")
            log("showed the first frame saved in \(path), drawn when the initramfs was made")
        } catch {
            log("the first frame saved in \(path) was not shown: \(error.description)")
        }
    }

    /// The screen the frame was saved for, opened as the daemon would open it; nil (said) when
    /// it is not there yet. A screen of another size or rotation is returned without showing
    /// the frame: the daemon draws on it as it is.
    static func open(_ frame: StartFrame, path: String, log: (String) -> Void) -> DrmDisplay? {
        let request = DrmRequest(
            device: frame.screen.device, connector: frame.screen.connector, mode: frame.screen.mode,
            rotationFromPanel: frame.screen.rotationFromPanel)
        let display: DrmDisplay
        do { display = try DrmDisplay.open(request, format: frame.format, rotation: frame.rotation) } catch {
            log("the first frame saved in \(path) waits for the screen: \(error.description)")
            return nil
        }
        if display.width != frame.width || display.height != frame.height {
            log(
                "the first frame saved in \(path) is \(frame.width)x\(frame.height), the screen \(display.width)x\(display.height); drawing it instead (set screen.mode in the board to keep the frame)"
            )
        } else if display.rotation != frame.rotation {
            log(
                "the first frame saved in \(path) is turned \(frame.rotation.degrees)°, the panel \(display.rotation.degrees)°; drawing it instead (set screen.rotation in the board rather than auto to keep the frame)"
            )
        }
        return display
    }

    /// The screen came up in the frame's size and rotation.
    static func fits(_ frame: StartFrame, _ display: DrmDisplay) -> Bool {
        display.width == frame.width && display.height == frame.height && display.rotation == frame.rotation
    }

    /// Unpacks the frame into the buffer the display draws its next frame in; the reason
    /// when it cannot be used (the frame is then black, for the daemon to draw over whole). The
    /// frame fits the screen (`fits`).
    static func unpack(_ packed: UnsafeRawBufferPointer, _ frame: StartFrame, into display: DrmDisplay) -> String? {
        display.drawFrame { target in
            let rows = FramePacking.Rows(
                base: target.memory, width: Int(target.width), height: Int(target.height), stride: target.stride,
                bytesPerPixel: Int(target.format.bytesPerPixel))
            do {
                try FramePacking.unpack(packed, into: rows)
                return nil
            } catch {
                // Half a frame is no frame.
                target.memory.initializeMemory(as: UInt8.self, repeating: 0, count: target.stride * Int(target.height))
                return String(describing: error)
            }
        }
    }

    /// A file's key as the log may show it: no control characters, at most 400 of them.
    static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.prefix(400).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }
}
