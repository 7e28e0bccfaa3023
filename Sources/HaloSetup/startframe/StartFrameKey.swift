// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Everything a splash's first frame is drawn from, as one line: the program (its version and
/// build ID, or its size without one), the board file's bytes (a hash of them: the pictures and font it names come into
/// the initramfs with it), and the options of `halo run` that change the picture. A start
/// frame is shown only when its key is the one the daemon computes at boot.
public struct StartFrameKey: Equatable, Sendable {
    /// `halo --version`'s line and the program's build ID: stripping the binary, as dracut
    /// does when it copies it, keeps the ID but changes the size.
    public var program: String
    /// `--plymouth`, and the Plymouth mode it starts in.
    public var plymouth: Bool
    public var plymouthMode: String
    /// `--show`'s line.
    public var show: String?
    /// `--display`, when it overrides the board's.
    public var display: String?
    /// A psplash FIFO shows the boot's pictures.
    public var psplash: Bool
    /// `HALO_MOTION`.
    public var motion: String?

    public init(
        version: String, buildID: String = "", plymouth: Bool, plymouthMode: String, show: String?, display: String?, psplash: Bool,
        motion: String?
    ) {
        if buildID.isEmpty {
            var status = stat()
            program = "\(version), \(stat("/proc/self/exe", &status) == 0 ? Int64(status.st_size) : -1) bytes"
        } else {
            program = "\(version), build \(buildID)"
        }
        self.plymouth = plymouth
        self.plymouthMode = plymouthMode
        self.show = show
        self.display = display
        self.psplash = psplash
        self.motion = motion
    }

    /// The key for a board file's bytes.
    public func text(board: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in board { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        let digits = String(hash, radix: 16)
        return "\(program); board \(String(repeating: "0", count: 16 - digits.count))\(digits), \(board.count) bytes; "
            + "plymouth \(plymouth ? plymouthMode : "no"); show \(show ?? "-"); display \(display ?? "board's"); "
            + "psplash \(psplash ? "yes" : "no"); motion \(motion ?? "board's")"
    }
}
