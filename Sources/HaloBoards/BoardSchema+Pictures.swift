// SPDX-License-Identifier: Apache-2.0
import HaloPOSIX
import HaloRender

/// Pictures a board names (a logo, a background): PNG files, read and decoded once, when the
/// board is, so a bad one stops the board with the reason instead of leaving a hole on screen.
extension BoardSchema {
    /// A picture file is at most 16 MiB; its pixels at most 4096×4096 (`Bitmap.maximumPixels`).
    static let pictureFileLimit = 16 << 20

    /// The picture at the path `node` gives, decoded, and the file it was read from; the file
    /// goes into `b.pictureFiles`. An absolute path is read as it is; a relative one next to
    /// the board file, else in the folders boards are looked for in (`BoardLoader.searchPaths`,
    /// which end with /usr/share/halo/boards): a copy of a shipped board in /etc/halo keeps
    /// finding Halo's logo, and so does the copy in an initramfs.
    func picture(_ node: YAMLNode, _ key: String, into b: inout Board) throws(BoardError) -> Bitmap {
        let given = try text(node, key)
        let candidates =
            given.hasPrefix("/") ? [given] : [Self.folder(of: self.path) + given] + BoardLoader.searchPaths().map { "\($0)/\(given)" }
        var bytes: [UInt8]?
        var found = candidates[0]
        var reasons: [String] = []
        for path in candidates where bytes == nil {
            do {
                bytes = try RegularFile.read(path, limit: Self.pictureFileLimit)
                found = path
            } catch {
                reasons.append(error.description)
            }
        }
        guard let bytes else {
            throw fail(
                node, key, reasons.joined(separator: "; "),
                "name a PNG file: absolute, next to the board file, or in a boards folder (\(BoardLoader.searchPaths().joined(separator: ", ")))"
            )
        }
        do {
            let bitmap = try PNGDecoder.decode(bytes)
            if !b.pictureFiles.contains(found) { b.pictureFiles.append(found) }
            return bitmap
        } catch {
            throw fail(node, key, "\(found) cannot be shown: \(error.description)", "save the picture as a non-interlaced PNG file")
        }
    }

    /// The folder of `path` with its trailing slash, or "" for a bare file name.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
