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
    }

    /// What the screen shows once the daemon has stopped.
    public enum ExitPicture: String, CaseIterable, Sendable {
        case keep
        case blank
    }

    public var kind: Kind = .auto
    /// `/dev/dri/card0` or `/dev/fb0`; nil picks the first that works.
    public var device: String?
    /// A DRM connector name such as `HDMI-A-1` or `DSI-1`; nil picks the first connected.
    public var connector: String?
    /// A DRM mode; nil takes the connector's preferred one.
    public var mode: ModeRequest?
    /// Take the rotation from the DRM connector's "panel orientation" property.
    public var rotationFromPanel = false
    /// fbdev: flip between two halves of the framebuffer with FBIOPAN_DISPLAY. Off by default:
    /// many fbdev devices are DRM emulation whose pan succeeds but never reaches the glass.
    public var pan = false
    public var onExit: ExitPicture = .keep
    /// Milliseconds a frame may take to render before it counts as over budget.
    public var frameBudgetMilliseconds: Int32 = 16

    public init() {}
}

/// A display mode asked for by size and, optionally, refresh rate: `800x480` or `800x480@60`.
public struct ModeRequest: Equatable, Sendable, CustomStringConvertible {
    public var width: Int32
    public var height: Int32
    public var refresh: Int32?

    public init(width: Int32, height: Int32, refresh: Int32? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
    }

    public init?(parsing text: String) {
        let atSplit = text.split(separator: "@", omittingEmptySubsequences: false)
        guard atSplit.count <= 2 else { return nil }
        let size = atSplit[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int32(size[0]), let h = Int32(size[1]), w > 0, h > 0 else { return nil }
        width = w
        height = h
        if atSplit.count == 2 {
            guard let r = Int32(atSplit[1]), r > 0 else { return nil }
            refresh = r
        }
    }

    public var description: String { "\(width)x\(height)" + (refresh.map { "@\($0)" } ?? "") }
}
