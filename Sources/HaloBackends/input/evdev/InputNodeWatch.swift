// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloHAL
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Input devices that appear while the daemon runs: inotify on `/dev/input` reports each
/// `eventN` node as udev creates it, and again when udev sets its permissions (which is when
/// it can first be opened). Devices that go are noticed by their own reads failing. On a
/// system with no input device yet, `/dev/input` itself does not exist: its parent is watched
/// until it appears, and the nodes made meanwhile are reported then.
public final class InputNodeWatch: EventSource {
    let inotify: Descriptor
    let folder: String
    /// The watch on the folder's parent while the folder does not exist.
    var parentWatch: Int32?
    var buffer = [UInt8](repeating: 0, count: 4096)
    /// Receives the path of each `eventN` node created or changed.
    public var onNode: ((String) -> Void)?

    /// Reads at most this many buffers a round: a storm of udev changes waits its turn.
    public static let readsPerRound = 4

    public var descriptor: Int32 { inotify.raw }

    /// Watches `folder` (normally `/dev/input`).
    public init(folder: String = "/dev/input") throws(SystemError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if fd < 0 { throw SystemError("inotify_init1") }
        inotify = Descriptor(owning: fd)
        self.folder = folder
        if inotify_add_watch(fd, folder, Self.nodeEvents) >= 0 { return }
        let e = errno
        let parent = String(folder.prefix(upTo: folder.lastIndex(of: "/") ?? folder.startIndex))
        guard e == ENOENT, !parent.isEmpty else { throw SystemError("inotify_add_watch", errno: e, subject: folder) }
        let w = inotify_add_watch(fd, parent, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO))
        if w < 0 { throw SystemError("inotify_add_watch", subject: parent) }
        parentWatch = w
    }

    static let nodeEvents = UInt32(IN_CREATE) | UInt32(IN_ATTRIB) | UInt32(IN_MOVED_TO)

    public func handle() {
        for _ in 0..<Self.readsPerRound {
            let result = buffer.withUnsafeMutableBytes { raw in Result { () throws(SystemError) in try inotify.read(into: raw) } }
            guard case .success(.bytes(let n)) = result else { return }
            let names = Self.names(in: buffer[0..<n])
            if parentWatch != nil {
                if names.contains(String(folder.split(separator: "/").last ?? "")) { folderAppeared() }
                continue
            }
            for name in names where Self.isEventNode(name) { onNode?(folder + "/" + name) }
        }
    }

    /// The folder exists now: watch it instead of its parent, and report what is in it already.
    func folderAppeared() {
        guard let w = parentWatch, inotify_add_watch(inotify.raw, folder, Self.nodeEvents) >= 0 else { return }
        inotify_rm_watch(inotify.raw, w)
        parentWatch = nil
        for name in DirectoryListing.names(in: folder).sorted() where Self.isEventNode(name) { onNode?(folder + "/" + name) }
    }

    /// The names in a buffer of `struct inotify_event`s: a 16-byte header (wd, mask, cookie,
    /// len, in the machine's byte order) and `len` bytes of name padded with NULs. A record that does not fit ends the walk.
    static func names(in bytes: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var at = bytes.startIndex
        while bytes.endIndex - at >= 16 {
            let offset = at - bytes.startIndex + 12
            let length = Int(bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) })
            guard length <= bytes.endIndex - at - 16 else { break }
            let name = bytes[(at + 16)..<(at + 16 + length)].prefix { $0 != 0 }
            if !name.isEmpty { names.append(String(decoding: name, as: UTF8.self)) }
            at += 16 + length
        }
        return names
    }

    /// `event0` … `event999`: the evdev nodes (not `mice`, `js0` or `by-path`).
    public static func isEventNode(_ name: String) -> Bool {
        let digits = name.utf8.dropFirst(5)
        return name.hasPrefix("event") && !digits.isEmpty && digits.count <= 4 && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
