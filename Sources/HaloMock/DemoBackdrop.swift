// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender

/// The app under the gallery's indicators: a plain dark app screen that Halo draws itself, a
/// toolbar, a picture and a list, so that a checkout's dimming, a partial overlay's region, an
/// inline indicator's item and a toolbar bar read at a glance, as they would over a real app.
/// Text is shown as placeholder bars, so no font or language is implied, in muted tones, so the
/// indicators' own labels stay the brightest text on screen. It scales with the
/// screen; its layers sit under every layer the engine draws (keys `LayerKey.backdrop`).
public enum DemoBackdrop {

    static let page = Color(rgb: 0x1B2029)
    static let bar = Color(rgb: 0x283140)
    static let row = Color(rgb: 0x222935)
    static let strong = Color(rgb: 0x75808F)
    static let faint = Color(rgb: 0x4B5565)
    static let accent = Color(rgb: 0x4F9DFF)
    static let sky = Color(rgb: 0x3D7196)
    static let sun = Color(rgb: 0xF2C14E)
    static let hill = Color(rgb: 0x2F6B52)
    static let farHill = Color(rgb: 0x4A8468)

    /// Where the app's items are on a logical screen `width`×`height`: the gallery's scenes put
    /// their regions on them (a bar under the toolbar, an overlay over the picture, indicators
    /// in list rows).
    public struct Layout: Sendable {
        public var unit: Int32
        public var toolbar: IntRect
        public var picture: IntRect
        public var rows: [IntRect]

        /// The trailing part of a row, right of its text: where an item's own indicator goes.
        public func trailing(_ row: IntRect) -> IntRect {
            let w = row.width * 2 / 5
            return IntRect(x: row.maxX - w, y: row.y, width: w, height: row.height)
        }

        public init(width: Int32, height: Int32) {
            unit = max(4, min(width, height) / 40)
            toolbar = IntRect(x: 0, y: 0, width: width, height: max(2 * unit, height / 8))
            let pictureTop = toolbar.maxY + 2 * unit
            picture = IntRect(x: 2 * unit, y: pictureTop, width: width - 4 * unit, height: max(4 * unit, (height - pictureTop) / 3))
            // Three rows fill the rest, a unit apart and a unit clear of the bottom.
            let rowHeight = max(2 * unit, (height - picture.maxY - unit) / 3)
            let (u, top) = (unit, picture.maxY + 2 * unit)
            rows = (0..<3).map { k in IntRect(x: 2 * u, y: top + Int32(k) * rowHeight, width: width - 4 * u, height: rowHeight - u) }
        }
    }

    /// The app's layers on a logical screen `width`×`height`, bottom first.
    public static func layers(width: Int32, height: Int32) -> [Layer] {
        let l = Layout(width: width, height: height)
        let unit = l.unit, picture = l.picture
        var shapes: [Drawable] = [.fill(IntRect(x: 0, y: 0, width: width, height: height), page)]
        // The toolbar: a menu icon, a title, an avatar.
        shapes.append(.fill(l.toolbar, bar))
        let middle = l.toolbar.height / 2
        for k: Int32 in -1...1 {
            shapes.append(line(x: 2 * unit, y: middle + k * unit, length: 3 * unit, thickness: unit / 2 + 1, faint))
        }
        shapes.append(line(x: 7 * unit, y: middle, length: width / 3, thickness: unit, strong))
        shapes.append(dot(x: width - 3 * unit, y: middle, radius: max(3, l.toolbar.height / 4), accent))
        // A picture: sky, sun, a hill whose lower half the ground hides, and the ground.
        shapes.append(.roundedRect(RoundedRectShape(pixels: picture, radius: unit, color: sky)))
        shapes.append(dot(x: picture.maxX - picture.width / 5, y: picture.y + picture.height / 3, radius: picture.height / 7, sun))
        let ground = picture.height / 4
        let groundTop = picture.maxY - ground
        shapes.append(dot(x: picture.x + picture.width / 3, y: groundTop, radius: ground, farHill))
        shapes.append(
            .roundedRect(
                RoundedRectShape(
                    pixels: IntRect(x: picture.x, y: groundTop, width: picture.width, height: ground), radius: unit, color: hill)
            ))
        // A list: rows with an icon and two lines of text.
        for r in l.rows {
            shapes.append(.roundedRect(RoundedRectShape(pixels: r, radius: unit, color: row)))
            let iconRadius = max(2, r.height / 3)
            shapes.append(dot(x: r.x + unit + iconRadius, y: r.y + r.height / 2, radius: iconRadius, faint))
            let textX = r.x + 2 * unit + 2 * iconRadius
            let room = l.trailing(r).x - textX - unit
            shapes.append(line(x: textX, y: r.y + r.height / 3, length: room * 4 / 5, thickness: unit * 3 / 4 + 1, strong))
            shapes.append(line(x: textX, y: r.y + r.height * 2 / 3, length: room / 2, thickness: unit / 2 + 1, faint))
        }
        return shapes.enumerated().map { Layer(key: LayerKey.backdrop($0.offset), $0.element) }
    }

    /// A horizontal bar with round ends, as a line of placeholder text.
    static func line(x: Int32, y: Int32, length: Int32, thickness: Int32, _ color: Color) -> Drawable {
        let r = max(1, thickness / 2)
        return .capsule(
            CapsuleShape(x0: (x + r) << 8, y0: y << 8, x1: max(x + r, x + length - r) << 8, y1: y << 8, radius: r << 8, color: color))
    }

    static func dot(x: Int32, y: Int32, radius: Int32, _ color: Color) -> Drawable {
        .capsule(CapsuleShape(x0: x << 8, y0: y << 8, x1: x << 8, y1: y << 8, radius: max(1, radius) << 8, color: color))
    }
}
