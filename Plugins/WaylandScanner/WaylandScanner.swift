// SPDX-License-Identifier: Apache-2.0
import Foundation
import PackagePlugin

/// Generates, at build time, the C tables (`wl_interface`s) of the Wayland protocols the
/// overlay speaks beyond the core one, with `wayland-scanner` from the protocol files the
/// system ships: nothing of them is kept in this repository.
///
/// - wlr-layer-shell: Arch, Fedora and Alpine ship `wlr-protocols` in /usr/share; Debian only
///   inside a Rust crate's package (`librust-wayland-protocols-dev`), which
///   `contrib/wayland/layer-shell-xml` unpacks into /usr/local/share without installing it.
/// - xdg-shell, which layer-shell's popups name: the `wayland-protocols` package.
@main
struct WaylandScanner: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let scanner = try Self.find("wayland-scanner", in: Self.searchPath, fix: "install it (Debian: libwayland-bin)")
        let protocols: [(name: String, candidates: [String], fix: String)] = [
            (
                "wlr-layer-shell-unstable-v1",
                Self.layerShellCandidates,
                "run contrib/wayland/layer-shell-xml (Debian), or install wlr-protocols (Arch, Fedora, Alpine)"
            ),
            (
                "xdg-shell",
                ["/usr/share/wayland-protocols/stable/xdg-shell", "/usr/local/share/wayland-protocols/stable/xdg-shell"],
                "install wayland-protocols"
            ),
        ]
        return try protocols.map { proto in
            let xml = try Self.find(proto.name + ".xml", in: proto.candidates, fix: proto.fix)
            let code = context.pluginWorkDirectoryURL.appendingPathComponent(proto.name + "-protocol.c")
            return .buildCommand(
                displayName: "wayland-scanner private-code \(proto.name)",
                executable: scanner, arguments: ["private-code", xml.path, code.path],
                inputFiles: [xml], outputFiles: [code])
        }
    }

    static var searchPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map(String.init) + ["/usr/bin"]
    }

    /// Where the distributions put wlr-layer-shell's XML, Debian's Rust crates last (any
    /// version of them: the protocol's version 4 is the same file in each).
    static var layerShellCandidates: [String] {
        var dirs = ["/usr/share/wlr-protocols/unstable", "/usr/local/share/wlr-protocols/unstable"]
        let registry = "/usr/share/cargo/registry"
        let crates = (try? FileManager.default.contentsOfDirectory(atPath: registry)) ?? []
        for crate in crates.sorted() where crate.hasPrefix("wayland-protocols") {
            dirs.append("\(registry)/\(crate)/wlr-protocols/unstable")
        }
        return dirs
    }

    static func find(_ name: String, in dirs: [String], fix: String) throws -> URL {
        for dir in dirs where FileManager.default.fileExists(atPath: dir + "/" + name) {
            return URL(fileURLWithPath: dir + "/" + name)
        }
        throw NotFound(description: "display: wayland needs \(name), which is in none of \(dirs.joined(separator: ", ")): \(fix)")
    }

    struct NotFound: Error, CustomStringConvertible {
        let description: String
    }
}
