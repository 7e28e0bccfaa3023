// SPDX-License-Identifier: Apache-2.0
import CDRM
import HaloHAL
import HaloPOSIX
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a DRM picture goes: a connector, the mode it runs at and the CRTC that scans it out.
/// Chosen as the board asks (connector name, `WIDTHxHEIGHT@HZ`) or from what is plugged in.
public struct DrmOutput {
    public var connectorID: UInt32
    public var connectorName: String
    public var crtcID: UInt32
    public var mode: drmModeModeInfo
    /// The rotation the connector's "panel orientation" property asks for, if it has one.
    public var panelRotation: Rotation?

    public var width: Int32 { Int32(mode.hdisplay) }
    public var height: Int32 { Int32(mode.vdisplay) }
    public var modeName: String { "\(mode.hdisplay)x\(mode.vdisplay)@\(mode.vrefresh)" }

    /// Picks the output on `card`; when the request cannot be met the error lists what exists.
    public static func choose(on card: DrmCard, connector wanted: String?, mode request: ModeRequest?) throws(DisplayError) -> DrmOutput {
        guard let resources = drmModeGetResources(card.fd) else {
            throw DisplayError("\(card.path) has no mode-setting resources: \(SystemError.reason(errno))")
        }
        defer { drmModeFreeResources(resources) }
        let connectors = DrmConnectorInfo.all(card.fd, resources)
        let candidates = connectors.filter { c in wanted.map { c.name == $0 } ?? c.connected }
        guard let chosen = candidates.first(where: \.connected) else {
            let what = wanted.map { "connector \($0) is not there or not connected" } ?? "no connector is connected"
            throw DisplayError(
                "\(card.path): \(what); connectors: \(DrmConnectorInfo.listing(connectors)); set screen.connector in the board")
        }
        let modeIndex: Int
        if let request {
            guard let i = chosen.modes.firstIndex(where: { request.matches($0) }) else {
                throw DisplayError(
                    "\(chosen.name) has no mode \(request); it offers \(chosen.modeNames.joined(separator: ", ")); set screen.mode to one of them"
                )
            }
            modeIndex = i
        } else {
            modeIndex = chosen.modes.firstIndex { $0.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0 } ?? 0
        }
        guard chosen.modes.indices.contains(modeIndex) else {
            throw DisplayError("\(chosen.name) is connected but reports no modes; set screen.mode in the board")
        }
        guard let crtc = crtcFor(card.fd, resources, chosen.connectorID) else {
            throw DisplayError("no CRTC can drive \(chosen.name) on \(card.path); another output may be using the only one")
        }
        return DrmOutput(
            connectorID: chosen.connectorID, connectorName: chosen.name, crtcID: crtc,
            mode: chosen.modes[modeIndex], panelRotation: chosen.panelRotation)
    }

    /// The CRTC already driving the connector, or the first its encoders can use.
    static func crtcFor(_ fd: Int32, _ resources: UnsafeMutablePointer<drmModeRes>, _ connectorID: UInt32) -> UInt32? {
        guard let connector = drmModeGetConnector(fd, connectorID) else { return nil }
        defer { drmModeFreeConnector(connector) }
        if connector.pointee.encoder_id != 0, let encoder = drmModeGetEncoder(fd, connector.pointee.encoder_id) {
            defer { drmModeFreeEncoder(encoder) }
            if encoder.pointee.crtc_id != 0 { return encoder.pointee.crtc_id }
        }
        for e in 0..<Int(connector.pointee.count_encoders) {
            guard let encoder = drmModeGetEncoder(fd, connector.pointee.encoders[e]) else { continue }
            defer { drmModeFreeEncoder(encoder) }
            for c in 0..<Int(resources.pointee.count_crtcs) where encoder.pointee.possible_crtcs & (1 << UInt32(c)) != 0 {
                return resources.pointee.crtcs[c]
            }
        }
        return nil
    }
}

extension ModeRequest {
    func matches(_ mode: drmModeModeInfo) -> Bool {
        Int32(mode.hdisplay) == width && Int32(mode.vdisplay) == height && (refresh.map { Int32(mode.vrefresh) == $0 } ?? true)
    }
}
