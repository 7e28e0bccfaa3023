// SPDX-License-Identifier: Apache-2.0
import HaloHAL

/// Which DRM screen to open and how: the backend's own request, filled in from a board's
/// `screen:` keys by whoever opens it.
public struct DrmRequest: Equatable, Sendable {
    /// `/dev/dri/card0`; nil tries every card in `/dev/dri`.
    public var device: String?
    /// A connector name such as `HDMI-A-1` or `DSI-1`; nil takes the first connected one.
    public var connector: String?
    /// A mode; nil takes the connector's preferred one.
    public var mode: ModeRequest?
    /// Turn the picture as the connector's "panel orientation" property says, instead of by
    /// the rotation given to `open`.
    public var rotationFromPanel = false

    public init(device: String? = nil, connector: String? = nil, mode: ModeRequest? = nil, rotationFromPanel: Bool = false) {
        self.device = device
        self.connector = connector
        self.mode = mode
        self.rotationFromPanel = rotationFromPanel
    }
}
