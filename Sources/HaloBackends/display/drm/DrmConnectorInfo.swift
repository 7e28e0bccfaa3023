// SPDX-License-Identifier: Apache-2.0
import CDRM
import HaloRender

/// What a connector reports, copied out of libdrm's structures: its name as the kernel
/// spells it (`HDMI-A-1`), whether something is plugged in, its modes and panel orientation.
struct DrmConnectorInfo {
    var connectorID: UInt32
    var name: String
    var connected: Bool
    var modes: [drmModeModeInfo]
    var panelRotation: Rotation?

    var modeNames: [String] { modes.map { "\($0.hdisplay)x\($0.vdisplay)@\($0.vrefresh)" } }

    static func all(_ fd: Int32, _ resources: UnsafeMutablePointer<drmModeRes>) -> [DrmConnectorInfo] {
        (0..<Int(resources.pointee.count_connectors)).compactMap { i in
            guard let c = drmModeGetConnector(fd, resources.pointee.connectors[i]) else { return nil }
            defer { drmModeFreeConnector(c) }
            let type = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
            let modes = (0..<Int(c.pointee.count_modes)).map { c.pointee.modes[$0] }
            return DrmConnectorInfo(
                connectorID: c.pointee.connector_id, name: "\(type)-\(c.pointee.connector_type_id)",
                connected: c.pointee.connection == DRM_MODE_CONNECTED, modes: modes,
                panelRotation: panelOrientation(fd, c))
        }
    }

    /// `HDMI-A-1 (connected: 1024x768@60, 800x480@60), DP-1 (not connected)`.
    static func listing(_ connectors: [DrmConnectorInfo]) -> String {
        if connectors.isEmpty { return "none" }
        return connectors.map { c in
            c.connected ? "\(c.name) (connected: \(c.modeNames.prefix(8).joined(separator: ", ")))" : "\(c.name) (not connected)"
        }.joined(separator: ", ")
    }

    /// The rotation that makes a picture upright on a panel mounted sideways, from the
    /// connector's "panel orientation" enum property (the same mapping Weston uses).
    static func panelOrientation(_ fd: Int32, _ c: UnsafeMutablePointer<drmModeConnector>) -> Rotation? {
        for i in 0..<Int(c.pointee.count_props) {
            guard let p = drmModeGetProperty(fd, c.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(p) }
            let name = withUnsafeBytes(of: p.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name == "panel orientation" else { continue }
            let value = c.pointee.prop_values[i]
            for e in 0..<Int(p.pointee.count_enums) where p.pointee.enums[e].value == value {
                let label = withUnsafeBytes(of: p.pointee.enums[e].name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                switch label {
                case "Normal": return Rotation.none
                case "Upside Down": return .half
                case "Left Side Up": return .quarter
                case "Right Side Up": return .threeQuarters
                default: return nil
                }
            }
        }
        return nil
    }
}
