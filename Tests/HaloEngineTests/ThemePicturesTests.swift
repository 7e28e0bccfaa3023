// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBoards
import HaloEngine
import HaloMock
import HaloOutputs
import HaloRender
import HaloTestSupport
import Testing

/// The maker's logo and a background picture: placed once for the screen, drawn under the
/// indicators, which are laid out below the logo.
@Suite("The theme's logo and background picture")
struct ThemePicturesTests {
    static func solid(_ w: Int32, _ h: Int32, _ c: Color) -> Bitmap {
        Bitmap(width: w, height: h, pixels: Array(repeating: c, count: Int(w * h)))!
    }

    static func engine(_ theme: Theme, width: Int32 = 800, height: Int32 = 480) -> Engine {
        Engine(screenWidth: width, screenHeight: height, theme: theme, policy: Policy(), text: BlockText())
    }

    static func images(_ layers: [Layer]) -> [ImageShape] {
        layers.compactMap { if case .image(let s) = $0.drawable { return s } else { return nil } }
    }

    @Test("the logo is fitted into a quarter of the shorter side, centred an eighth of the way down; every indicator stays below it")
    func logoAbove() throws {
        var theme = Theme()
        theme.logo = Self.solid(400, 200, Color(r: 200, g: 10, b: 10))
        for (kind, label) in [("circular", "Starting up"), ("linear", "Installing updates"), ("spinner", "Restarting")] {
            let e = Self.engine(theme)
            try e.run("show a \(kind) label=\"\(label)\"", at: 0)
            let layers = e.layers(atMs: 1000)
            let logo = try #require(Self.images(layers).first)
            #expect(logo.bounds == IntRect(x: 280, y: 60, width: 240, height: 120), "\(kind): \(logo.bounds)")
            let below = logo.bounds.maxY + theme.labelGap
            let drawn = layers.filter { $0.key < 0xE000_0000 }.map(\.drawable.bounds).reduce(IntRect.empty) { $0.union($1) }
            #expect(!drawn.isEmpty && drawn.y >= below, "\(kind) drawn at \(drawn), the logo reaches \(below)")
            #expect(drawn.maxY <= 480, "\(kind) on the screen: \(drawn)")
        }
    }

    @Test("over an app (a premultiplied mock standing in for the Wayland overlay) neither the logo nor the background picture is drawn")
    func noPicturesOverAnApp() throws {
        var theme = Theme()
        theme.logo = Self.solid(40, 20, .white)
        theme.backgroundImage = Self.solid(100, 100, Color(r: 1, g: 2, b: 3))
        let owned = Self.engine(theme)
        _ = Screen(engine: owned, display: MemoryDisplay(width: 800, height: 480, format: .xrgb8888))
        #expect(Self.images(owned.layers(atMs: 0)).count == 2)
        let over = Self.engine(theme)
        _ = Screen(engine: over, display: MemoryDisplay(width: 800, height: 480, format: .premultipliedARGB8888))
        #expect(Self.images(over.layers(atMs: 0)).isEmpty)
        // A new theme (a board reloaded) leaves them out too.
        over.theme = theme
        #expect(Self.images(over.layers(atMs: 0)).isEmpty)
    }

    @Test("a small logo is never enlarged; a tall one is held to theme.logo.height and half the screen")
    func logoSizes() throws {
        var theme = Theme()
        theme.logo = Self.solid(40, 20, .white)
        #expect(Self.images(Self.engine(theme).layers(atMs: 0)).first?.bounds == IntRect(x: 380, y: 60, width: 40, height: 20))
        theme.logo = Self.solid(100, 1000, .white)
        theme.logoHeight = 2000
        #expect(Self.images(Self.engine(theme).layers(atMs: 0)).first?.bounds == IntRect(x: 388, y: 60, width: 24, height: 240))
    }

    @Test("a background picture covers the screen, centred, its overflow cut evenly; it is the bottom layer")
    func background() throws {
        var theme = Theme()
        theme.backgroundImage = Self.solid(100, 100, Color(r: 1, g: 2, b: 3))
        let e = Self.engine(theme)
        try e.run("show a circular", at: 0)
        let layers = e.layers(atMs: 1000)
        guard case .image(let picture) = layers.first?.drawable else {
            Issue.record("the first layer is \(String(describing: layers.first))")
            return
        }
        #expect(picture.bounds == IntRect(x: 0, y: -160, width: 800, height: 800))
        let display = MemoryDisplay(width: 800, height: 480, format: .xrgb8888)
        try Screen(engine: e, display: display).update(at: .milliseconds(1000))
        #expect(Array(display.rgb()[0..<3]) == [1, 2, 3], "the corner shows the picture, not the background colour")
    }

    @Test("the pictures are made once: frames share the same bitmaps, so a still screen draws nothing")
    func placedOnce() throws {
        var theme = Theme()
        theme.logo = Self.solid(300, 300, .white)
        theme.backgroundImage = Self.solid(1000, 600, Color(r: 9, g: 9, b: 9))
        let e = Self.engine(theme)
        let display = MemoryDisplay(width: 800, height: 480, format: .xrgb8888)
        let screen = Screen(engine: e, display: display)
        try screen.update(at: .milliseconds(0))
        #expect(try screen.update(at: .milliseconds(40)).isEmpty && screen.framesSkipped == 1)
        // A new screen size places them again.
        e.resize(screenWidth: 400, screenHeight: 240, at: .milliseconds(50))
        #expect(
            Self.images(e.layers(atMs: 50)).map(\.bounds) == [
                IntRect(x: 0, y: 0, width: 400, height: 240), IntRect(x: 170, y: 36, width: 60, height: 60),
            ])
    }
}
