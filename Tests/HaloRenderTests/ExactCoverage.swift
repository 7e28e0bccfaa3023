// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloRender

/// Reference coverage by brute-force supersampling of exact geometry, in doubles: the yardstick
/// the fixed-point renderer is measured against. It shares no code with the renderer.
struct ExactCoverage {
    /// Samples per pixel side on edge pixels (64 × 64 = 4096 samples: error under 1/64 of a pixel row).
    var samples = 64

    /// Coverage in 0...1 of pixel (x, y) by the shape `inside`.
    func coverage(x: Int, y: Int, inside: (Double, Double) -> Bool) -> Double {
        // A coarse look first: a pixel whose 5×5 probe agrees everywhere is taken as whole or empty.
        var hits = 0
        for j in 0..<5 {
            for i in 0..<5 where inside(Double(x) + Double(i) / 4, Double(y) + Double(j) / 4) { hits += 1 }
        }
        if hits == 0 { return 0 }
        if hits == 25 && inside(Double(x) + 0.5, Double(y) + 0.5) {
            // Check the pixel's interior more finely before calling it whole.
            var all = true
            for j in 0..<9 where all {
                for i in 0..<9 where !inside(Double(x) + (Double(i) + 0.5) / 9, Double(y) + (Double(j) + 0.5) / 9) {
                    all = false
                    break
                }
            }
            if all { return 1 }
        }
        var count = 0
        let n = samples
        for j in 0..<n {
            let sy = Double(y) + (Double(j) + 0.5) / Double(n)
            for i in 0..<n where inside(Double(x) + (Double(i) + 0.5) / Double(n), sy) { count += 1 }
        }
        return Double(count) / Double(n * n)
    }
}

/// Exact ring-arc membership: clockwise from 12 o'clock, round caps as discs on the mid-line.
struct ExactRing {
    var cx: Double, cy: Double, outer: Double, inner: Double
    var startTurns: Double, sweepTurns: Double, roundCaps: Bool

    func inRing(_ x: Double, _ y: Double) -> Bool {
        let d = ((x - cx) * (x - cx) + (y - cy) * (y - cy)).squareRoot()
        return d >= inner && d <= outer
    }

    func inArc(_ x: Double, _ y: Double) -> Bool {
        guard inRing(x, y) else { return false }
        if sweepTurns >= 1 { return true }
        if sweepTurns <= 0 { return false }
        var a = atan2(x - cx, -(y - cy)) / (2 * Double.pi)  // clockwise from 12, in turns
        if a < 0 { a += 1 }
        var rel = a - startTurns
        rel -= rel.rounded(.down)
        if rel <= sweepTurns { return true }
        if roundCaps {
            let mid = (outer + inner) / 2, r = (outer - inner) / 2
            for t in [startTurns, startTurns + sweepTurns] {
                let px = cx + mid * sin(2 * Double.pi * t), py = cy - mid * cos(2 * Double.pi * t)
                if (x - px) * (x - px) + (y - py) * (y - py) <= r * r { return true }
            }
        }
        return false
    }
}

/// A white-on-black XRGB8888 picture, so a pixel's stored value is its coverage.
struct TestImage {
    var width: Int32, height: Int32
    var bytes: [UInt8]

    init(width: Int32, height: Int32, stride: Int? = nil, draw: (Canvas<XRGB8888>) -> Void) {
        self.width = width
        self.height = height
        let s = stride ?? Int(width) * 4
        bytes = [UInt8](repeating: 0, count: s * Int(height))
        bytes.withUnsafeMutableBytes { raw in
            draw(Canvas<XRGB8888>(memory: raw.baseAddress!, physicalWidth: width, physicalHeight: height, stride: s))
        }
    }

    /// Blue channel of pixel (x, y) in an unpadded buffer.
    func value(_ x: Int, _ y: Int) -> Int { Int(bytes[(y * Int(width) + x) * 4]) }
}

struct AccuracyReport: CustomStringConvertible {
    var edgePixels = 0
    var totalError = 0.0
    var worst = 0.0
    var worstAt = (0, 0)
    var meanError: Double { edgePixels == 0 ? 0 : totalError / Double(edgePixels) }
    var description: String {
        "\(edgePixels) edge pixels, mean error \(meanError * 255)/255, worst \(worst * 255)/255 at \(worstAt)"
    }

    /// Compares `value(x, y)` (0...255) with the exact coverage over `area`.
    static func measure(
        area: (Int, Int, Int, Int), value: (Int, Int) -> Int, inside: (Double, Double) -> Bool
    ) -> AccuracyReport {
        var report = AccuracyReport()
        let exact = ExactCoverage()
        for y in area.1..<area.3 {
            for x in area.0..<area.2 {
                let want = exact.coverage(x: x, y: y, inside: inside)
                let got = Double(value(x, y)) / 255
                let isEdge = (want > 0.5 / 255 && want < 254.5 / 255) || (got > 0 && got < 1)
                if !isEdge {
                    if abs(got - want) > 0.5 {
                        report.worst = max(report.worst, abs(got - want))
                        report.worstAt = (x, y)
                    }
                    continue
                }
                let e = abs(got - want)
                report.edgePixels += 1
                report.totalError += e
                if e > report.worst {
                    report.worst = e
                    report.worstAt = (x, y)
                }
            }
        }
        return report
    }
}
