// SPDX-License-Identifier: Apache-2.0
/// Who asked for an activity, for the limits that keep one client or one user from taking
/// every place: a daemon connection and the user behind it, or the host itself (the program
/// embedding the engine, a script, the psplash FIFO), which is bound only by the total.
public struct Owner: Hashable, Sendable {
    /// The daemon's number for the connection; 0 for the host.
    public var connection: Int
    /// The connection's user (its peer uid); nil for the host.
    public var user: UInt32?

    public init(connection: Int, user: UInt32?) {
        self.connection = connection
        self.user = user
    }

    /// The host: not a client, so it may use the places kept back from clients.
    public static let host = Owner(connection: 0, user: nil)

    public var isHost: Bool { connection == 0 && user == nil }
}
