// SPDX-License-Identifier: Apache-2.0
import CLinux
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Watches the device folder for display drivers coming and going: a DRM card node
/// (`dri/cardN`) appearing, and a framebuffer node (`fbN`) going away, as happens when a
/// native driver takes the screen from the firmware's framebuffer. devtmpfs makes and removes
/// these nodes itself as drivers bind, so this works in an initramfs with no udev.
///
/// `dri` may not exist yet when the watch starts: it is watched from the moment it appears,
/// and the cards already in it then are reported too, since they may have come before the
/// watch did.
public final class DisplayNodeWatch {
    public enum Change: Equatable, Sendable {
        /// A DRM card's node appeared (`/dev/dri/card1`).
        case card(String)
        /// A framebuffer's node went away (`/dev/fb0`).
        case framebufferGone(String)
    }

    let inotify: Inotify
    /// The device folder: `/dev`, or a test's own.
    public let root: String
    let rootWatch: Int32
    var driWatch: Int32?

    public init(root: String = "/dev") throws(SystemError) {
        self.root = root
        inotify = try Inotify()
        rootWatch = try inotify.watch(root, mask: UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM))
        // Cards already there are not news (the screen was chosen knowing them); a new one is.
        driWatch = try? inotify.watch(root + "/dri", mask: UInt32(IN_CREATE | IN_MOVED_TO))
    }

    /// Polled for reading by the daemon's loop.
    public var descriptor: Int32 { inotify.descriptor.raw }

    /// What changed since the last call, without blocking.
    public func changes() -> [Change] {
        var found: [Change] = []
        for record in inotify.read() {
            if record.mask & UInt32(IN_Q_OVERFLOW) != 0 {
                // Records were lost: whatever cards there are now may be new.
                found += watchDri()
            } else if record.watch == rootWatch {
                found += rootChange(record)
            } else if record.watch == driWatch {
                if record.mask & UInt32(IN_IGNORED) != 0 {
                    driWatch = nil
                } else if record.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, Self.isCard(record.name) {
                    found.append(.card("\(root)/dri/\(record.name)"))
                }
            }
        }
        return found
    }

    func rootChange(_ record: InotifyRecord) -> [Change] {
        let created = record.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0
        if record.name == "dri" && created { return watchDri() }
        if !created && Self.isNumbered(record.name, prefix: "fb") { return [.framebufferGone("\(root)/\(record.name)")] }
        return []
    }

    /// Starts watching `dri` if it is there and not yet watched; the cards already in it.
    func watchDri() -> [Change] {
        let dri = root + "/dri"
        if driWatch == nil {
            guard let wd = try? inotify.watch(dri, mask: UInt32(IN_CREATE | IN_MOVED_TO)) else { return [] }
            driWatch = wd
        }
        return DirectoryListing.names(in: dri, limit: 64).filter(Self.isCard).sorted().map { .card("\(dri)/\($0)") }
    }

    static func isCard(_ name: String) -> Bool { isNumbered(name, prefix: "card") }

    /// `fb0`, `card12`: the prefix, then one or more digits and nothing else.
    static func isNumbered(_ name: String, prefix: String) -> Bool {
        guard name.hasPrefix(prefix) else { return false }
        let digits = name.utf8.dropFirst(prefix.utf8.count)
        return !digits.isEmpty && digits.count <= 4 && digits.allSatisfy { $0 >= 48 && $0 <= 57 }
    }
}
