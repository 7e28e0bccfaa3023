// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloRender
import Testing

/// A touch meets the pixel the canvas drew under the finger, at every rotation: the mapping is
/// checked against `Canvas`'s own address arithmetic, not against numbers written down here.
@Suite("Touch coordinates through calibration and rotation")
struct TouchMappingTests {
    static let panel = (width: Int32(800), height: Int32(480))
    static let axis = TouchMapping.Axis(minimum: 0, maximum: 4095)

    static func mapping(_ rotation: Rotation, calibration: [Int32] = TouchMapping.identity) -> TouchMapping {
        TouchMapping(
            x: axis, y: axis, panelWidth: panel.width, panelHeight: panel.height, rotation: rotation,
            calibration: calibration)
    }

    /// The physical pixel the canvas writes when asked to draw logical `(x, y)`.
    static func physicalPixel(drawnAt x: Int32, _ y: Int32, rotation: Rotation) -> (x: Int32, y: Int32)? {
        let stride = Int(panel.width) * 4
        var memory = [UInt8](repeating: 0, count: stride * Int(panel.height))
        return memory.withUnsafeMutableBytes { raw -> (x: Int32, y: Int32)? in
            let canvas = Canvas<XRGB8888>(
                memory: raw.baseAddress!, physicalWidth: panel.width, physicalHeight: panel.height,
                stride: stride, rotation: rotation)
            guard x >= 0, y >= 0, x < canvas.width, y < canvas.height else { return nil }
            let offset = canvas.address(x, y) - raw.baseAddress!
            return (Int32(offset % stride / 4), Int32(offset / stride))
        }
    }

    @Test("taps at the four corners land on the pixel the canvas drew there, at 0, 90, 180 and 270")
    func cornersAtEveryRotation() {
        let corners: [(raw: (Int32, Int32), physical: (Int32, Int32))] = [
            ((0, 0), (0, 0)), ((4095, 0), (799, 0)), ((0, 4095), (0, 479)), ((4095, 4095), (799, 479)),
        ]
        for rotation in Rotation.allCases {
            let m = Self.mapping(rotation)
            for corner in corners {
                let logical = m.logical(rawX: corner.raw.0, rawY: corner.raw.1)
                let drawn = Self.physicalPixel(drawnAt: logical.x, logical.y, rotation: rotation)
                #expect(drawn?.x == corner.physical.0 && drawn?.y == corner.physical.1, "\(rotation) \(corner.raw)")
            }
        }
    }

    @Test("a point inside the glass also matches the canvas at every rotation")
    func interiorPoint() {
        for rotation in Rotation.allCases {
            let logical = Self.mapping(rotation).logical(rawX: 1024, rawY: 3072)
            let drawn = Self.physicalPixel(drawnAt: logical.x, logical.y, rotation: rotation)
            #expect(drawn?.x == 200 && drawn?.y == 360, "\(rotation)")
        }
    }

    @Test("the calibration matrix mirrors and offsets in Q16, as libinput's does in floats")
    func calibration() {
        let mirrored = Self.mapping(.none, calibration: [-65536, 0, 65536, 0, 65536, 0])
        #expect(mirrored.logical(rawX: 0, rawY: 0) == (799, 0))
        let shifted = Self.mapping(.none, calibration: [65536, 0, 8192, 0, 65536, -8192])
        let p = shifted.logical(rawX: 2048, rawY: 2048)
        #expect(p.x == 500 && p.y == 180, "an eighth of the glass right and up")
        let wrongLength = Self.mapping(.none, calibration: [1, 2, 3])
        #expect(wrongLength.calibration == TouchMapping.identity)
    }

    @Test("absurd ranges, values and matrices never trap and always give a pixel on the screen")
    func hostile() {
        let extremes: [Int32] = [.min, -1, 0, 1, 4095, .max]
        let matrices: [[Int32]] = [
            TouchMapping.identity, [.max, .max, .max, .max, .max, .max], [.min, .min, .min, .min, .min, .min],
            [0, 0, 0, 0, 0, 0],
        ]
        let axes = [
            Self.axis, TouchMapping.Axis(minimum: 5, maximum: 5), TouchMapping.Axis(minimum: .max, maximum: .min),
            TouchMapping.Axis(minimum: .min, maximum: .max),
        ]
        for rotation in Rotation.allCases {
            let size = rotation.logicalSize(width: Self.panel.width, height: Self.panel.height)
            for matrix in matrices {
                for axis in axes {
                    let m = TouchMapping(
                        x: axis, y: axis, panelWidth: Self.panel.width, panelHeight: Self.panel.height,
                        rotation: rotation, calibration: matrix)
                    for rx in extremes {
                        for ry in extremes {
                            let p = m.logical(rawX: rx, rawY: ry)
                            #expect(p.x >= 0 && p.x < size.width && p.y >= 0 && p.y < size.height)
                        }
                    }
                }
            }
        }
        let tiny = TouchMapping(x: Self.axis, y: Self.axis, panelWidth: -3, panelHeight: 0, rotation: .quarter)
        #expect(tiny.logical(rawX: 4095, rawY: 4095) == (0, 0), "a nonsense panel size becomes one pixel")
    }
}
