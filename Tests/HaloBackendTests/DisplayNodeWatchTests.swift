// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloBackends
import HaloPOSIX
import Testing

/// The device folder watched for display drivers coming and going, with the host kernel's own
/// inotify on a folder of the test's that stands in for /dev.
@Suite("Display nodes watched on the host kernel's inotify")
struct DisplayNodeWatchTests {
    static func folder(_ name: String) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("halo-\(name)-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    @Test("a framebuffer removed and a card made in a dri folder that did not exist when the watch began are both seen")
    func driverTakesOver() throws {
        let root = try Self.folder("devwatch")
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = FileManager.default.createFile(atPath: root + "/fb0", contents: nil)
        _ = FileManager.default.createFile(atPath: root + "/fb1x", contents: nil)
        let watch = try DisplayNodeWatch(root: root)
        #expect(watch.changes().isEmpty, "nothing happened yet")

        try FileManager.default.removeItem(atPath: root + "/fb0")
        try FileManager.default.removeItem(atPath: root + "/fb1x")
        #expect(watch.changes() == [.framebufferGone(root + "/fb0")], "only a framebuffer's name counts")

        try FileManager.default.createDirectory(atPath: root + "/dri", withIntermediateDirectories: false)
        // Made before the watch can see the folder: found by listing it when it appears.
        _ = FileManager.default.createFile(atPath: root + "/dri/card0", contents: nil)
        _ = FileManager.default.createFile(atPath: root + "/dri/renderD128", contents: nil)
        #expect(watch.changes() == [.card(root + "/dri/card0")])

        _ = FileManager.default.createFile(atPath: root + "/dri/card1", contents: nil)
        _ = FileManager.default.createFile(atPath: root + "/dri/card", contents: nil)
        #expect(watch.changes() == [.card(root + "/dri/card1")], "a card made once the folder is watched")
    }

    @Test("cards there before the watch are no news; a new one is")
    func existingCards() throws {
        let root = try Self.folder("devwatch-old")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/dri", withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: root + "/dri/card0", contents: nil)
        let watch = try DisplayNodeWatch(root: root)
        #expect(watch.changes().isEmpty)
        _ = FileManager.default.createFile(atPath: root + "/dri/card1", contents: nil)
        #expect(watch.changes() == [.card(root + "/dri/card1")])
    }

    @Test("a folder that cannot be watched is an error that names it")
    func missingFolder() {
        do {
            _ = try DisplayNodeWatch(root: "/nonexistent-halo-dev")
            Issue.record("watched a folder that is not there")
        } catch {
            #expect(error.description.contains("/nonexistent-halo-dev"), "\(error)")
        }
    }

    @Test("inotify's records are split by their lengths; one that runs past the bytes read ends the list")
    func records() {
        func record(_ watch: Int32, _ mask: UInt32, _ name: String, padTo: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            withUnsafeBytes(of: watch) { bytes += $0 }
            withUnsafeBytes(of: mask) { bytes += $0 }
            withUnsafeBytes(of: UInt32(0)) { bytes += $0 }
            withUnsafeBytes(of: UInt32(padTo)) { bytes += $0 }
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: padTo - name.utf8.count)
        }
        let two = record(1, 0x100, "card0", padTo: 16) + record(2, 0x200, "", padTo: 0)
        #expect(
            two.withUnsafeBytes { InotifyRecords.parse($0) } == [
                InotifyRecord(watch: 1, mask: 0x100, name: "card0"), InotifyRecord(watch: 2, mask: 0x200, name: ""),
            ])
        var lying = record(3, 0x100, "fb0", padTo: 16)
        lying[12] = 0xFF
        lying[15] = 0x7F
        #expect(lying.withUnsafeBytes { InotifyRecords.parse($0) }.isEmpty, "a length past the end reads nothing")
        let cut = Array(record(1, 0x100, "card0", padTo: 16).prefix(20))
        #expect(cut.withUnsafeBytes { InotifyRecords.parse($0) }.isEmpty)
        #expect([UInt8](repeating: 0, count: 15).withUnsafeBytes { InotifyRecords.parse($0) }.isEmpty)
    }
}
