// SPDX-License-Identifier: Apache-2.0
import HaloEngine
import HaloPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The client's side of the control socket (`halo ctl`): connecting, telling apart "no daemon"
/// from "a daemon this user may not reach", and checking that whoever answers is a daemon the
/// caller can trust: a process of root, of the caller's own user, or of the `halo` system user
/// the package runs the daemon as, unless told which other user runs it. Anyone can bind a
/// socket in a shared directory such as /tmp, and an impostor there would see every command
/// and could answer anything.
public enum ControlClient {
    /// Why a connection could not be made or was not trusted, with what to do.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// A connection to the daemon at `path`, whose process must belong to root, to this user,
    /// or to `trustedUID`.
    public static func connect(_ path: String, trustedUID: UInt32? = nil) throws(Failure) -> Descriptor {
        let connection: Descriptor
        do { connection = try UnixSocket.connect(path) } catch {
            throw Failure(description: diagnose(error, path: path))
        }
        guard let peer = PeerCredentials.of(connection.raw) else { return connection }
        let me = getuid()
        guard peer.uid == 0 || peer.uid == me || peer.uid == trustedUID || peer.uid == daemonUserID else {
            throw Failure(
                description:
                    "\(path) is served by \(peer), which is neither root, this user (uid \(me)) nor the halo user, so it may be another user's program posing as the daemon; nothing was sent. If that user runs your daemon, pass --trust-uid \(peer.uid)"
            )
        }
        return connection
    }

    /// The system user the package runs the daemon as.
    public static let daemonUser = "halo"

    /// `daemonUser`'s uid, if the system has that user.
    static var daemonUserID: UInt32? {
        guard let entry = getpwnam(daemonUser) else { return nil }
        return entry.pointee.pw_uid
    }

    /// What a failed connect means for someone trying to reach the daemon.
    static func diagnose(_ error: SystemError, path: String) -> String {
        switch error.errno {
        case EACCES, EPERM:
            var st = stat()
            guard stat(path, &st) == 0 else { break }
            let group = groupName(st.st_gid)
            return
                "a halo daemon's socket is at \(path), but this user (uid \(getuid())) may not use it: it is open to its owner and the group \(group) (mode \(octal(st.st_mode & 0o777))); add the user to \(group) (usermod -aG \(group) USER, then log in again) or set the board's socket-group to a group the user is in"
        case ECONNREFUSED:
            return
                "no halo daemon answers at \(path): the socket is left from one that stopped; start one with `halo run`, or pass --socket"
        default: break
        }
        return "no halo daemon answers at \(path) (\(error.description)); start one with `halo run`, or pass --socket"
    }

    /// The group's name from the group database, or its number.
    static func groupName(_ gid: gid_t) -> String {
        guard let entry = getgrgid(gid), let name = entry.pointee.gr_name else { return "gid \(gid)" }
        return LogText.escaped(String(cString: name))
    }

    static func octal(_ mode: mode_t) -> String {
        "0" + String(mode, radix: 8)
    }
}
