// swift-tools-version: 6.3;(experimentalCGen)
// experimentalCGen: the Wayland overlay's protocol tables are C that wayland-scanner writes at
// build time, which SwiftPM compiles only with it. Swift 6.0 (Debian trixie) reads
// Package@swift-6.0.swift instead: the same package without the overlay.
// SPDX-License-Identifier: Apache-2.0
import PackageDescription

/// The commit `halo --version` names: the checkout's, marked when it has uncommitted changes.
let commit: String = {
    guard let git = Context.gitInformation else { return "unknown" }
    return String(git.currentCommit.prefix(12)) + (git.hasUncommittedChanges ? "-dirty" : "")
}()

/// Generic types made from their metadata accessors, with the conformances the compiler
/// already knows passed in, rather than from mangled names that the runtime must resolve: the
/// first `Set` or `Dictionary` of each key type otherwise made the runtime search every
/// conformance in the binary for `Hashable` (some 130,000 instructions each; 0.6 million of the
/// way to a boot splash's first frame, 1.4 million were the engine's targets included). An
/// unsafe flag, so only for the targets that no library product holds: a package that depends
/// on HaloRender, HaloEngine or HaloMock by version can have none.
let knownConformances: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]

let package = Package(
    name: "Halo",
    products: [
        .executable(name: "halo", targets: ["halo"]),
        .library(name: "HaloRender", targets: ["HaloRender"]),
        .library(name: "HaloEngine", targets: ["HaloEngine"]),
        .library(name: "HaloMock", targets: ["HaloMock"]),
        // libhalo, for apps that own the screen (Sources/CHalo/include/halo.h): .ci/libhalo
        // installs it as libhalo.so.1 and libhalo.a with the Swift runtime linked in.
        .library(name: "HaloLibrary", type: .dynamic, targets: ["HaloLibrary"]),
    ],
    targets: [
        // Layer 1, HaloRender: the rendering core and the LED colour and motion maths. Standard
        // library only; also compiled as Embedded Swift by .ci/embedded-check.
        .target(name: "HaloRender"),

        // C libraries every embedded distribution ships, reached through pkg-config.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CDRM", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
        .systemLibrary(name: "CWayland", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
        // Generates the C tables of the protocols the Wayland overlay speaks beyond the core
        // one, from the XML the system ships (see the plugin), and compiles them here.
        .plugin(name: "WaylandScanner", capability: .buildTool()),
        .target(name: "CWaylandProtocols", dependencies: ["CWayland"], plugins: ["WaylandScanner"]),
        // Linux interfaces Swift's Glibc module leaves out (signalfd, socket headers); headers only.
        .systemLibrary(name: "CLinux"),
        // 32-byte AVX2 stores for long fills, chosen at run time on x86-64; headers only. `halo`
        // installs them in HaloRender's LongFill, which stays standard Swift.
        .systemLibrary(name: "CWideStores"),
        // The Swift runtime's hash seed, drawn before `main` without waiting for the kernel's
        // random pool at early boot (see its header); `--wrap=syscall` routes the statically
        // linked runtime's syscall() through it.
        .target(name: "CStartSeed", linkerSettings: [.unsafeFlags(["-Xlinker", "--wrap=syscall"])]),
        // Unmaps the code pages start-up ran, once it is over (see its header).
        .target(name: "CLoadedCode"),
        .target(name: "CTextLibraries"),
        // The commit the binary was built from, for `halo --version`.
        .target(name: "CBuildInfo", cSettings: [.define("HALO_COMMIT", to: "\"\(commit)\"")]),

        // Layer 3, under the backends, the daemon and the loaders: the thin POSIX layer (owned
        // descriptors, errno-keeping errors, safe file reads, Unix sockets, signals).
        .target(name: "HaloPOSIX", dependencies: ["CLinux", "CLoadedCode"], swiftSettings: knownConformances),

        // Layer 2, HaloEngine: indicator state machines, animation, layout, control language.
        .target(name: "HaloEngine", dependencies: ["HaloRender"]),
        // Layer 3, HaloHAL: the hardware protocols the backends implement (Display, RingOutput,
        // EventSource) and their errors: nothing of boards, daemons or the engine.
        .target(name: "HaloHAL", dependencies: ["HaloRender"]),
        // Layer 3, HaloOutputs: joins the engine to its outputs (a Screen on a Display, RingLights on a RingOutput).
        .target(name: "HaloOutputs", dependencies: ["HaloEngine", "HaloHAL", "HaloRender"], swiftSettings: knownConformances),
        // Text rasterisation behind the engine's TextRasterizer protocol.
        .target(
            name: "HaloFreeType", dependencies: ["HaloEngine", "HaloRender", "HaloPOSIX", "CFreeType", "CTextLibraries"],
            swiftSettings: knownConformances),
        // Layer 3, HaloBoards: board profiles (YAML through libyaml).
        .target(
            name: "HaloBoards", dependencies: ["HaloEngine", "HaloHAL", "HaloRender", "HaloPOSIX", "CYAML", "CZlib"],
            swiftSettings: knownConformances),
        // Layer 3, HaloBackends: hardware backends behind HaloHAL's protocols (DRM, fbdev, a Wayland overlay, SPI, GPIO, LED class).
        .target(
            name: "HaloBackends",
            // The C libraries' link flags come in the reverse of this order, each with its
            // pkg-config libdir: libgpiod's goes first, so that .ci/gpiod2's libgpiod 2 is found
            // before the system's 1.6 in /usr/lib.
            dependencies: ["HaloHAL", "HaloRender", "HaloPOSIX", "CLinux", "CWayland", "CWaylandProtocols", "CDRM", "CGPIOD"],
            swiftSettings: knownConformances),
        // Layer 4, HaloMock: the mock backend (memory display, LED recorder, PNG output, the demo gallery).
        .target(name: "HaloMock", dependencies: ["HaloEngine", "HaloHAL", "HaloRender", "CZlib"]),
        // Layer 5, HaloDaemon: the daemon's control socket and loop.
        .target(
            name: "HaloDaemon", dependencies: ["HaloEngine", "HaloHAL", "HaloOutputs", "HaloRender", "HaloPOSIX", "CLinux"],
            swiftSettings: knownConformances),
        // Layer 5, HaloSetup: turns a board into the daemon (its screen and LED ring opened, the
        // loop wired to them, its signals, the psplash FIFO and reloads).
        .target(
            name: "HaloSetup",
            dependencies: [
                "HaloEngine", "HaloRender", "HaloHAL", "HaloOutputs", "HaloMock", "HaloBoards", "HaloFreeType", "HaloDaemon",
                "HaloBackends", "HaloPOSIX",
            ],
            swiftSettings: knownConformances),
        // Layer 6, halo: the command, which only parses arguments and calls the layers above.
        .executableTarget(
            name: "halo",
            dependencies: [
                "HaloEngine", "HaloRender", "HaloHAL", "HaloOutputs", "HaloMock", "HaloBoards", "HaloFreeType", "HaloDaemon",
                "HaloBackends", "HaloSetup", "HaloPOSIX", "CWideStores", "CBuildInfo", "CStartSeed",
            ],
            // The systemd unit and udev rule that install beside the binary (see the README),
            // and the linker script that makes libstdc++ static (see link/libstdc++.so).
            exclude: ["install", "link"],
            swiftSettings: knownConformances,
            // Every shared-library symbol bound at start-up, its table then read-only (full
            // RELRO, as Debian's hardening builds do for daemons): the first frame no longer
            // stops to look up memset or memcpy, some 2,000 instructions each. libstdc++ from
            // its static archive (link/libstdc++.so says why). And none of the binary's own
            // symbols exported (the Swift runtime's link exports them all): 5,000 fewer, and
            // the runtime's start-up dladdr() no longer searches them one by one. A build ID,
            // which stripping keeps, names the program in a first frame saved ahead's key.
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "--build-id=sha1",
                    "-L\(Context.packageDirectory)/Sources/halo/link", "-Xlinker", "--no-export-dynamic",
                ])
            ]
        ),

        // libhalo: halo.h, the C interface, and the Swift behind it (@_cdecl functions over
        // the engine, drawn over an app's frame or into its layer). Only halo_* is exported.
        .systemLibrary(name: "CHalo"),
        .target(
            name: "HaloLibrary", dependencies: ["CHalo", "HaloEngine", "HaloRender", "HaloBoards", "HaloFreeType"], exclude: ["link"],
            swiftSettings: knownConformances,
            linkerSettings: [
                .unsafeFlags([
                    "-Xlinker", "-soname=libhalo.so.1", "-Xlinker",
                    "--version-script=\(Context.packageDirectory)/Sources/HaloLibrary/link/halo.map",
                    "-Xlinker", "-z", "-Xlinker", "now", "-Xlinker", "-z", "-Xlinker", "relro",
                ])
            ]),

        // Helpers shared by the test targets (a font stand-in with fixed metrics).
        .target(name: "HaloTestSupport", dependencies: ["HaloEngine", "HaloRender"], path: "Tests/HaloTestSupport"),
        .testTarget(name: "HaloRenderTests", dependencies: ["HaloRender", "CWideStores"]),
        .testTarget(
            name: "HaloEngineTests",
            dependencies: [
                "HaloEngine", "HaloRender", "HaloHAL", "HaloOutputs", "HaloMock", "HaloBoards", "HaloFreeType", "HaloTestSupport", "CZlib",
            ],
            exclude: ["Golden"]
        ),
        .testTarget(
            name: "HaloBackendTests",
            dependencies: ["HaloBackends", "HaloEngine", "HaloHAL", "HaloOutputs", "HaloMock", "HaloRender", "HaloTestSupport"]),
        .testTarget(
            name: "HaloDaemonTests",
            dependencies: [
                "HaloDaemon", "HaloPOSIX", "HaloEngine", "HaloHAL", "HaloOutputs", "HaloMock", "HaloRender", "HaloTestSupport", "CLinux",
            ]),
        .testTarget(
            name: "HaloSetupTests",
            dependencies: [
                "HaloSetup", "HaloBoards", "HaloDaemon", "HaloEngine", "HaloMock", "HaloOutputs", "HaloRender", "HaloHAL", "HaloPOSIX",
                "HaloTestSupport",
            ]),
        // Runs the built `halo` binary as a process: exit status, messages and files written.
        .testTarget(
            name: "HaloCommandTests", dependencies: ["halo", "HaloMock", "HaloEngine", "HaloTestSupport"],
            // A virtual pointer for the overlay tests, built at test time (SwaySession).
            exclude: ["wayland"]),
        // Boots Debian's kernel under QEMU and compares what its virtual GPUs scan out with the mock.
        .testTarget(
            name: "HaloQEMUTests",
            dependencies: ["halo", "HaloMock", "HaloTestSupport", "HaloEngine", "HaloRender", "HaloBoards", "HaloBackends", "HaloHAL"],
            exclude: ["guest", "modules"]),
    ],
    swiftLanguageModes: [.v6]
)
