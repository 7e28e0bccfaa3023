// SPDX-License-Identifier: Apache-2.0
#if !canImport(CWaylandProtocols)
    import HaloHAL
    import HaloRender

    /// `display: wayland` in a build without the overlay: Swift 6.0's package manager cannot
    /// compile the protocol tables wayland-scanner writes at build time (Package@swift-6.0.swift),
    /// so opening it says so. No instance is ever made.
    public final class WaylandOverlay: OverlayDisplay, BlankableDisplay {
        public init(socket: String?, output: String? = nil, patience: Int64 = 5_000_000) throws(DisplayError) {
            throw DisplayError(
                "this halo was built by Swift 6.0, whose package manager cannot build the Wayland overlay; build Halo with Swift 6.3 or later for display: wayland"
            )
        }
        public var width: Int32 { 0 }
        public var height: Int32 { 0 }
        public var format: PixelFormat { .premultipliedARGB8888 }
        public var rotation: Rotation { .none }
        public var described: String { "" }
        public var input: WaylandSeatInput? { nil }
        public enum Change {
            case lost(DisplayError)
            case resized
        }
        public var onChange: ((Change) -> Void)?
        public func drawFrame<R>(_ body: (RenderTarget) -> R) -> R { fatalError("no overlay exists in this build") }
        public func present(damage: [IntRect]) throws(DisplayError) {}
        public func setInputRegion(_ rects: [IntRect]) {}
        public func blank() {}
    }
#endif
