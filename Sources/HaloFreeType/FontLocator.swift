// SPDX-License-Identifier: Apache-2.0
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where a font file is: the path a board names, or, when nothing is there, a file of the same
/// name in the folders distributions put fonts in (Debian's, Fedora's and Arch's, Yocto's,
/// and local ones), so a board written on one system finds DejaVu on another.
public enum FontLocator {
    /// Searched in this order for a font that is not at its path.
    public static let folders = [
        "/etc/halo/fonts", "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF",
        "/usr/share/fonts/ttf-dejavu", "/usr/share/fonts/truetype", "/usr/share/fonts", "/usr/local/share/fonts",
    ]

    /// The readable file for `path`, or every place looked, in order.
    public static func locate(_ path: String) -> (found: String?, looked: [String]) {
        if access(path, R_OK) == 0 { return (path, [path]) }
        let name = String(path.split(separator: "/").last ?? Substring(path))
        var looked = [path]
        for folder in folders {
            let candidate = "\(folder)/\(name)"
            if looked.contains(candidate) { continue }
            looked.append(candidate)
            if access(candidate, R_OK) == 0 { return (candidate, looked) }
        }
        return (nil, looked)
    }
}
