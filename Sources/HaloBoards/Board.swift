// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// A device's screen, look and timing policy: what a board profile in `Boards/` describes.
public struct Board: Equatable, Sendable {
    public var name: String
    public var description: String = ""
    /// Physical size as scanned out.
    public var width: Int32 = 480
    public var height: Int32 = 480
    public var format: PixelFormat = .xrgb8888
    public var rotation: Rotation = .none
    public var framesPerSecond: Int32 = 60
    public var theme = Theme()
    /// The board's `locale` as a language tag for shaping (`ValueWriting.languageTag`), or "".
    /// Kept here, not in the theme, which every frame copies.
    public var language = ""
    public var policy = Policy()
    /// The LED ring beside the screen, if the device has one (`leds.count` 0 means none).
    public var leds = LedRingLook()
    /// How that ring is driven.
    public var ledDriver = LedSettings()
    /// The screen backend and its hardware settings.
    public var display = DisplaySettings()
    /// The group that may use the daemon's socket (mode 0660); nil keeps the daemon's group.
    public var socketGroup: String?
    /// Serve plymouthd's socket (`plymouth: yes`, or `halo run --plymouth`), and the group
    /// whose members may drive it besides root.
    public var plymouth = false
    public var plymouthGroup: String?
    /// What the boot splash shows in each of Plymouth's modes, where the board changes it:
    /// mode name to words and kind (`boot.MODE.label`, `boot.MODE.kind`).
    public var bootModes: [String: BootMode] = [:]
    /// The boot splash's pictures in every mode that names none of its own (`boot.logo`,
    /// `boot.background-image`); only the label and kind of this value are unused.
    public var bootPictures = BootMode()
    /// The picture files the board's keys named, as found (for `halo boards --files`).
    public var pictureFiles: [String] = []
    /// Where a boot's passwords and questions are asked (`boot.prompts`): on the screen, typed
    /// on the console's keyboard, or always by the console's own agent.
    public var bootPromptsOnScreen = true
    /// Whether the boot splash fills with systemd's boot progress (`boot.progress`).
    public var bootProgressFromSystemd = true
    /// The devices people answer it with, and what they do.
    public var input = InputSettings()
    /// Where the mock display's `snapshot` writes; nil puts a `snapshots` folder beside the socket.
    public var snapshotDirectory: String?

    public init(name: String) { self.name = name }

    /// A Plymouth mode as a board changes it.
    public struct BootMode: Equatable, Sendable {
        public var label: String?
        public var kind: IndicatorKind?
        /// The mode's own pictures, in place of the theme's.
        public var logo: Bitmap?
        public var backgroundImage: Bitmap?

        public init(label: String? = nil, kind: IndicatorKind? = nil) {
            self.label = label
            self.kind = kind
        }
    }

    /// The theme with the boot splash's pictures in Plymouth's `mode` in place of its own: the
    /// mode's own, else the splash's, where the board gives any.
    public func theme(forBootMode mode: String) -> Theme {
        var theme = self.theme
        if let logo = bootModes[mode]?.logo ?? bootPictures.logo { theme.logo = logo }
        if let picture = bootModes[mode]?.backgroundImage ?? bootPictures.backgroundImage { theme.backgroundImage = picture }
        return theme
    }

    /// Plymouth's modes, which the `boot` keys name.
    public static let bootModeNames = ["boot-up", "shutdown", "reboot", "updates", "system-upgrade", "firmware-upgrade"]

    /// The size the user sees, after rotation.
    public var logicalWidth: Int32 { rotation.logicalSize(width: width, height: height).width }
    public var logicalHeight: Int32 { rotation.logicalSize(width: width, height: height).height }
}
