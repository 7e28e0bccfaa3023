// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// A splash's first frame drawn ahead of time, when the initramfs is built: at boot `halo run`
/// puts it on the screen before it reads the board, loads the font or assembles the engine,
/// the way psplash shows a picture compiled into it. The daemon's own first frame replaces it
/// a moment later, drawn into the same buffers.
///
/// It holds what the boot-time daemon needs to open the same screen without reading the board
/// (card, connector, mode, rotation) and a key naming everything the picture came from, so a
/// frame made for another board, options or program is never shown.
public struct StartFrame: Equatable, Sendable {
    /// What the picture was drawn from (`StartFrameKey`); shown only when it matches.
    public var key: String
    /// The board's DRM screen, as the daemon would open it.
    public var screen: Screen
    public var width: Int32
    public var height: Int32
    public var format: PixelFormat
    public var rotation: Rotation
    /// The frame's pixels in the screen's format, packed (`FramePacking`).
    public var packed: [UInt8]

    public init(
        key: String, screen: Screen, width: Int32, height: Int32, format: PixelFormat, rotation: Rotation, packed: [UInt8]
    ) {
        self.key = key
        self.screen = screen
        self.width = width
        self.height = height
        self.format = format
        self.rotation = rotation
        self.packed = packed
    }

    /// The largest side a start frame may have: past any screen Halo drives, and a bound on
    /// what a damaged file can make the daemon expect.
    public static let maximumSide: Int32 = 8192
    /// The largest start-frame file read: a 3840x2160 frame of 4-byte pixels that packs no
    /// better than raw (33 MB), with room to spare. Read only once its header's key matched.
    public static let maximumFileBytes = 64 << 20

    /// The frame file for a board file: beside it, `.frame` for `.yaml` (`/etc/halo/board.frame`).
    public static func path(forBoard board: String) -> String {
        (board.hasSuffix(".yaml") ? String(board.dropLast(5)) : board) + ".frame"
    }

    /// Bytes per row, unpacked.
    public var stride: Int { Int(width) * Int(format.bytesPerPixel) }

    /// Which DRM screen the frame is for: the board's `screen:` keys that choose it.
    public struct Screen: Equatable, Sendable {
        /// `/dev/dri/card0`; nil for the first card with a connected output.
        public var device: String?
        /// A connector name; nil for the first connected one.
        public var connector: String?
        /// A mode; nil for the connector's preferred one.
        public var mode: ModeRequest?
        /// The picture is turned as the panel's orientation property says.
        public var rotationFromPanel: Bool

        public init(device: String?, connector: String?, mode: ModeRequest?, rotationFromPanel: Bool) {
            self.device = device
            self.connector = connector
            self.mode = mode
            self.rotationFromPanel = rotationFromPanel
        }
    }
}
