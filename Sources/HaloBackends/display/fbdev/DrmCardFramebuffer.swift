// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The fbdev device a DRM card emulates, found through sysfs.
///
/// A DRM driver's fbdev emulation registers its framebuffer on the card's own parent device,
/// so `/sys/class/drm/cardN/device/graphics/` holds `fbM`. Numbers do not match across the
/// two: on a board with an HDMI output and an SPI panel, the panel's card may be card1 while
/// its framebuffer is fb1 or fb0, depending on probe order.
public enum DrmCardFramebuffer {
    /// `/dev/fbM` for the card at `cardPath` (`/dev/dri/cardN`), or nil when the card has no
    /// fbdev emulation or is not a card; `sysfs` is where sysfs is mounted.
    public static func device(forCard cardPath: String, sysfs: String = "/sys") -> String? {
        let card = cardPath.split(separator: "/").last.map(String.init) ?? ""
        guard card.hasPrefix("card"), !card.contains("..") else { return nil }
        guard let dir = opendir("\(sysfs)/class/drm/\(card)/device/graphics") else { return nil }
        defer { closedir(dir) }
        var lowest: Int?
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // One card has one emulated framebuffer; the lowest number settles any doubt.
            if name.hasPrefix("fb"), let n = Int(name.dropFirst(2)), n >= 0 { lowest = min(lowest ?? n, n) }
        }
        return lowest.map { "/dev/fb\($0)" }
    }
}
