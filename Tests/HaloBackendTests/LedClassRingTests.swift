// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBackends
import HaloHAL
import HaloRender
import Testing

/// The LED-class ring on an in-memory copy of the sysfs layout (plain files in a temporary
/// folder): what it opens, the triggers it takes over and gives back, its errors. The values
/// it writes are checked on a real kernel's LED class (QEMURingTests).
@Suite("LED-class ring on an in-memory sysfs tree")
struct LedClassRingTests {
    func tree(_ leds: [(String, max: String, trigger: String)]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("halo-leds-\(UUID().uuidString.prefix(8))").path
        for led in leds {
            let dir = "\(root)/\(led.0)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try led.max.write(toFile: "\(dir)/max_brightness", atomically: true, encoding: .utf8)
            try led.trigger.write(toFile: "\(dir)/trigger", atomically: true, encoding: .utf8)
            try "0\n".write(toFile: "\(dir)/brightness", atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("a trigger is set to none at start and put back by finish; an LED without one is left alone")
    func triggers() throws {
        // Plain files keep what a shorter write leaves behind, where sysfs takes each write whole:
        // the checks read how a file starts.
        let root = try tree([("a", "255\n", "heartbeat [timer] none\n"), ("b", "1\n", "[none] timer\n")])
        let ring = try LedClassRing(names: ["a", "b"], pipeline: LedColorPipeline(gamma: LedGamma(hundredths: 100)), root: root)
        #expect(try String(contentsOfFile: "\(root)/a/trigger", encoding: .utf8).hasPrefix("none"))
        try ring.show([.white, .black])
        #expect(ring.bytesSent == 4, "255 and 0: only what changed is written")
        try ring.show([.white, .black])
        #expect(ring.bytesSent == 4)
        ring.finish()
        #expect(try String(contentsOfFile: "\(root)/a/trigger", encoding: .utf8).hasPrefix("timer"))
        #expect(try String(contentsOfFile: "\(root)/b/trigger", encoding: .utf8) == "[none] timer\n", "untouched")
    }

    @Test("a missing LED, a bad name and a wrong count are refused with the fix")
    func errors() throws {
        let root = try tree([("a", "255\n", "[none]\n"), ("odd", "bright\n", "[none]\n")])
        let pipeline = LedColorPipeline()
        do {
            _ = try LedClassRing(names: ["a", "gone"], pipeline: pipeline, root: root)
            Issue.record("a missing LED was accepted")
        } catch {
            #expect(error.description.contains("no LED gone") && error.description.contains("ls \(root)"), "\(error)")
        }
        #expect(throws: RingError.self) { try LedClassRing(names: ["../a"], pipeline: pipeline, root: root) }
        #expect(throws: RingError.self) { try LedClassRing(names: ["odd"], pipeline: pipeline, root: root) }
        let ring = try LedClassRing(names: ["a"], pipeline: pipeline, root: root)
        #expect(throws: RingError.self) { try ring.show([.white, .white]) }
    }

    @Test("a multicolor LED is set to full brightness once and shows its colour through multi_intensity, in multi_index's order")
    func multicolor() throws {
        let root = try tree([("rgb", "100\n", "[none]\n"), ("mono", "255\n", "[none]\n")])
        try "green red blue white\n".write(toFile: "\(root)/rgb/multi_index", atomically: true, encoding: .utf8)
        try "0 0 0 0\n".write(toFile: "\(root)/rgb/multi_intensity", atomically: true, encoding: .utf8)
        let ring = try LedClassRing(names: ["rgb", "mono"], pipeline: LedColorPipeline(gamma: LedGamma(hundredths: 100)), root: root)
        #expect(try String(contentsOfFile: "\(root)/rgb/brightness", encoding: .utf8).hasPrefix("100"))
        try ring.show([Color(r: 255, g: 51, b: 102), Color(r: 10, g: 200, b: 30)])
        // Each value scaled to max_brightness 100; white is a colour Halo does not drive.
        #expect(try String(contentsOfFile: "\(root)/rgb/multi_intensity", encoding: .utf8).hasPrefix("20 100 40 0"))
        #expect(try String(contentsOfFile: "\(root)/mono/brightness", encoding: .utf8).hasPrefix("200"))
        let sent = ring.bytesSent
        try ring.show([Color(r: 255, g: 51, b: 102), Color(r: 10, g: 200, b: 30)])
        #expect(ring.bytesSent == sent, "nothing changed, nothing written")
        try "\n".write(toFile: "\(root)/rgb/multi_index", atomically: true, encoding: .utf8)
        #expect(throws: RingError.self) { try LedClassRing(names: ["rgb"], pipeline: LedColorPipeline(), root: root) }
    }
}
