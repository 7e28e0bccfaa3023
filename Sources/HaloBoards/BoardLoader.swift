// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Reads board profiles: YAML files whose every key is known and every value checked.
public enum BoardLoader {
    /// The largest board file read; real boards are a few kilobytes.
    public static let maximumFileBytes = 1 << 20

    /// Loads a board by file path (anything with a `/` or ending in `.yaml`) or by name,
    /// searched in `searchPaths()`.
    public static func load(_ nameOrPath: String) throws(BoardError) -> Board {
        guard let path = file(of: nameOrPath) else {
            // The default board is built in, so demo, replay and lint work wherever halo is.
            if nameOrPath == BuiltInBoard.name {
                let root = try YAMLReader.read(Array(BuiltInBoard.text.utf8), path: "\(BuiltInBoard.name) (built in)")
                return try BoardSchema(path: "\(BuiltInBoard.name) (built in)").board(root, defaultName: BuiltInBoard.name)
            }
            let known = available().map(\.name).joined(separator: ", ")
            throw BoardError(
                path: nameOrPath, line: nil, key: nil, message: "no such board",
                fix: known.isEmpty
                    ? "give the path of a board file, or set HALO_BOARDS to the Boards folder"
                    : "use one of: \(known), or give a file path")
        }
        let root = try YAMLReader.read(path: path)
        var name = path
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if name.hasSuffix(".yaml") { name.removeLast(5) }
        return try BoardSchema(path: path).board(root, defaultName: name)
    }

    /// The file a board is read from: `nameOrPath` itself when it is a path (anything with a
    /// `/` or ending in `.yaml`), else the first `NAME.yaml` in `searchPaths()`; nil when no
    /// file has that name (the built-in board has none).
    public static func file(of nameOrPath: String) -> String? {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".yaml") || nameOrPath.hasSuffix(".yml") { return nameOrPath }
        return searchPaths().map { "\($0)/\(nameOrPath).yaml" }.first { access($0, R_OK) == 0 }
    }

    /// Every key a board file may hold, as a dotted path (`screen.width`): the schema's one
    /// table, which Boards/README.md must document.
    public static var keys: [String] { BoardSchema.keys.map(\.path) }

    /// The board of the device `halo run` and `halo leds` drive when no --board is given.
    public static let deviceBoard = "/etc/halo/board.yaml"

    /// The board to drive: `given`, else the device's board file; an error saying how to choose
    /// one when neither is there. A daemon never falls back to the mock on its own.
    public static func deviceBoard(_ given: String?) throws(BoardError) -> String {
        if let given { return given }
        if access(deviceBoard, F_OK) == 0 { return deviceBoard }
        let mocks = available().map(\.name).filter { $0.hasPrefix("mock-") }
        throw BoardError(
            path: deviceBoard, line: nil, key: nil, message: "no board chosen, and this device has no board file",
            fix:
                "pass --board NAME (halo boards lists them; for a try on a desktop: --board \(mocks.first ?? BuiltInBoard.name)), or copy the device's profile to \(deviceBoard), e.g. cp /usr/share/halo/boards/raspberrypi-touch-display.yaml \(deviceBoard)"
        )
    }

    /// Folders holding `NAME.yaml` profiles, in search order: `$HALO_BOARDS`, `./Boards`,
    /// `/etc/halo/boards`, `/usr/share/halo/boards`.
    public static func searchPaths() -> [String] {
        var paths: [String] = []
        if let env = getenv("HALO_BOARDS") { paths.append(String(cString: env)) }
        paths += ["Boards", "/etc/halo/boards", "/usr/share/halo/boards"]
        return paths
    }

    /// Every board found in the search paths (the first of each name wins).
    public static func available() -> [(name: String, path: String)] {
        var found: [(name: String, path: String)] = []
        for dir in searchPaths() {
            guard let d = opendir(dir) else { continue }
            var names: [String] = []
            while let entry = readdir(d) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasSuffix(".yaml") { names.append(String(name.dropLast(5))) }
            }
            closedir(d)
            for n in names.sorted() where !found.contains(where: { $0.name == n }) { found.append((n, "\(dir)/\(n).yaml")) }
        }
        // The built-in board, by its name, when no folder has one of that name.
        if !found.contains(where: { $0.name == BuiltInBoard.name }) { found.append((BuiltInBoard.name, BuiltInBoard.name)) }
        return found
    }
}
