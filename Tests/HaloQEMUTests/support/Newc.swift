// SPDX-License-Identifier: Apache-2.0
import Foundation

/// Writes a cpio archive in the kernel's initramfs format ("newc"). Archives can be
/// concatenated: the kernel unpacks each in turn, so a run's scenario is appended to the
/// shared base image without rebuilding it.
struct Newc {
    private(set) var bytes: [UInt8] = []
    private var inode: UInt32 = 1

    mutating func directory(_ path: String) { entry(path, mode: 0o040755, data: []) }
    mutating func file(_ path: String, _ data: [UInt8], executable: Bool = false) {
        entry(path, mode: executable ? 0o100755 : 0o100644, data: data)
    }
    mutating func symlink(_ path: String, to target: String) { entry(path, mode: 0o120777, data: Array(target.utf8)) }

    mutating func finish() -> [UInt8] {
        entry("TRAILER!!!", mode: 0, data: [])
        return bytes
    }

    private mutating func entry(_ path: String, mode: UInt32, data: [UInt8]) {
        let name = Array(path.utf8) + [0]
        let fields: [UInt32] = [inode, mode, 0, 0, 1, 0, UInt32(data.count), 0, 0, 0, 0, UInt32(name.count), 0]
        inode += 1
        bytes += Array("070701".utf8)
        for f in fields { bytes += Array(String(format: "%08X", f).utf8) }
        bytes += name
        pad()
        bytes += data
        pad()
    }

    private mutating func pad() {
        while bytes.count % 4 != 0 { bytes.append(0) }
    }
}
