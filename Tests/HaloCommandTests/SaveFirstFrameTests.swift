// SPDX-License-Identifier: Apache-2.0
import Foundation
import HaloTestSupport
import Testing

/// `halo run --save-first-frame`, as the initramfs hooks run it.
extension CommandTests {
    @Test(
        "halo run --save-first-frame saves a DRM board's first frame without serving, and says why it saves none for a board off DRM"
    )
    func saveFirstFrame() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let frame = dir.appendingPathComponent("board.frame").path
        let board = Self.packageRoot.appendingPathComponent("Boards/qemu-bochs.yaml").path
        let saved = try halo(["run", "--plymouth", "--board", board, "--save-first-frame", frame])
        #expect(saved.status == 0 && saved.err.contains("saved the first frame for qemu-bochs (800x480 XRGB8888"), "\(saved)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: frame))
        #expect(bytes.prefix(8) == Data("HALOSF01".utf8) && bytes.count < 64 << 10, "a packed frame, \(bytes.count) bytes")

        let mock = try halo(["run", "--board", "mock-480x480", "--save-first-frame", dir.appendingPathComponent("m.frame").path])
        #expect(mock.status == 1 && mock.err.contains("use a board with display: drm"), "\(mock)")
    }
}
