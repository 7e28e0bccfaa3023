// SPDX-License-Identifier: Apache-2.0
import HaloHAL
import HaloRender

/// Which screen backend a board uses and how it is set up: the `display:` key and the
/// hardware keys of `screen:` in a board file.
public struct DisplaySettings: Equatable, Sendable {
    public enum Kind: String, CaseIterable, Sendable {
        /// Memory only (desktop development, tests).
        case mock
        case drm
        case fbdev
        /// DRM when a card has a connected connector, fbdev otherwise.
        case auto
        /// Over the apps of a Wayland compositor that has wlr-layer-shell (sway, labwc).
        case wayland
        /// No screen: a headless appliance that shows its state on an LED ring alone.
        case headless = "none"
    }

    /// What the screen shows once the daemon has stopped.
    public enum ExitPicture: String, CaseIterable, Sendable {
        case keep
        case blank
    }

    public var kind: Kind = .auto
    /// `/dev/dri/card0` or `/dev/fb0`; nil picks the first that works.
    public var device: String?
    /// `display: wayland`: the compositor's socket, a name in `$XDG_RUNTIME_DIR` or an
    /// absolute path (`screen.wayland-socket`); nil takes `$WAYLAND_DISPLAY`.
    public var waylandSocket: String?
    /// `display: wayland`: the output to draw over, by its name (`HDMI-A-1`); nil takes the
    /// first (`screen.wayland-output`).
    public var waylandOutput: String?
    /// A mock display in the premultiplied format stands in for the overlay: the colour of
    /// the app its pictures show under Halo (`screen.backdrop`).
    public var backdrop = Color.black
    /// A DRM connector name such as `HDMI-A-1` or `DSI-1`; nil picks the first connected.
    public var connector: String?
    /// A DRM mode; nil takes the connector's preferred one.
    public var mode: ModeRequest?
    /// Take the rotation from the DRM connector's "panel orientation" property.
    public var rotationFromPanel = false
    /// fbdev: flip between two halves of the framebuffer with FBIOPAN_DISPLAY. Off by default:
    /// many fbdev devices are DRM emulation whose pan succeeds but never reaches the glass.
    public var pan = false
    /// How long to wait for the screen's driver when no screen is there yet
    /// (`screen.wait-seconds`); nil: 8 s for a boot splash, as Plymouth's DeviceTimeout, else none.
    public var waitSeconds: Int32?
    public var onExit: ExitPicture = .keep
    /// Milliseconds a frame may take to render before it counts as over budget.
    public var frameBudgetMilliseconds: Int32 = 16

    public init() {}

    /// No screen at all (`display: none`).
    public var isHeadless: Bool { kind == .headless }
}
