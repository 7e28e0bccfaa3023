// SPDX-License-Identifier: Apache-2.0
import HaloRender
import Testing

/// Exact rounded rectangle membership (Q8 inputs converted to pixels).
struct ExactRoundedRect {
    var x0: Double, y0: Double, x1: Double, y1: Double, r: Double

    init(x: Int32, y: Int32, width: Int32, height: Int32, radius: Int32) {
        x0 = Double(x) / 256
        y0 = Double(y) / 256
        x1 = Double(x + width) / 256
        y1 = Double(y + height) / 256
        r = Double(radius) / 256
    }

    func contains(_ x: Double, _ y: Double) -> Bool {
        if x < x0 || x > x1 || y < y0 || y > y1 { return false }
        // The nearest point of the inner rectangle whose corners are the arcs' centres.
        let cx = min(max(x, x0 + r), x1 - r), cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= r * r
    }
}

@Suite("Bars, rounded rectangles and capsules against exact geometry")
struct ShapeAccuracyTests {
    static let meanLimit = 3.0 / 255
    static let worstLimit = 16.0 / 255

    func expectAccurate(_ report: AccuracyReport, minimumEdge: Int) {
        #expect(report.edgePixels >= minimumEdge, "expected anti-aliased edges: \(report)")
        #expect(report.meanError <= Self.meanLimit, "\(report)")
        #expect(report.worst <= Self.worstLimit, "\(report)")
    }

    /// Bar geometry in Q8: at (10.25, 6.5), 60 px long, 8 px high, corner radius 4 px.
    static let bar = (x: Int32(2624), y: Int32(1664), width: Int32(60 * 256), height: Int32(8 * 256), radius: Int32(4 * 256))

    @Test("a bar's fill, its rounded end at fractions of a pixel", arguments: [Int32(0), 1, 77, 128, 200, 255])
    func barFill(fraction: Int32) {
        let b = Self.bar
        let fillTo = 31 * 256 + fraction
        let shape = BarShape(
            x: b.x, y: b.y, width: b.width, height: b.height, radius: b.radius, track: .clear, indicator: .white, fillTo: fillTo)
        let image = TestImage(width: 80, height: 20) { drawBar($0, shape, clip: $0.bounds) }
        let exact = ExactRoundedRect(x: b.x, y: b.y, width: fillTo, height: b.height, radius: b.radius)
        expectAccurate(AccuracyReport.measure(area: (0, 0, 80, 20), value: image.value, inside: exact.contains), minimumEdge: 40)
    }

    @Test("a bar's track beside a partial fill keeps the outline's edge")
    func barTrack() {
        let b = Self.bar
        let shape = BarShape(
            x: b.x, y: b.y, width: b.width, height: b.height, radius: b.radius, track: .white, indicator: .clear, fillTo: 20 * 256 + 90)
        let image = TestImage(width: 80, height: 20) { drawBar($0, shape, clip: $0.bounds) }
        let outline = ExactRoundedRect(x: b.x, y: b.y, width: b.width, height: b.height, radius: b.radius)
        expectAccurate(AccuracyReport.measure(area: (0, 0, 80, 20), value: image.value, inside: outline.contains), minimumEdge: 100)
    }

    @Test("a bar drawn through damage rectangles equals the bar drawn whole")
    func barClipped() {
        let b = Self.bar
        let shape = BarShape(
            x: b.x, y: b.y, width: b.width, height: b.height, radius: b.radius, track: .white, indicator: Color(rgb: 0x0A84FF),
            fillTo: 33 * 256 + 40)
        let whole = TestImage(width: 80, height: 20) { drawBar($0, shape, clip: $0.bounds) }
        let pieces = TestImage(width: 80, height: 20) { canvas in
            for x in stride(from: Int32(0), to: 80, by: 7) { drawBar(canvas, shape, clip: IntRect(x: x, y: 0, width: 7, height: 20)) }
        }
        #expect(whole.bytes == pieces.bytes)
    }

    @Test("a filled rounded rectangle off the pixel grid")
    func roundedRect() {
        let shape = RoundedRectShape(x: 1300, y: 900, width: 50 * 256 + 100, height: 30 * 256 + 60, radius: 9 * 256 + 50, color: .white)
        let image = TestImage(width: 64, height: 40) { drawRoundedRect($0, shape, clip: $0.bounds) }
        let exact = ExactRoundedRect(x: shape.x, y: shape.y, width: shape.width, height: shape.height, radius: shape.radius)
        expectAccurate(AccuracyReport.measure(area: (0, 0, 64, 40), value: image.value, inside: exact.contains), minimumEdge: 120)
    }

    /// Corners up to 64 px are read from disc tables, larger ones worked out row by row: both
    /// against exact geometry, off the grid, whole and drawn through damage strips.
    @Test("a large filled rounded rectangle off the pixel grid, its corners from tables or worked out", arguments: [Int32(40), 64, 65, 90])
    func largeRoundedRect(radius: Int32) {
        let shape = RoundedRectShape(
            x: 700, y: 500, width: 190 * 256 + 100, height: 186 * 256 + 60, radius: radius * 256 + 30, color: .white)
        let image = TestImage(width: 196, height: 192) { drawRoundedRect($0, shape, clip: $0.bounds) }
        let exact = ExactRoundedRect(x: shape.x, y: shape.y, width: shape.width, height: shape.height, radius: shape.radius)
        expectAccurate(AccuracyReport.measure(area: (0, 0, 196, 192), value: image.value, inside: exact.contains), minimumEdge: 400)
        let pieces = TestImage(width: 196, height: 192) { canvas in
            for x in stride(from: Int32(0), to: 196, by: 13) {
                drawRoundedRect(canvas, shape, clip: IntRect(x: x, y: 0, width: 13, height: 192))
            }
        }
        #expect(image.bytes == pieces.bytes)
    }

    @Test("a capsule at an odd angle")
    func capsule() {
        let shape = CapsuleShape(
            x0: 6 * 256 + 40, y0: 9 * 256 + 200, x1: 33 * 256 + 17, y1: 25 * 256 + 99, radius: 2 * 256 + 64, color: .white)
        let image = TestImage(width: 40, height: 34) { drawCapsule($0, shape, clip: $0.bounds) }
        let ax = Double(shape.x0) / 256, ay = Double(shape.y0) / 256, bx = Double(shape.x1) / 256, by = Double(shape.y1) / 256
        let r = Double(shape.radius) / 256
        let inside = { (x: Double, y: Double) -> Bool in
            let dx = bx - ax, dy = by - ay
            let t = max(0, min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
            let px = ax + t * dx - x, py = ay + t * dy - y
            return px * px + py * py <= r * r
        }
        expectAccurate(AccuracyReport.measure(area: (0, 0, 40, 34), value: image.value, inside: inside), minimumEdge: 60)
    }
}
