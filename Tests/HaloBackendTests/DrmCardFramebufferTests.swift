// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBackends
import Testing

/// `DrmCardFramebuffer` on a copy of sysfs's layout in a scratch directory (a faithful mock:
/// the same paths the kernel makes, `class/drm/cardN/device/graphics/fbM`). The QEMU tests
/// check the same lookup on a real kernel's sysfs, for cirrus.
@Suite("the framebuffer a DRM card emulates, on a mock sysfs tree")
struct DrmCardFramebufferTests {
    /// A scratch sysfs with `cards[card] = [entries under its device/graphics]`; nil for a
    /// card without a graphics directory at all.
    static func sysfs(_ cards: [String: [String]?]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("halo-sysfs-\(UUID().uuidString)")
        for (card, entries) in cards {
            let device = root.appendingPathComponent("class/drm/\(card)/device")
            try FileManager.default.createDirectory(at: device, withIntermediateDirectories: true)
            guard let entries else { continue }
            for e in entries {
                try FileManager.default.createDirectory(
                    at: device.appendingPathComponent("graphics/\(e)"), withIntermediateDirectories: true)
            }
        }
        return root.path
    }

    @Test("a card's own framebuffer, whatever the two numbers")
    func ownFramebuffer() throws {
        let root = try Self.sysfs(["card0": ["fb1"], "card1": ["fb0"]])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card0", sysfs: root) == "/dev/fb1")
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card1", sysfs: root) == "/dev/fb0")
    }

    @Test("a card without fbdev emulation, or not a card, has none")
    func none() throws {
        let root = try Self.sysfs(["card0": nil, "card1": []])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card0", sysfs: root) == nil)
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card1", sysfs: root) == nil)
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card7", sysfs: root) == nil)
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/renderD128", sysfs: root) == nil)
    }

    @Test("only fbN entries count, and the lowest wins")
    func lowest() throws {
        let root = try Self.sysfs(["card2": ["fbcon", "fb3", "fb2", "fbx"]])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(DrmCardFramebuffer.device(forCard: "/dev/dri/card2", sysfs: root) == "/dev/fb2")
    }
}
